import type { ClientEventMap, ClientEventName } from '@portal/contracts';

export type RealtimeHandler<E extends ClientEventName> = (payload: ClientEventMap[E]) => void;

const handlers = new Map<ClientEventName, Set<RealtimeHandler<ClientEventName>>>();

/** Subscriptions live here, independent of the socket, so they survive reconnects. */
export function subscribe<E extends ClientEventName>(event: E, handler: RealtimeHandler<E>): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler as RealtimeHandler<ClientEventName>);
  return () => void set.delete(handler as RealtimeHandler<ClientEventName>);
}

export function dispatch<E extends ClientEventName>(event: E, payload: ClientEventMap[E]): void {
  handlers.get(event)?.forEach((h) => {
    try {
      h(payload);
    } catch (err) {
      console.error(`realtime handler for ${event} failed`, err);
    }
  });
}
