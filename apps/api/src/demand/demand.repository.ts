/**
 * SQL of the search log (writes and the demand reports) and of part aliases.
 *
 * Reports read `search_log_daily` for the days before `search_log_rollup.through` and raw
 * `search_log` rows from `through` on (see libs/db/src/search-log.ts), so a search counts as soon as
 * its row is written. Days are UTC; `from`/`to` are inclusive.
 */
import type { DemandPart, DemandSize, PartAlias } from '@portal/contracts';
import { execute, queryOne, queryRows, type Db, type SqlRunner } from '@portal/db';
import type { AliasSource, SizeMeasure } from '@portal/domain';

export interface SearchLogRow {
  at: Date;
  kind: 'part_number' | 'find' | 'odd_size';
  company_id: string | null;
  user_id: string | null;
  raw: string | null;
  key: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  measure: SizeMeasure | null;
  category_id: string | null;
  results: number;
  matched_via: string | null;
}

/** One multi-row INSERT for a batch of log rows. */
export async function insertSearchLogRows(db: SqlRunner, rows: SearchLogRow[]): Promise<void> {
  if (!rows.length) return;
  const col = <K extends keyof SearchLogRow>(k: K) => rows.map((r) => r[k]);
  await execute(
    db,
    `INSERT INTO search_log (at, kind, company_id, user_id, raw, key, width, height, depth, measure, category_id, results, matched_via)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[],
                          $7::numeric[], $8::numeric[], $9::numeric[], $10::text[], $11::uuid[], $12::int[], $13::text[])`,
    [
      col('at'),
      col('kind'),
      col('company_id'),
      col('user_id'),
      col('raw'),
      col('key'),
      col('width'),
      col('height'),
      col('depth'),
      col('measure'),
      col('category_id'),
      col('results'),
      col('matched_via'),
    ],
  );
}

/** What the budget says about one committed search (migration `search-budget`). */
export type SearchCommitOutcome = 'log' | 'repeat' | 'over_budget' | 'refused';

/** Counts one committed search of the user under their row lock (every API process shares it). */
export async function searchCommit(
  db: Db,
  a: {
    userId: string;
    companyId: string | null;
    key: string;
    windowSeconds: number;
    logLimit: number;
    refuseLimit: number;
  },
): Promise<SearchCommitOutcome> {
  const row = await queryOne<{ outcome: SearchCommitOutcome }>(
    db,
    `SELECT search_commit($1, $2, $3, $4, $5, $6) AS outcome`,
    [a.userId, a.companyId, a.key, a.windowSeconds, a.logLimit, a.refuseLimit],
  );
  return row!.outcome;
}

/** Counts one as-you-type search of the user; the count in the current window. */
export async function searchTyping(db: Db, userId: string, windowSeconds: number): Promise<number> {
  const row = await queryOne<{ n: number }>(db, `SELECT search_typing($1, $2) AS n`, [userId, windowSeconds]);
  return row!.n;
}

/** Searches answered but not logged in $1…$2 (UTC days), optionally of one company. */
export async function unloggedSearches(
  db: Db,
  q: { from: string; to: string; companyId?: string },
): Promise<{ over_budget: number; repeats: number }> {
  const row = await queryOne<{ over_budget: number; repeats: number }>(
    db,
    `SELECT coalesce(sum(over_budget), 0)::int AS over_budget, coalesce(sum(repeats), 0)::int AS repeats
       FROM search_log_unlogged
      WHERE day BETWEEN $1::date AND $2::date AND ($3::uuid IS NULL OR company_id = $3::uuid)`,
    [q.from, q.to, q.companyId ?? null],
  );
  return row ?? { over_budget: 0, repeats: 0 };
}

/** Rolled-up days in range, and raw rows from the roll-up point on. $1 from, $2 to (dates). */
const RANGE = {
  daily: `d.day BETWEEN $1::date AND $2::date AND d.day < (SELECT through FROM search_log_rollup)`,
  raw: `l.at >= (greatest($1::date, (SELECT through FROM search_log_rollup)))::timestamp AT TIME ZONE 'UTC'
        AND l.at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`,
};

