import { HeadingOnlyPage } from '../../../shared/ui';

/** Superadmin notifications (spec §2 Superadmin screens 7). Placeholder until its feature issue lands: heading only. */
export default function NotificationsPage() {
  return <HeadingOnlyPage title="Notifications" />;
}
