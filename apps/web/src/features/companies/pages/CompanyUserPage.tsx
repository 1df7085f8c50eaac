import { HeadingOnlyPage } from '../../../shared/ui';

/** Company user edit /superadmin/companies/:id/user/:userId (spec §2 Superadmin screens 4). Placeholder until its feature issue lands: heading only. */
export default function CompanyUserPage() {
  return <HeadingOnlyPage title="Edit User" />;
}
