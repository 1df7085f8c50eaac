import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../shared/realtime';
import { companiesKeys } from '../api';

/**
 * Another superadmin (or an admin of the company) changed companies or users: refetch what the
 * company screens show. Only mounted queries refetch; the rest are marked stale.
 */
export function useOrgRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvent('org.changed', (e) => {
    void queryClient.invalidateQueries({ queryKey: companiesKeys.lists });
    if (e.companyId) {
      void queryClient.invalidateQueries({ queryKey: companiesKeys.detail(e.companyId) });
      void queryClient.invalidateQueries({ queryKey: companiesKeys.users(e.companyId) });
    } else {
      void queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    }
    // User details and the users feature's lists (administrators, tiles) live under ['users'].
    void queryClient.invalidateQueries({ queryKey: ['users'] });
  });
}
