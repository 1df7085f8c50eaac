import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ServerEventName } from '@portal/domain';
import { subscribe, type RealtimeHandler } from './bus';

/**
 * Subscribe a component to a server push (an event of the realtime table, `SERVER_EVENTS`). The handler may change between renders;
 * the subscription stays, and survives socket reconnects.
 *
 *   useRealtimeEvent('catalogue.changed', (e) => queryClient.invalidateQueries({ queryKey: ['catalogue'] }));
 */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  handler: RealtimeHandler<E>,
  enabled = true,
): void {
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribe(event, (payload) => ref.current(payload));
  }, [event, enabled]);
}
