import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search log's budget per person (one row per user, so it never grows with traffic):
 *
 * - `search_budget`: a fixed one-minute window of committed searches (`committed`, refused beyond
 *   the refusal limit), how many of them were logged (`logged`), the keys logged in the last minute
 *   (`recent`: key → epoch seconds, so a repeat within a minute is one row) and its own window of
 *   as-you-type searches (`typing`).
 * - `search_commit(user, company, key, window s, log limit, refuse limit)`: counts one committed
 *   search under the user's row lock (a concurrent burst is serialised, each request sees its own
 *   count) and answers `log`, `repeat`, `over_budget` or `refused`. A search that is answered but not
 *   logged (`repeat`, `over_budget`) is counted in `search_log_unlogged` per UTC day and company,
 *   which the demand report shows.
 * - `search_typing(user, window s)`: counts one as-you-type search; returns the count in the window.
 *
 * Every API process calls the same functions, so the budgets hold across processes.
 */
export class SearchBudget1795730000000 implements MigrationInterface {
  name = 'SearchBudget1795730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_budget (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        window_start timestamptz NOT NULL,
        committed integer NOT NULL DEFAULT 0,
        logged integer NOT NULL DEFAULT 0,
        recent jsonb NOT NULL DEFAULT '{}',
        typing_start timestamptz NOT NULL,
        typing integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE search_log_unlogged (
        day date NOT NULL,
        company_id uuid,
        over_budget integer NOT NULL DEFAULT 0,
        repeats integer NOT NULL DEFAULT 0,
        CONSTRAINT search_log_unlogged_key UNIQUE NULLS NOT DISTINCT (day, company_id)
      )`);
    await q.query(`
      CREATE FUNCTION search_commit(p_user uuid, p_company uuid, p_key text, p_window integer,
                                    p_log_limit integer, p_refuse_limit integer)
      RETURNS text LANGUAGE plpgsql AS $$
      DECLARE
        b search_budget;
        at_s double precision := extract(epoch FROM now());
        outcome text;
      BEGIN
        INSERT INTO search_budget (user_id, window_start, typing_start) VALUES (p_user, now(), now())
          ON CONFLICT (user_id) DO NOTHING;
        SELECT * INTO b FROM search_budget WHERE user_id = p_user FOR UPDATE;
        IF b.window_start <= now() - make_interval(secs => p_window) THEN
          b.window_start := now();
          b.committed := 0;
          b.logged := 0;
        END IF;
        b.committed := b.committed + 1;
        SELECT coalesce(jsonb_object_agg(k, v), '{}') INTO b.recent
          FROM jsonb_each(b.recent) AS e(k, v) WHERE (v #>> '{}')::double precision > at_s - p_window;
        IF b.committed > p_refuse_limit THEN
          outcome := 'refused';
        ELSIF b.recent ? p_key THEN
          outcome := 'repeat';
        ELSIF b.logged >= p_log_limit THEN
          outcome := 'over_budget';
        ELSE
          outcome := 'log';
          b.logged := b.logged + 1;
          b.recent := b.recent || jsonb_build_object(p_key, at_s);
        END IF;
        UPDATE search_budget SET window_start = b.window_start, committed = b.committed, logged = b.logged,
                                 recent = b.recent
         WHERE user_id = p_user;
        IF outcome IN ('repeat', 'over_budget') THEN
          INSERT INTO search_log_unlogged AS u (day, company_id, over_budget, repeats)
          VALUES ((now() AT TIME ZONE 'UTC')::date, p_company,
                  (outcome = 'over_budget')::int, (outcome = 'repeat')::int)
          ON CONFLICT (day, company_id) DO UPDATE
            SET over_budget = u.over_budget + EXCLUDED.over_budget, repeats = u.repeats + EXCLUDED.repeats;
        END IF;
        RETURN outcome;
      END $$`);
    await q.query(`
      CREATE FUNCTION search_typing(p_user uuid, p_window integer) RETURNS integer LANGUAGE sql AS $$
        INSERT INTO search_budget AS b (user_id, window_start, typing_start, typing) VALUES (p_user, now(), now(), 1)
        ON CONFLICT (user_id) DO UPDATE SET
          typing = CASE WHEN b.typing_start > now() - make_interval(secs => p_window) THEN b.typing + 1 ELSE 1 END,
          typing_start = CASE WHEN b.typing_start > now() - make_interval(secs => p_window) THEN b.typing_start ELSE now() END
        RETURNING typing $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS search_typing(uuid, integer)`);
    await q.query(`DROP FUNCTION IF EXISTS search_commit(uuid, uuid, text, integer, integer, integer)`);
    await q.query(`DROP TABLE IF EXISTS search_log_unlogged`);
    await q.query(`DROP TABLE IF EXISTS search_budget`);
  }
}
