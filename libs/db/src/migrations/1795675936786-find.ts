import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Find from one box, the search log and part aliases.
 *
 * - `part_key(text)`: the part-number key — NFKC (full-width characters folded), white space and
 *   `- . / _` removed, upper case; the same rule as `partKey` in libs/domain/src/find. Variants get
 *   an expression index on it, aliases a stored column.
 * - `part_aliases`: other people's numbers for our variants (competitor, OEM, customer, legacy).
 *   One alias per variant once (unique key + variant); the lookup goes through the key index.
 * - `search_log`: one row per committed search (raw events, kept SEARCH_LOG_RETENTION_DAYS), and
 *   `search_log_daily`, the per-day roll-up the worker writes for every finished day (kept);
 *   `search_log_rollup.through` is the first day not rolled up yet. Reports read roll-up rows for the
 *   days before `through` and raw rows from `through` on, so a search counts as soon as it is written.
 */
export class Find1795675936786 implements MigrationInterface {
  name = 'Find1795675936786';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION part_key(t text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT upper(regexp_replace(normalize(t, NFKC), '[[:space:]._/-]+', '', 'g')) $$`);
    await q.query(`CREATE INDEX variants_part_key_idx ON variants (part_key(part_number))`);

    await q.query(`
      CREATE TABLE part_aliases (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        alias text NOT NULL CHECK (length(btrim(alias)) BETWEEN 1 AND 100),
        alias_key text GENERATED ALWAYS AS (part_key(alias)) STORED,
        variant_id uuid NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
        source text NOT NULL CHECK (source IN ('competitor', 'oem', 'customer', 'legacy')),
        brand text CHECK (length(brand) <= 100),
        note text CHECK (length(note) <= 500),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT part_aliases_key_nonempty CHECK (alias_key <> '')
      )`);
    // One alias per variant (409 on a repeat); also the lookup by key.
    await q.query(`CREATE UNIQUE INDEX part_aliases_key_variant_key ON part_aliases (alias_key, variant_id)`);
    await q.query(`CREATE INDEX part_aliases_variant_idx ON part_aliases (variant_id, created_at)`);
    // Aliases change what a part-number look-up answers: they move the catalogue version like any
    // catalogue table, so cached catalogue bodies are never stale.
    await q.query(`
      CREATE CONSTRAINT TRIGGER part_aliases_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON part_aliases
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version()`);
    await q.query(`
      CREATE TRIGGER part_aliases_catalogue_version_truncate AFTER TRUNCATE ON part_aliases
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`);
    // Find by nominal size across the whole catalogue (either orientation), depth inside the index.
    await q.query(`
      CREATE INDEX variants_find_size_idx ON variants
        (least(nominal_width, nominal_height), greatest(nominal_width, nominal_height), depth)
       WHERE NOT odd_size`);

    await q.query(`
      CREATE TABLE search_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL CHECK (kind IN ('part_number', 'find', 'odd_size')),
        company_id uuid,
        user_id uuid,
        raw text CHECK (length(raw) <= 64),
        key text CHECK (length(key) <= 64),
        width numeric,
        height numeric,
        depth numeric,
        measure text CHECK (measure IN ('nominal', 'exact')),
        category_id uuid,
        results integer NOT NULL CHECK (results >= 0),
        matched_via text
      )`);
    // Retention and the raw tail of every report.
    await q.query(`CREATE INDEX search_log_at_idx ON search_log (at)`);
    await q.query(`CREATE INDEX search_log_key_idx ON search_log (key, at) WHERE key IS NOT NULL`);

    await q.query(`
      CREATE TABLE search_log_daily (
        day date NOT NULL,
        kind text NOT NULL,
        key text,
        width numeric,
        height numeric,
        depth numeric,
        measure text,
        category_id uuid,
        company_id uuid,
        searches integer NOT NULL,
        zero_results integer NOT NULL,
        last_at timestamptz NOT NULL,
        examples text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query(`CREATE INDEX search_log_daily_day_idx ON search_log_daily (day)`);
    await q.query(`CREATE INDEX search_log_daily_key_idx ON search_log_daily (key, day) WHERE key IS NOT NULL`);
    await q.query(`
      CREATE TABLE search_log_rollup (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        through date NOT NULL
      )`);
    await q.query(`INSERT INTO search_log_rollup (through) VALUES ((now() AT TIME ZONE 'UTC')::date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['search_log_rollup', 'search_log_daily', 'search_log', 'part_aliases']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
    await q.query(`DROP INDEX IF EXISTS variants_find_size_idx`);
    await q.query(`DROP INDEX IF EXISTS variants_part_key_idx`);
    await q.query(`DROP FUNCTION IF EXISTS part_key(text)`);
  }
}
