import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../shared/realtime';
import { usersKeys } from './api';

/**
 * Live refresh (issue 3): when companies/users change anywhere ('org.changed' to superadmins and the
 * company's room), refetch every ['users'] query and the company options/lists that show them.
 * `alsoOnNotification` additionally reacts to 'notification.created' (superadmin screens: every org
 * action creates a notification, so this still refreshes if 'org.changed' is not delivered).
 */
export function useOrgLiveRefresh(opts: { alsoOnNotification?: boolean } = {}): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['companies'] });
  };
  useRealtimeEvent('org.changed', refresh);
  useRealtimeEvent('notification.created', refresh, !!opts.alsoOnNotification);
}
