import { HeadingOnlyPage } from '../../../shared/ui';

/** Company edit /superadmin/companies/edit/:id (spec §2 Superadmin screens 3). Placeholder until its feature issue lands: heading only. */
export default function CompanyEditPage() {
  return <HeadingOnlyPage title="Edit Company" />;
}
