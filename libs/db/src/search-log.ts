import type { DataSource } from 'typeorm';
import { execute, queryOne } from './sql';

/**
 * Search-log upkeep, run by the worker: the daily roll-up and the raw rows' retention.
 *
 * Roll-up: every finished UTC day before today that is not rolled up yet (`search_log_rollup.through`
 * is the first day not rolled up) becomes rows of `search_log_daily` — one per (kind, key or size,
 * category, company) with the counts, the last time and up to three raw forms — and `through` moves
 * to today in the same transaction (the row lock serialises several workers). Reports read roll-up
 * rows before `through` and raw rows from `through` on, so nothing is counted twice or missed. A month
 * whose every day is rolled up is also summed per (key, company) into `search_log_monthly`.
 */
/**
 * The first day not to roll up yet: today (UTC), and yesterday until a quarter of an hour after
 * midnight — rows are written after the answer, in batches, and retried while the database is away,
 * so the last rows of a day may arrive a little after it ended.
 */
export const ROLLUP_DAY_SQL = `((now() - interval '15 minutes') AT TIME ZONE 'UTC')::date`;

export async function rollUpSearchLog(db: DataSource): Promise<number> {
  return db.transaction(async (t) => {
    const state = await queryOne<{ through: string; today: string }>(
      t,
      `SELECT through::text, ${ROLLUP_DAY_SQL}::text AS today FROM search_log_rollup FOR UPDATE`,
    );
    if (!state || state.through >= state.today) return 0;
    const n = await execute(
      t,
      `INSERT INTO search_log_daily
         (day, kind, key, width, height, depth, measure, category_id, company_id, searches, zero_results, last_at, examples)
       SELECT (at AT TIME ZONE 'UTC')::date, kind, key, width, height, depth, measure, category_id, company_id,
              count(*)::int, count(*) FILTER (WHERE results = 0)::int, max(at),
              coalesce((array_agg(DISTINCT raw) FILTER (WHERE raw IS NOT NULL))[1:3], '{}')
         FROM search_log
        WHERE at >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND at < ($2::date)::timestamp AT TIME ZONE 'UTC'
        GROUP BY 1, kind, key, width, height, depth, measure, category_id, company_id
       RETURNING 1`,
      [state.through, state.today],
    );
    // Months whose last day is now rolled up: summed once more for the demand report.
    const months = `SELECT m::date FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') m
                     WHERE (m + interval '1 month')::date > $1::date AND (m + interval '1 month')::date <= $2::date`;
    await execute(t, `DELETE FROM search_log_monthly WHERE month IN (${months})`, [state.through, state.today]);
    await execute(
      t,
      `INSERT INTO search_log_monthly (month, key, company_id, searches, zero_results, last_at)
       SELECT date_trunc('month', day)::date, key, company_id, sum(searches), sum(zero_results), max(last_at)
         FROM search_log_daily
        WHERE key IS NOT NULL AND date_trunc('month', day)::date IN (${months})
        GROUP BY 1, key, company_id`,
      [state.through, state.today],
    );
    await execute(t, `UPDATE search_log_rollup SET through = $1::date`, [state.today]);
    return n;
  });
}

/**
 * Deletes raw search-log rows older than `days` that are already rolled up, in batches. Returns how
 * many were deleted.
 */
export async function purgeSearchLogOlderThan(db: DataSource, days: number, batch = 10_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await execute(
      db,
      `DELETE FROM search_log WHERE id IN (
         SELECT id FROM search_log
          WHERE at < now() - make_interval(days => $1)
            AND at < ((SELECT through FROM search_log_rollup))::timestamp AT TIME ZONE 'UTC'
          LIMIT $2)`,
      [days, batch],
    );
    deleted += n;
    if (n < batch) return deleted;
  }
}
