import { HeadingOnlyPage } from '../../../shared/ui';

/** Help for admins and employees (spec §2 Shared screens). Placeholder until its feature issue lands: heading only. */
export default function HelpPage() {
  return <HeadingOnlyPage title="Help" />;
}
