import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/** Minimal stand-in for a socket.io-client Socket: records options and lets tests emit server events. */
export class FakeSocket {
  listeners = new Map<string, Set<Listener>>();
  anyListeners = new Set<Listener>();
  connected = false;
  disconnected = false;
  /** Client → server emits, in order. */
  emitted: [string, unknown][] = [];
  constructor(public opts: Record<string, unknown>) {}
  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
    return this;
  }
  onAny(fn: Listener) {
    this.anyListeners.add(fn);
    return this;
  }
  offAny() {
    this.anyListeners.clear();
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  /** Simulate a server push. */
  serverEmit(event: string, payload: unknown) {
    this.anyListeners.forEach((fn) => fn(event, payload));
    this.listeners.get(event)?.forEach((fn) => fn(payload));
  }
}

export const sockets: FakeSocket[] = [];

export const ioMock = vi.fn((opts: Record<string, unknown>) => {
  const s = new FakeSocket(opts);
  sockets.push(s);
  return s;
});
