import type { DataSource } from 'typeorm';

/**
 * Audit retention: deletes entries older than `days`, in batches, each in a transaction that sets
 * the one setting the append-only trigger accepts. The worker's retention job is the only caller.
 */
export async function purgeAuditOlderThan(db: DataSource, days: number, batch = 5000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await db.transaction(async (t) => {
      await t.query(`SET LOCAL portal.audit_retention = 'on'`);
      const rows: { n: number }[] = await t.query(
        `WITH d AS (
           DELETE FROM audit_log WHERE id IN (
             SELECT id FROM audit_log WHERE created_at < now() - make_interval(days => $1) LIMIT $2)
           RETURNING 1)
         SELECT count(*)::int AS n FROM d`,
        [days, batch],
      );
      return rows[0].n;
    });
    deleted += n;
    if (n < batch) return deleted;
  }
}
