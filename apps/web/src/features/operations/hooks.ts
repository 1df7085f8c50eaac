import { useQuery, useQueryClient } from '@tanstack/react-query';
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
