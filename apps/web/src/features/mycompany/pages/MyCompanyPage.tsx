import { HeadingOnlyPage } from '../../../shared/ui';

/** Admin's own company (spec §2 Admin screens). Placeholder until its feature issue lands: heading only. */
export default function MyCompanyPage() {
  return <HeadingOnlyPage title="My Company" />;
}