/**
 * The block of whole, rolled-up months inside $1…$2: `first_whole` ≤ month < `whole_end` (empty when
 * they are equal). Days before and after the block come from the daily rows, by plain day ranges.
 */
const MONTH_BLOCK = `block AS (
       SELECT w.first_whole,
              greatest(w.first_whole, date_trunc('month', least($2::date + 1, r.through))::date) AS whole_end
         FROM search_log_rollup r,
              LATERAL (SELECT (date_trunc('month', $1::date - 1) + interval '1 month')::date AS first_whole) w
     )`;

/**
 * Part-number searches in range per (key, company) row: whole rolled-up months from
 * `search_log_monthly`, the other rolled-up days from `search_log_daily`, the rest raw. $3 company or
 * null. Needs MONTH_BLOCK in the same WITH.
 */
const PART_SEARCHES = `
       SELECT m.key, m.company_id, m.searches, m.zero_results, m.last_at FROM search_log_monthly m
        WHERE m.month >= (SELECT first_whole FROM block) AND m.month < (SELECT whole_end FROM block)
          AND ($3::uuid IS NULL OR m.company_id = $3::uuid)
       UNION ALL
       SELECT d.key, d.company_id, d.searches, d.zero_results, d.last_at FROM search_log_daily d
        WHERE d.key IS NOT NULL AND ${RANGE.daily}
          AND (d.day < (SELECT first_whole FROM block) OR d.day >= (SELECT whole_end FROM block))
          AND ($3::uuid IS NULL OR d.company_id = $3::uuid)
       UNION ALL
       SELECT l.key, l.company_id, 1, (l.results = 0)::int, l.at FROM search_log l
        WHERE l.key IS NOT NULL AND ${RANGE.raw} AND ($3::uuid IS NULL OR l.company_id = $3::uuid)`;

/** A report row with the total of all pages (the service drops it). */
export interface DemandPartRow extends DemandPart {
  total: number;
}

/** `GET demand/parts`. $3 company or null, $4 zeroOnly, $5 limit, $6 offset. */
export function demandParts(
  db: Db,
  q: { from: string; to: string; companyId?: string; zeroOnly: boolean; limit: number; offset: number },
): Promise<DemandPartRow[]> {
  return queryRows<DemandPartRow>(
    db,
    `WITH ${MONTH_BLOCK}, src AS (${PART_SEARCHES}
     ), kc AS (
       -- Two hash aggregations instead of count(DISTINCT …), which sorts every row.
       SELECT key, company_id, sum(searches) AS searches, sum(zero_results) AS zero_results, max(last_at) AS last_at
         FROM src GROUP BY key, company_id
     ), g AS (
       SELECT key, sum(searches)::int AS searches, sum(zero_results)::int AS zero_results,
              count(company_id)::int AS companies, max(last_at) AS last_at,
              array_agg(company_id) FILTER (WHERE company_id IS NOT NULL) AS company_ids
         FROM kc GROUP BY key
     ), page AS (
       SELECT g.*, count(*) OVER ()::int AS total FROM g
        WHERE NOT $4::boolean OR (g.zero_results > 0 AND NOT EXISTS (SELECT 1 FROM part_aliases a WHERE a.alias_key = g.key))
        ORDER BY g.zero_results DESC, g.searches DESC, g.key
        LIMIT $5 OFFSET $6
     )
     SELECT page.key, page.searches, page.zero_results, page.companies, page.last_at, page.total,
            coalesce(ex.examples, '{}') AS examples, coalesce(cn.names, '{}') AS company_names,
            (SELECT min(v.part_number) FROM part_aliases a JOIN variants v ON v.id = a.variant_id
              WHERE a.alias_key = page.key) AS mapped_to
       FROM page
       LEFT JOIN LATERAL (
         SELECT array_agg(x ORDER BY x) AS examples FROM (
           SELECT DISTINCT x FROM (
             SELECT unnest(d.examples) AS x FROM search_log_daily d WHERE d.key = page.key AND ${RANGE.daily}
             UNION ALL
             SELECT l.raw FROM search_log l WHERE l.key = page.key AND l.raw IS NOT NULL AND ${RANGE.raw}
           ) u ORDER BY x LIMIT 3) z
       ) ex ON true
       LEFT JOIN LATERAL (
         SELECT array_agg(c.name ORDER BY c.name) AS names
           FROM (SELECT name FROM companies WHERE id = ANY(page.company_ids) ORDER BY name LIMIT 10) c
       ) cn ON true
      ORDER BY page.zero_results DESC, page.searches DESC, page.key`,
    [q.from, q.to, q.companyId ?? null, q.zeroOnly, q.limit, q.offset],
  );
}

