import { HeadingOnlyPage } from '../../../shared/ui';

/** Superadmin companies list (spec §2 Superadmin screens 1). Placeholder until its feature issue lands: heading only. */
export default function CompaniesPage() {
  return <HeadingOnlyPage title="Companies" />;
}
