import type { SqlRunner } from '../sql';
import { queryRows } from '../sql';

/**
 * Inserts outbox rows in the caller's transaction (transactional outbox), in order, with ONE
 * statement. The relay moves them to the queues only after the transaction commits, so an event
 * never outlives a rolled-back change. Only `commitChange` calls this.
 */
export async function insertOutboxEvents(
  m: SqlRunner,
  events: readonly { type: string; payload: unknown }[],
  actorId: string | null,
): Promise<string[]> {
  if (!events.length) return [];
  const rows = await queryRows<{ id: string; seq: string }>(
    m,
    `INSERT INTO outbox (type, payload, actor_id)
     SELECT e.type, e.payload, $3 FROM unnest($1::text[], $2::jsonb[]) WITH ORDINALITY AS e(type, payload, n)
     ORDER BY e.n
     RETURNING id, seq`,
    [events.map((e) => e.type), events.map((e) => JSON.stringify(e.payload)), actorId],
  );
  // seq follows the insertion order (ORDER BY n); RETURNING's own order is not promised.
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => r.id);
}