/** Total of `demandParts` when the page is past the end (no rows to carry `total`). */
export async function demandPartsCount(
  db: Db,
  q: { from: string; to: string; companyId?: string; zeroOnly: boolean },
): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `WITH ${MONTH_BLOCK}, src AS (${PART_SEARCHES}
     )
     SELECT count(*)::int AS n FROM (SELECT key FROM src GROUP BY key
        HAVING NOT $4::boolean OR (sum(zero_results) > 0
               AND NOT EXISTS (SELECT 1 FROM part_aliases a WHERE a.alias_key = src.key))) k`,
    [q.from, q.to, q.companyId ?? null, q.zeroOnly],
  );
  return row?.n ?? 0;
}

/**
 * `GET demand/sizes`. $3 category or null, $4 measure or null. `quote_lines` counts the
 * quote-request lines of kind 'custom_size' for the same width × height × depth and measure (and
 * category when filtered).
 */
export function demandSizes(
  db: Db,
  q: { from: string; to: string; categoryId?: string; measure?: SizeMeasure },
): Promise<DemandSize[]> {
  const quotes = `(SELECT count(*)::int FROM quote_request_lines ql
         WHERE ql.kind = 'custom_size' AND ql.width = g.width AND ql.height = g.height
           AND ql.depth IS NOT DISTINCT FROM g.depth AND ql.measure = g.measure
           AND ($3::uuid IS NULL OR ql.catalogue_id = $3::uuid))`;
  return queryRows<DemandSize>(
    db,
    `WITH src AS (
       SELECT d.width, d.height, d.depth, d.measure, d.company_id, d.searches, d.zero_results, d.last_at
         FROM search_log_daily d
        WHERE d.width IS NOT NULL AND ${RANGE.daily}
          AND ($3::uuid IS NULL OR d.category_id = $3::uuid) AND ($4::text IS NULL OR d.measure = $4::text)
       UNION ALL
       SELECT l.width, l.height, l.depth, l.measure, l.company_id, 1, (l.results = 0)::int, l.at
         FROM search_log l
        WHERE l.width IS NOT NULL AND ${RANGE.raw}
          AND ($3::uuid IS NULL OR l.category_id = $3::uuid) AND ($4::text IS NULL OR l.measure = $4::text)
     ), sc AS (
       SELECT width, height, depth, measure, company_id, sum(searches) AS searches, sum(zero_results) AS zero_results,
              max(last_at) AS last_at
         FROM src GROUP BY width, height, depth, measure, company_id
     ), g AS (
       SELECT width, height, depth, measure, sum(searches)::int AS searches, sum(zero_results)::int AS zero_results,
              count(company_id)::int AS companies, max(last_at) AS last_at
         FROM sc GROUP BY width, height, depth, measure
     )
     SELECT g.width::float8 AS width, g.height::float8 AS height, g.depth::float8 AS depth, g.measure,
            g.searches, g.zero_results, g.companies, g.last_at, ${quotes} AS quote_lines
       FROM g
      ORDER BY g.searches DESC, g.width, g.height, g.depth
      LIMIT 5000`,
    [q.from, q.to, q.categoryId ?? null, q.measure ?? null],
  );
}

