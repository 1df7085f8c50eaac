import { PageTitle } from '../../../shared/ui';
import { AuditLogView } from '../components/AuditLogView';

/** Company admin: the audit entries of their own company (users, sign-ins, company changes). */
export default function ActivityPage() {
  return (
    <>
      <PageTitle>Activity</PageTitle>
      <AuditLogView scope="admin" />
    </>
  );
}
