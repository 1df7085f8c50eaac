import type { EntityManager } from 'typeorm';
import { execute, queryRows } from '@portal/db';

export interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
  actor_id: string | null;
  created_at: Date;
}

/** The oldest unrelayed rows, locked for the caller's transaction (rows another relay holds are skipped). */
export function claimUnrelayed(m: EntityManager, limit: number): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    m,
    `SELECT id, type, payload, actor_id, created_at FROM outbox
      WHERE relayed_at IS NULL ORDER BY seq LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED`,
  );
}

export async function markRelayed(m: EntityManager, ids: string[]): Promise<void> {
  await execute(m, `UPDATE outbox SET relayed_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
}
