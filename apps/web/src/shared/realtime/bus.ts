import type { z } from 'zod';
import type { SERVER_EVENTS, ServerEventName } from '@portal/domain';

/** A server event's payload, typed by its schema in the realtime table (libs/domain/src/routes/realtime.ts). */
export type RealtimePayload<E extends ServerEventName> = z.output<(typeof SERVER_EVENTS)[E]['payload']>;

export type RealtimeHandler<E extends ServerEventName> = (payload: RealtimePayload<E>) => void;

const handlers = new Map<ServerEventName, Set<RealtimeHandler<ServerEventName>>>();

/** Subscriptions live here, independent of the socket, so they survive reconnects. */
export function subscribe<E extends ServerEventName>(event: E, handler: RealtimeHandler<E>): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler as RealtimeHandler<ServerEventName>);
  return () => void set.delete(handler as RealtimeHandler<ServerEventName>);
}

export function dispatch<E extends ServerEventName>(event: E, payload: RealtimePayload<E>): void {
  handlers.get(event)?.forEach((h) => {
    try {
      h(payload);
    } catch (err) {
      console.error(`realtime handler for ${event} failed`, err);
    }
  });
}
