import { HeadingOnlyPage } from '../../../shared/ui';

/** Company detail /superadmin/companies/:id (spec §2 Superadmin screens 2). Placeholder until its feature issue lands: heading only. */
export default function CompanyDetailPage() {
  return <HeadingOnlyPage title="Company Details" />;
}
