import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../shared/api';
import { useRealtimeEvent } from '../../shared/realtime';
import { opsApi, opsKeys } from './api';

/** The dashboard's summary; `ops.changed` (at most one per 2 s) refetches whatever moved. */
export function useOpsSummary() {
  return useQuery({ queryKey: opsKeys.summary, queryFn: ({ signal }) => opsApi.summary(signal) });
}

/**
 * Everything on the screen updates live: the server says which parts moved, the screen refetches
 * those. A slow poll (30 s) covers a missed push (socket reconnecting).
 */
export function useOpsLiveUpdates(): void {
  const qc = useQueryClient();
  useRealtimeEvent('ops.changed', (e) => {
    void qc.invalidateQueries({ queryKey: opsKeys.summary });
    if (e.parts.includes('online')) void qc.invalidateQueries({ queryKey: opsKeys.online });
    if (e.parts.includes('activity') || e.parts.includes('email'))
      void qc.invalidateQueries({ queryKey: ['ops', 'activity'] });
    if (e.parts.includes('jobs')) void qc.invalidateQueries({ queryKey: opsKeys.jobs });
    if (e.parts.includes('email')) void qc.invalidateQueries({ queryKey: opsKeys.suppressions });
  });
}

export const LIVE_FALLBACK_MS = 30_000;

/** A list on the dashboard: pushes refetch it (useOpsLiveUpdates), the slow poll covers a missed one. */
export function useOpsList<T>(queryKey: readonly unknown[], fetchList: (signal: AbortSignal) => Promise<T[]>) {
  return useQuery({ queryKey, queryFn: ({ signal }) => fetchList(signal), refetchInterval: LIVE_FALLBACK_MS });
}

/** A repair from the dashboard (audited by the API): a toast either way, then the whole dashboard refetches. */
export function useOpsRepair<V>(repair: (vars: V) => Promise<unknown>, doneMessage: (result: unknown) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: repair,
    onSuccess: (res) => notifications.show({ color: 'green', message: doneMessage(res) }),
    onError: (err) => notifications.show({ color: 'red', message: serverMessage(err, 'That did not work') }),
    onSettled: () => qc.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
