import { PageTitle } from '../../../shared/ui';
import { AuditLogView } from '../components/AuditLogView';

/** Superadmin: who changed what, across every company and the catalogue. */
export default function AuditLogPage() {
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <AuditLogView scope="superadmin" />
    </>
  );
}
