/**
 * SQL of "find from one box" (`GET catalogue/find`) and of the part-number look-up's key and alias
 * matching. Every statement excludes odd-size variants except a superadmin's exact or normalised
 * part-number look-up (as before): an alias never reveals an odd-size variant.
 *
 * Prices: the caller's percentage per product line — $1 rigidflow, $2 minipro, $3 polyroll, $4 the
 * general discount — each chosen in TypeScript by `percentageForProductLine` ('100' for a
 * superadmin: the list price), priced by `customerPriceSql`, exactly as the catalogue screen does.
 */
import { customerPriceSql, queryOne, queryRows, type Db } from '@portal/db';
import type { ProductLine } from '@portal/contracts';

const LINE_PCT = `(CASE k.product_line WHEN 'rigidflow' THEN $1 WHEN 'minipro' THEN $2 WHEN 'polyroll' THEN $3 ELSE $4 END)::numeric`;
const PRICE = customerPriceSql(LINE_PCT);

/** One find row as JSON (the row shape; `alias` is { alias, source, brand } when an alias matched, else null). */
const ROW_JSON = `json_build_object(
    'variant_id', v.id, 'part_number', v.part_number, 'size', v.size, 'actual_size', v.actual_size,
    'depth', v.depth::float8, 'price', ${PRICE},
    'category', json_build_object('_id', k.id, 'name', k.name),
    'subcategory', CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('_id', s.id, 'name', s.name) END,
    'product', json_build_object('_id', p.id, 'name', p.name),
    'matched_via', h.via,
    'alias', CASE WHEN a.id IS NULL THEN NULL
                  ELSE json_build_object('alias', a.alias, 'source', a.source, 'brand', a.brand) END)`;

const ORDER = `k.display_order, k.name, p.display_order, p.name, v.display_order, v.part_number`;

/**
 * Variants answering a part number: exact (case-insensitive) → 'part_number', same key → 'normalized',
 * an alias with the same key → 'alias'. $5 = the query as typed (trimmed), $6 = limit.
 */
const PART_SQL = `
  WITH hits AS (
    SELECT v.id, CASE WHEN lower(v.part_number) = lower($5) THEN 'part_number' ELSE 'normalized' END AS via,
           NULL::uuid AS alias_id
      FROM variants v
     WHERE part_key(v.part_number) = part_key($5) AND NOT v.odd_size
    UNION ALL
    SELECT a.variant_id, 'alias', a.id
      FROM part_aliases a
     WHERE a.alias_key = part_key($5)
  ), best AS (
    SELECT DISTINCT ON (id) id, via, alias_id FROM hits
     ORDER BY id, CASE via WHEN 'part_number' THEN 0 WHEN 'normalized' THEN 1 ELSE 2 END
  )
  SELECT count(*) OVER ()::int AS total, ${ROW_JSON}::text AS row
    FROM best h
    JOIN variants v ON v.id = h.id AND NOT v.odd_size
    JOIN products p ON p.id = v.product_id
    JOIN categories k ON k.id = p.category_id
    LEFT JOIN subcategories s ON s.id = p.subcategory_id
    LEFT JOIN part_aliases a ON a.id = h.alias_id
   ORDER BY CASE h.via WHEN 'part_number' THEN 0 WHEN 'normalized' THEN 1 ELSE 2 END, ${ORDER}
   LIMIT $6`;

/**
 * Variants of a nominal size, width and height in either orientation, depth when given; every word
 * must appear in the category, sub-category or product name. $5/$6 = shorter/longer side, $7 = depth
 * or null, $8 = words (lower case), $9 = limit.
 */
