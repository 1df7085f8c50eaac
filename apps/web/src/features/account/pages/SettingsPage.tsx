import { HeadingOnlyPage } from '../../../shared/ui';

/** Settings for every role (spec §2 Shared screens). Placeholder until its feature issue lands: heading only. */
export default function SettingsPage() {
  return <HeadingOnlyPage title="Settings" />;
}
