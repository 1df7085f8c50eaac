import { HeadingOnlyPage } from '../../../shared/ui';

/** Administrators list (spec §2 Superadmin screens 5). Placeholder until its feature issue lands: heading only. */
export default function AdministratorsPage() {
  return <HeadingOnlyPage title="Administrators" />;
}
