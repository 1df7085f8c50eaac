import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `search_log_monthly`: the part-number searches of `search_log_daily` summed per (month, key,
 * company), for the months whose every day is rolled up. The demand report over 90 days reads two
 * or three whole months here and only the edge days from the daily roll-up: half the rows, or far
 * fewer over a year. Written with the daily roll-up (libs/db/src/search-log.ts); back-filled here.
 */
export class SearchLogMonthly1795690000000 implements MigrationInterface {
  name = 'SearchLogMonthly1795690000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_log_monthly (
        month date NOT NULL CHECK (month = date_trunc('month', month)::date),
        key text NOT NULL,
        company_id uuid,
        searches integer NOT NULL,
        zero_results integer NOT NULL,
        last_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX search_log_monthly_month_idx ON search_log_monthly (month)`);
    await q.query(`
      INSERT INTO search_log_monthly (month, key, company_id, searches, zero_results, last_at)
      SELECT date_trunc('month', day)::date, key, company_id, sum(searches), sum(zero_results), max(last_at)
        FROM search_log_daily
       WHERE key IS NOT NULL
         AND (date_trunc('month', day) + interval '1 month')::date <= (SELECT through FROM search_log_rollup)
       GROUP BY 1, key, company_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS search_log_monthly`);
  }
}
