import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../shared/realtime';
import { usersKeys } from './api';

/** The root of every company query (the companies feature's `companiesKeys.all`). */
const companiesRoot = ['companies'] as const;

export interface OrgLiveRefreshOptions {
  /**
   * Also react to 'notification.created' (superadmin screens: every org action creates a notification,
   * so this still refreshes if 'org.changed' is not delivered).
   */
  alsoOnNotification?: boolean;
  /**
   * The company queries to refetch when a change names its company (the company screens: lists, that
   * company's detail and users). Without it, or for a change without a company, everything under
   * ['companies'] is refetched.
   */
  companyKeys?: (companyId: string) => QueryKey[];
}

/**
 * Live refresh for every org screen (companies, administrators, users, my company): when
 * companies/users change anywhere ('org.changed' to superadmins and the company's room), refetch every
 * ['users'] query and the company queries that show them. Only mounted queries refetch; the rest are
 * marked stale.
 */
export function useOrgLiveRefresh({ alsoOnNotification = false, companyKeys }: OrgLiveRefreshOptions = {}): void {
  const queryClient = useQueryClient();
  const refresh = (companyId: string | null) => {
    const companies = companyKeys && companyId ? companyKeys(companyId) : [companiesRoot];
    for (const queryKey of [...companies, usersKeys.all]) void queryClient.invalidateQueries({ queryKey });
  };
  useRealtimeEvent('org.changed', (e) => refresh(e.companyId));
  useRealtimeEvent('notification.created', () => refresh(null), alsoOnNotification);
}