/** Logged searches with this key that found nothing (roll-up and raw, all kept history). */
export async function zeroResultSearches(db: Db, key: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `SELECT (coalesce((SELECT sum(zero_results) FROM search_log_daily d
                        WHERE d.key = $1 AND d.day < (SELECT through FROM search_log_rollup)), 0)
           + (SELECT count(*) FROM search_log l
               WHERE l.key = $1 AND l.results = 0
                 AND l.at >= ((SELECT through FROM search_log_rollup))::timestamp AT TIME ZONE 'UTC'))::int AS n`,
    [key],
  );
  return row?.n ?? 0;
}

/** The raw form the key was most often typed in (the alias text a resolve stores), or null. */
export async function commonRawForm(db: Db, key: string): Promise<string | null> {
  const row = await queryOne<{ raw: string }>(
    db,
    `SELECT raw FROM search_log WHERE key = $1 AND raw IS NOT NULL
      GROUP BY raw ORDER BY count(*) DESC, raw LIMIT 1`,
    [key],
  );
  return row?.raw ?? null;
}

/* ------------------------------------------------------------------ part aliases */

/** An alias; listed with the total of all pages. */
export interface PartAliasRow extends PartAlias {
  total?: number;
}

const ALIAS_COLUMNS = `a.id AS "_id", a.alias, a.alias_key, a.variant_id, v.part_number, v.odd_size, a.source, a.brand,
  a.note, a.created_by, a.created_at`;

/** The variant (null: unknown) and whether the alias's key is one of our part numbers. */
export async function aliasPreconditions(
  db: Db,
  variantId: string,
  alias: string,
): Promise<{ variant_exists: boolean; is_part_number: boolean }> {
  return (await queryOne<{ variant_exists: boolean; is_part_number: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM variants WHERE id = $1) AS variant_exists,
            EXISTS (SELECT 1 FROM variants WHERE part_key(part_number) = part_key($2)) AS is_part_number`,
    [variantId, alias],
  ))!;
}

/** Inserts the alias; null when the same key already exists on the variant. */
export function insertAlias(
  db: Db,
  a: { alias: string; variantId: string; source: AliasSource; brand: string | null; note: string | null },
  createdBy: string | null,
): Promise<PartAliasRow | null> {
  return queryOne<PartAliasRow>(
    db,
    `WITH ins AS (
       INSERT INTO part_aliases (alias, variant_id, source, brand, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (alias_key, variant_id) DO NOTHING
       RETURNING *)
     SELECT ${ALIAS_COLUMNS} FROM ins a JOIN variants v ON v.id = a.variant_id`,
    [a.alias, a.variantId, a.source, a.brand, a.note, createdBy],
  );
}

export function listAliases(
  db: Db,
  q: { variantId?: string; q?: string; limit: number; offset: number },
): Promise<PartAliasRow[]> {
  return queryRows<PartAliasRow>(
    db,
    `SELECT ${ALIAS_COLUMNS}, count(*) OVER ()::int AS total
       FROM part_aliases a JOIN variants v ON v.id = a.variant_id
      WHERE ($1::uuid IS NULL OR a.variant_id = $1::uuid)
        AND ($2::text IS NULL
             -- a prefix of the key, the searched text's % and \\ taken literally (the lists' rule);
             -- text without key characters (only separators) matches nothing, not everything
             OR part_key($2) <> '' AND a.alias_key LIKE replace(replace(replace(part_key($2), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
             OR part_key(v.part_number) = part_key($2))
      ORDER BY a.alias_key, v.part_number, a.id
      LIMIT $3 OFFSET $4`,
    [q.variantId ?? null, q.q ?? null, q.limit, q.offset],
  );
}

/** Deletes the alias; the deleted row, or null. */
export function deleteAlias(db: Db, id: string): Promise<PartAliasRow | null> {
  return queryOne<PartAliasRow>(
    db,
    `WITH del AS (DELETE FROM part_aliases WHERE id = $1 RETURNING *)
     SELECT ${ALIAS_COLUMNS} FROM del a JOIN variants v ON v.id = a.variant_id`,
    [id],
  );
}
