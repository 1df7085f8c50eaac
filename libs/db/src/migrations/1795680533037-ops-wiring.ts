import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operations dashboard reads the merged features (issues 24, 25 into 26).
 *
 * - `ops_company_daily` gains `searches`, `zero_results` (kept by a statement trigger on `search_log`:
 *   one grouped upsert per batch the search-log writer inserts, rows locked in key order) and
 *   `quote_requests` (the audit trigger also counts `quote_request.submitted`), so usage per company
 *   never counts rows of the hot tables. Back-filled: searches from the roll-up before
 *   `search_log_rollup.through` and raw rows from then on (the demand reports' rule), quote requests
 *   from `quote_requests`.
 * - A partial index on the zero-result searches: the activity feed's newest-first read of them.
 */
export class OpsWiring1795680533037 implements MigrationInterface {
  name = 'OpsWiring1795680533037';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ops_company_daily
        ADD COLUMN searches integer NOT NULL DEFAULT 0,
        ADD COLUMN zero_results integer NOT NULL DEFAULT 0,
        ADD COLUMN quote_requests integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE OR REPLACE FUNCTION ops_company_daily_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ops_company_daily AS d (company_id, day, signins, pricelists, quote_requests)
        SELECT company_id, (created_at AT TIME ZONE 'UTC')::date,
               count(*) FILTER (WHERE action = 'auth.login'), count(*) FILTER (WHERE action = 'pricelist.requested'),
               count(*) FILTER (WHERE action = 'quote_request.submitted')
          FROM added WHERE company_id IS NOT NULL
           AND action IN ('auth.login', 'pricelist.requested', 'quote_request.submitted')
         GROUP BY 1, 2
        ON CONFLICT (company_id, day) DO UPDATE
          SET signins = d.signins + EXCLUDED.signins, pricelists = d.pricelists + EXCLUDED.pricelists,
              quote_requests = d.quote_requests + EXCLUDED.quote_requests;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION ops_company_daily_search_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ops_company_daily AS d (company_id, day, searches, zero_results)
        SELECT company_id, (at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE results = 0)
          FROM added WHERE company_id IS NOT NULL
         GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (company_id, day) DO UPDATE
          SET searches = d.searches + EXCLUDED.searches, zero_results = d.zero_results + EXCLUDED.zero_results;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER ops_company_daily_search_count AFTER INSERT ON search_log REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION ops_company_daily_search_count()`);
    await q.query(`
      INSERT INTO ops_company_daily AS d (company_id, day, searches, zero_results)
      SELECT company_id, day, sum(n)::int, sum(z)::int FROM (
        SELECT company_id, day, searches AS n, zero_results AS z FROM search_log_daily
         WHERE company_id IS NOT NULL AND day < (SELECT through FROM search_log_rollup)
        UNION ALL
        SELECT company_id, (at AT TIME ZONE 'UTC')::date, 1, (results = 0)::int FROM search_log
         WHERE company_id IS NOT NULL AND at >= (SELECT through FROM search_log_rollup)::timestamp AT TIME ZONE 'UTC'
      ) s GROUP BY 1, 2
      ON CONFLICT (company_id, day) DO UPDATE SET searches = EXCLUDED.searches, zero_results = EXCLUDED.zero_results`);
    await q.query(`
      INSERT INTO ops_company_daily AS d (company_id, day, quote_requests)
      SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM quote_requests GROUP BY 1, 2
      ON CONFLICT (company_id, day) DO UPDATE SET quote_requests = EXCLUDED.quote_requests`);
    await q.query(`CREATE INDEX search_log_zero_idx ON search_log (at) WHERE results = 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS search_log_zero_idx`);
    await q.query(`DROP TRIGGER IF EXISTS ops_company_daily_search_count ON search_log`);
    await q.query(`DROP FUNCTION IF EXISTS ops_company_daily_search_count()`);
    await q.query(`
      CREATE OR REPLACE FUNCTION ops_company_daily_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ops_company_daily AS d (company_id, day, signins, pricelists)
        SELECT company_id, (created_at AT TIME ZONE 'UTC')::date,
               count(*) FILTER (WHERE action = 'auth.login'), count(*) FILTER (WHERE action = 'pricelist.requested')
          FROM added WHERE company_id IS NOT NULL AND action IN ('auth.login', 'pricelist.requested')
         GROUP BY 1, 2
        ON CONFLICT (company_id, day) DO UPDATE
          SET signins = d.signins + EXCLUDED.signins, pricelists = d.pricelists + EXCLUDED.pricelists;
        RETURN NULL;
      END $$`);
    await q.query(
      `ALTER TABLE ops_company_daily DROP COLUMN searches, DROP COLUMN zero_results, DROP COLUMN quote_requests`,
    );
  }
}
