/**
 * Client → server messages over the live socket (presence). The provider registers its socket
 * here; `emitRealtime` is a no-op while signed out. Listeners of `onRealtimeConnect` run on every
 * (re)connection so a screen can re-announce itself (presence is lost when a socket drops).
 */
export type ServerBoundEventMap = {
  'presence.join': { productId: string };
  'presence.leave': { productId: string };
};
export type ServerBoundEventName = keyof ServerBoundEventMap;

interface Emitting {
  emit(event: string, ...args: unknown[]): unknown;
}

let current: Emitting | null = null;
const connectListeners = new Set<() => void>();

export function setRealtimeSocket(socket: Emitting | null): void {
  current = socket;
}

export function notifyRealtimeConnect(): void {
  connectListeners.forEach((fn) => {
    try {
      fn();
    } catch (err) {
      console.error('realtime connect listener failed', err);
    }
  });
}

/** Sends an event to the server; false when no socket (signed out). Socket.IO buffers until connected. */
export function emitRealtime<E extends ServerBoundEventName>(event: E, payload: ServerBoundEventMap[E]): boolean {
  if (!current || typeof current.emit !== 'function') return false;
  current.emit(event, payload);
  return true;
}

export function onRealtimeConnect(fn: () => void): () => void {
  connectListeners.add(fn);
  return () => void connectListeners.delete(fn);
}
