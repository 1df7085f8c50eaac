import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { RouteEntry, RouteResponse } from '@portal/domain';
import { serverMessage, useRouteMutation, type CallInput } from '../../shared/api';
import { useRealtimeEvent } from '../../shared/realtime';
import { opsApi, opsKeys } from './api';

/** The dashboard's summary; `ops.changed` (at most one per 2 s) brings it when it moved. */
export function useOpsSummary() {
  return useQuery({ queryKey: opsKeys.summary, queryFn: ({ signal }) => opsApi.summary(signal) });
}

/**
 * Open screens refetch their lists at a random moment within this window after an `ops.changed`:
 * every open dashboard gets the push at once, and asking all together would queue the API's other
 * requests behind them.
 */
export const LIST_REFETCH_SPREAD_MS = 1000;

/**
 * Everything on the screen updates live: the server says which parts moved, the screen refetches
 * those (the summary comes with the push). A slow poll (30 s) covers a missed push (socket reconnecting).
 */
export function useOpsLiveUpdates(): void {
  const qc = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  useRealtimeEvent('ops.changed', (e) => {
    if (e.summary) qc.setQueryData(opsKeys.summary, e.summary);
    else void qc.invalidateQueries({ queryKey: opsKeys.summary });
    const lists: (readonly unknown[])[] = [
      ...(e.parts.includes('online') ? [opsKeys.online] : []),
      ...(e.parts.includes('activity') || e.parts.includes('email') ? [['ops', 'activity']] : []),
      ...(e.parts.includes('jobs') ? [opsKeys.jobs] : []),
      ...(e.parts.includes('email') ? [opsKeys.suppressions] : []),
    ];
    if (!lists.length) return;
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      for (const queryKey of lists) void qc.invalidateQueries({ queryKey });
    }, Math.random() * LIST_REFETCH_SPREAD_MS);
    timers.current.add(timer);
  });
}

export const LIVE_FALLBACK_MS = 30_000;

/** A list on the dashboard: pushes refetch it (useOpsLiveUpdates), the slow poll covers a missed one. */
export function useOpsList<T>(queryKey: readonly unknown[], fetchList: (signal: AbortSignal) => Promise<T[]>) {
  return useQuery({ queryKey, queryFn: ({ signal }) => fetchList(signal), refetchInterval: LIVE_FALLBACK_MS });
}

/** A repair from the dashboard (audited by the API): a toast either way, then the whole dashboard refetches. */
export function useOpsRepair<E extends RouteEntry, V>(
  route: E,
  input: (vars: V) => CallInput<E>,
  doneMessage: (result: RouteResponse<E>) => string,
) {
  return useRouteMutation(route, {
    input,
    invalidates: [opsKeys.all],
    onSuccess: (res) => notifications.show({ color: 'green', message: doneMessage(res) }),
    onError: (err) => notifications.show({ color: 'red', message: serverMessage(err, 'That did not work') }),
  });
}
