import type { ClientEventMap, ClientEventName, RealtimeMessage } from '@portal/contracts';

export const REALTIME_CHANNEL = 'realtime';

export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Publishes a Socket.IO message through Postgres NOTIFY. Every API instance LISTENs and delivers
 * to its own sockets, so this works across instances and from the worker without Redis. Called
 * inside a transaction, the message is delivered only if and when that transaction commits.
 */
export async function publishRealtime<E extends ClientEventName>(
  db: Queryable,
  room: string | string[],
  event: E,
  data: ClientEventMap[E],
  options: { disconnect?: boolean } = {},
): Promise<void> {
  const message: RealtimeMessage<E> = { room, event, data, ...(options.disconnect ? { disconnect: true } : {}) };
  await db.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(message)]);
}
