import type { EntityManager } from 'typeorm';
import type { EventMap, EventType } from '@portal/contracts';

/**
 * Writes a domain event in the caller's transaction (transactional outbox). The relay moves it to
 * the queues only after the transaction commits, so an event never outlives a rolled-back change.
 */
export async function publishEvent<T extends EventType>(
  manager: EntityManager,
  type: T,
  payload: EventMap[T],
  actorId: string | null = null,
): Promise<string> {
  const rows: { id: string }[] = await manager.query(
    `INSERT INTO outbox (type, payload, actor_id) VALUES ($1, $2::jsonb, $3) RETURNING id`,
    [type, JSON.stringify(payload), actorId],
  );
  return rows[0].id;
}