const SIZE_SQL = `
  SELECT count(*) OVER ()::int AS total, ${ROW_JSON}::text AS row
    FROM variants v
    CROSS JOIN (SELECT 'size'::text AS via) h
    JOIN products p ON p.id = v.product_id
    JOIN categories k ON k.id = p.category_id
    LEFT JOIN subcategories s ON s.id = p.subcategory_id
    LEFT JOIN part_aliases a ON false
   WHERE NOT v.odd_size
     AND least(v.nominal_width, v.nominal_height) = $5::numeric
     AND greatest(v.nominal_width, v.nominal_height) = $6::numeric
     AND ($7::numeric IS NULL OR v.depth = $7::numeric)
     AND NOT EXISTS (
       SELECT 1 FROM unnest($8::text[]) w
        WHERE position(w IN lower(k.name || ' ' || coalesce(s.name, '') || ' ' || p.name)) = 0)
   ORDER BY ${ORDER}
   LIMIT $9`;

export interface FindRow {
  total: number;
  row: string;
}

/** Percentages per product line, in the order of $1..$4. */
export type LinePercentages = Record<ProductLine | 'general', string>;

const pctParams = (p: LinePercentages) => [p.rigidflow, p.minipro, p.polyroll, p.general];

export function findByPart(db: Db, pct: LinePercentages, q: string, limit: number): Promise<FindRow[]> {
  return queryRows<FindRow>(db, PART_SQL, [...pctParams(pct), q, limit]);
}

export function findBySize(
  db: Db,
  pct: LinePercentages,
  size: { short: number; long: number; depth: number | null },
  words: string[],
  limit: number,
): Promise<FindRow[]> {
  return queryRows<FindRow>(db, SIZE_SQL, [
    ...pctParams(pct),
    String(size.short),
    String(size.long),
    size.depth === null ? null : String(size.depth),
    words,
    limit,
  ]);
}

/** The first visible part number among the candidate keys (edit distance 1), or null. */
export async function nearPartNumber(db: Db, keys: string[]): Promise<string | null> {
  if (!keys.length) return null;
  const row = await queryOne<{ part_number: string }>(
    db,
    `SELECT part_number FROM variants
      WHERE part_key(part_number) = ANY($1::text[]) AND NOT odd_size
      ORDER BY part_number LIMIT 1`,
    [keys],
  );
  return row?.part_number ?? null;
}

export interface CompanyPercentagesRow {
  discount_percentage: string | null;
  rigidflow_percentage: string | null;
  minipro_percentage: string | null;
  polyroll_percentage: string | null;
}

/** The caller's company percentages (null: no such company). */
export function companyPercentages(db: Db, companyId: string): Promise<CompanyPercentagesRow | null> {
  return queryOne<CompanyPercentagesRow>(
    db,
    `SELECT discount_percentage::text, rigidflow_percentage::text, minipro_percentage::text, polyroll_percentage::text
       FROM companies WHERE id = $1`,
    [companyId],
  );
}

/**
 * The company's active agreed items whose own part number (`customer_part_no`) has the query's key,
 * as find rows (`matched_via: 'agreed_item'`, the agreed price). $1 company, $2 query, $3 today.
 */
export function findAgreedItems(db: Db, companyId: string, q: string, today: string): Promise<FindRow[]> {
  return queryRows<FindRow>(
    db,
    `SELECT count(*) OVER ()::int AS total, json_build_object(
        'variant_id', a.id, 'agreed_item_id', a.id, 'part_number', a.customer_part_no, 'size', a.description,
        'actual_size', '', 'depth', a.depth::float8, 'price', (a.price_cents / 100.0)::numeric(20,2),
        'price_held_until', a.price_held_until::text,
        'category', json_build_object('_id', 'agreed-items', 'name', 'Your items'),
        'subcategory', NULL, 'product', json_build_object('_id', a.id, 'name', 'Agreed price'),
        'matched_via', 'agreed_item', 'alias', NULL)::text AS row
       FROM agreed_items a
      WHERE a.company_id = $1 AND a.customer_part_no IS NOT NULL AND part_key(a.customer_part_no) = part_key($2)
        AND NOT a.withdrawn AND a.price_held_until >= $3::date
      ORDER BY a.customer_part_no`,
    [companyId, q, today],
  );
}
