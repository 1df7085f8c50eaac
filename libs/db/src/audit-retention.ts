import type { DataSource } from 'typeorm';
import { execute, queryOne } from './sql';

/**
 * Audit retention: deletes entries older than `days`, in batches, each in a transaction that sets
 * the one setting the append-only trigger accepts. The worker's retention job is the only caller.
 */
export async function purgeAuditOlderThan(db: DataSource, days: number, batch = 5000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await db.transaction(async (t) => {
      await execute(t, `SET LOCAL portal.audit_retention = 'on'`);
      const row = await queryOne<{ n: number }>(
        t,
        `WITH d AS (
           DELETE FROM audit_log WHERE id IN (
             SELECT id FROM audit_log WHERE created_at < now() - make_interval(days => $1) LIMIT $2)
           RETURNING 1)
         SELECT count(*)::int AS n FROM d`,
        [days, batch],
      );
      return row!.n;
    });
    deleted += n;
    if (n < batch) return deleted;
  }
}
