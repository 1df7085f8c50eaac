import type { Socket } from 'socket.io';

/**
 * Bounds on what one client may make the server do over its sockets (docs/SECURITY.md): client →
 * server messages per socket (a token bucket, and one handled at a time — the rest wait, up to a
 * few), and sockets per session (per API instance).
 */
export const SOCKET_LIMITS = {
  /** Messages one socket may send in a burst… */
  burst: 10,
  /** …and per second after it (the presence heartbeat needs one every ~30 s). */
  perSecond: 1,
  /** Messages of one socket waiting while one is handled; more are refused at once. */
  queued: 4,
  /** Sockets one session may hold open on one API instance. */
  perSession: 20,
} as const;

export const SOCKET_MSG = {
  tooMany: 'Too many messages. Please slow down.',
  tooManySockets: 'too many connections',
} as const;

interface Budget {
  tokens: number;
  at: number;
  /** The message being handled and those waiting behind it. */
  chain: Promise<unknown>;
  waiting: number;
}

function budgetOf(socket: Socket): Budget {
  const data = socket.data as { messageBudget?: Budget };
  data.messageBudget ??= { tokens: SOCKET_LIMITS.burst, at: Date.now(), chain: Promise.resolve(), waiting: 0 };
  return data.messageBudget;
}

/**
 * Runs `handle` for one client message under the socket's budget: over the rate, or with too many
 * already waiting, it is refused at once (`{ error }`, no work done); otherwise it runs after the
 * socket's previous message, so a burst from one socket never holds more than one database
 * connection.
 */
export function limitedMessage<T>(socket: Socket, handle: () => Promise<T>): Promise<T | { error: string }> {
  const b = budgetOf(socket);
  const now = Date.now();
  b.tokens = Math.min(SOCKET_LIMITS.burst, b.tokens + ((now - b.at) / 1000) * SOCKET_LIMITS.perSecond);
  b.at = now;
  if (b.tokens < 1 || b.waiting >= SOCKET_LIMITS.queued) return Promise.resolve({ error: SOCKET_MSG.tooMany });
  b.tokens -= 1;
  b.waiting++;
  const run = b.chain.then(handle, handle);
  b.chain = run.then(
    () => b.waiting--,
    () => b.waiting--,
  );
  return run;
}
