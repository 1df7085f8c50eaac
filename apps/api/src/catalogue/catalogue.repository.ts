/**
 * SQL of the catalogue read paths. Hot paths (product page, part number, dimension search) let
 * Postgres build the JSON body in one statement (json_agg per product, variants through an index),
 * so the API never hydrates entities or loops per row. Pricing happens here too, in exact numeric
 * arithmetic: `round(list_price_cents × pct / 100)` is half-up for non-negative values — the same
 * result as `customerPriceCents` in libs/domain. `pct` is chosen in TypeScript by
 * `percentageForProductLine` from the category's `product_line` (one category per request), so the
 * product-line rule lives once and a category's name never affects a price.
 *
 * Parameters shared by every query: $1 = category or sub-category id, $2 = percentage (numeric text;
 * '100' for a superadmin, which yields the list price).
 */
import type { CatalogueCategory, CatalogueSubcategory, ProductLine } from '@portal/contracts';
import { customerPriceSql, queryOne, queryRows, type Db } from '@portal/db';

/**
 * A scope's version (see the catalogue-scope-versions migration): moves in the same transaction as
 * any change to what the scope's bodies show. `n:{nodeId}` (a node's pages), `lists`, `sub:{categoryId}`.
 */
const scopeVersionSql = (scope: string) =>
  `greatest(coalesce((SELECT sv.version FROM catalogue_scope_versions sv WHERE sv.scope = ${scope}), 0),
            (SELECT cv.epoch FROM catalogue_version cv))::text`;
const VERSION_SQL = `SELECT ${scopeVersionSql('$1')} AS cv`;

/** The scope of a node's pages (product page, part-number look-ups, odd-size searches). */
export const nodeScope = (id: string) => `n:${id}`;

export type NodeKind = 'category' | 'subcategory';

/** Which products a viewed node holds: a category → all its products; a sub-category → its own. */
export const NODE_COLUMN: Record<NodeKind, string> = {
  category: 'p.category_id',
  subcategory: 'p.subcategory_id',
};

/** Customer price in dollars, 2 decimals, exact (shared with the price-list files). */
const PRICE = customerPriceSql('$2::numeric');

/**
 * Template mode: in place of the customer price, `[list cents, the category's product line]` — what
 * PricedTemplate cuts out and prices per company. A template is never sent as it is.
 */
const TEMPLATE_PRICE = `json_build_array(v.list_price_cents,
  (SELECT pl.product_line FROM categories pl WHERE pl.id = p.category_id))`;

/**
 * One variant as JSON. Only a superadmin's SQL contains `list_price` and `version`: for everyone
 * else they are not selected at all, so they cannot leak. `template`: see TEMPLATE_PRICE (customer view).
 */
export function variantJson(superadmin: boolean, withMatch = false, template = false): string {
  return `json_build_object(
    '_id', v.id, 'part_number', v.part_number, 'size', v.size, 'actual_size', v.actual_size,
    'depth', v.depth::float8, 'odd_size', v.odd_size, 'odd_size_type', coalesce(v.odd_size_type, ''),
    'min_area', v.min_area::float8, 'max_area', v.max_area::float8, 'out_of_stock', v.out_of_stock,
    'display_order', v.display_order, 'customer_price', ${template ? TEMPLATE_PRICE : PRICE}${
      superadmin
        ? `, 'list_price', (v.list_price_cents::numeric / 100)::numeric(20,2), 'version', v.version, 'merv', v.merv, 'efficiency_class', v.efficiency_class`
        : ''
    }${withMatch ? `, 'match', v.match` : ''})`;
}

/**
 * The viewed node (category or sub-category, with its category's product line) and the caller's company
 * percentages, and the node's scope version (cache key; '0' when the node does not exist), in one round trip. Always returns exactly one row.
 * $1 = node id, $2 = company id.
 */
const CONTEXT_SQL = `
  SELECT ${scopeVersionSql("'n:' || n.id")} AS cv, n.kind, n.id, n.name, n.product_line, n.category_id,
         c.id AS company_id, c.discount_percentage::text AS discount_percentage,
         c.rigidflow_percentage::text AS rigidflow_percentage, c.minipro_percentage::text AS minipro_percentage,
         c.polyroll_percentage::text AS polyroll_percentage
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (
      SELECT 'category' AS kind, k.id, k.name, k.product_line, k.id AS category_id FROM categories k WHERE k.id = $1
      UNION ALL
      SELECT 'subcategory', s.id, s.name, k.product_line, k.id
        FROM subcategories s JOIN categories k ON k.id = s.category_id WHERE s.id = $1
      LIMIT 1
    ) n ON true
    LEFT JOIN companies c ON c.id = $2`;

/** `catalogue/product/{id}` → productDetails JSON text. Non-superadmins: no odd sizes, no empty products. */
export function productPageSql(kind: NodeKind, superadmin: boolean, template = false): string {
  return `
    SELECT coalesce(json_agg(json_build_object(
             '_id', p.id, 'name', p.name, 'catalogue_id', p.category_id, 'subcatalogue_id', p.subcategory_id,
             'image_path', p.image_path, 'variants', coalesce(pv.variants, '[]'::json))
             ORDER BY p.display_order, p.name, p.id), '[]'::json)::text AS details
      FROM products p
      LEFT JOIN LATERAL (
        SELECT json_agg(${variantJson(superadmin, false, template)} ORDER BY v.display_order, v.part_number) AS variants
          FROM variants v
         WHERE v.product_id = p.id${superadmin ? '' : ' AND NOT v.odd_size'}
      ) pv ON true
     WHERE ${NODE_COLUMN[kind]} = $1${superadmin ? '' : ' AND pv.variants IS NOT NULL'}`;
}

/**
 * `catalogue/productNumber/{id}` → the product (under the node) holding the part number, with only
 * the matching variants, and how they matched (`matched_via`): 'part_number' (case-insensitive
 * exact, through the unique lower(part_number) index), 'normalized' (same part-number key: spaces
 * and `- . / _` ignored, full-width folded; index on part_key(part_number)) or 'alias' (an alias
 * with that key; `alias` says which). An alias never answers with an odd-size variant, for anyone.
 * $3 = part number. Also returns how many variants matched (the search log's result count).
 */
export function partNumberSql(kind: NodeKind, superadmin: boolean, template = false): string {
  const visible = superadmin ? '' : ' AND NOT v.odd_size';
  return `
    WITH hits AS (
      SELECT v.id, v.product_id, CASE WHEN lower(v.part_number) = lower($3) THEN 1 ELSE 2 END AS rank, NULL::uuid AS alias_id
        FROM variants v
       WHERE part_key(v.part_number) = part_key($3)${visible}
      UNION ALL
      SELECT v.id, v.product_id, 3, a.id
        FROM part_aliases a JOIN variants v ON v.id = a.variant_id
       WHERE a.alias_key = part_key($3) AND NOT v.odd_size
    ), best AS (
      SELECT h.product_id, h.rank, h.alias_id FROM hits h JOIN products p ON p.id = h.product_id
       WHERE ${NODE_COLUMN[kind]} = $1
       ORDER BY h.rank, p.display_order, p.id, h.id
       LIMIT 1
    )
    SELECT json_build_object('_id', p.id, 'name', p.name, 'catalogue_id', p.category_id,
             'variants', m.variants,
             'matched_via', CASE b.rank WHEN 1 THEN 'part_number' WHEN 2 THEN 'normalized' ELSE 'alias' END,
             'alias', (SELECT json_build_object('alias', a.alias, 'source', a.source, 'brand', a.brand)
                         FROM part_aliases a WHERE a.id = b.alias_id))::text AS product,
           m.n
      FROM best b
      JOIN products p ON p.id = b.product_id
      CROSS JOIN LATERAL (
        SELECT json_agg(${variantJson(superadmin, false, template)} ORDER BY v.display_order, v.part_number) AS variants, count(*)::int AS n
          FROM variants v
         WHERE v.id IN (SELECT h.id FROM hits h WHERE h.product_id = b.product_id AND h.rank = b.rank)
      ) m`;
}

/**
 * `catalogue/searchproduct/{id}` → products with matching variants, each tagged `match`:
 *  - 'odd': oddSizeCriteria — odd_size, type, area within optional bounds, depth in [$5, $6]
 *    (index variants_odd_size_idx);
 *  - 'standard': nominal size equals the entered width × height in either orientation and depth in
 *    [$5, $6] (index variants_nominal_idx).
 * $3 = size type, $4 = area, $5/$6 = depth range, $7/$8 = shorter/longer entered side.
 */
export function searchSql(kind: NodeKind, superadmin: boolean, template = false): string {
  return `
    SELECT coalesce(json_agg(json_build_object('_id', p.id, 'name', p.name, 'catalogue_id', p.category_id,
             'variants', m.variants) ORDER BY p.display_order, p.name, p.id), '[]'::json)::text AS results,
           coalesce(sum(m.n), 0)::int AS n
      FROM products p
      JOIN LATERAL (
        SELECT json_agg(${variantJson(superadmin, true, template)} ORDER BY v.display_order, v.part_number) AS variants,
               count(*) AS n
          FROM (
            SELECT o.*, 'odd' AS match FROM variants o
             WHERE o.product_id = p.id AND o.odd_size AND o.odd_size_type = $3
               AND o.depth BETWEEN $5::numeric AND $6::numeric
               AND (o.min_area IS NULL OR o.min_area <= $4::numeric)
               AND (o.max_area IS NULL OR o.max_area >= $4::numeric)
            UNION ALL
            SELECT s.*, 'standard' FROM variants s
             WHERE s.product_id = p.id AND NOT s.odd_size
               AND least(s.nominal_width, s.nominal_height) = $7::numeric
               AND greatest(s.nominal_width, s.nominal_height) = $8::numeric
               AND s.depth BETWEEN $5::numeric AND $6::numeric
          ) v
      ) m ON m.variants IS NOT NULL
     WHERE ${NODE_COLUMN[kind]} = $1`;
}

/**
 * `GET catalogue`: every category with its ready files. With `all` false (customer view, and a
 * superadmin without ?role=superadmin) only categories holding at least one standard variant, and
 * has_subcatalogues counts only such sub-categories. `product_line` is sent in the `all` view only.
 */
export function categoriesSql(all: boolean): string {
  const visible = (col: string) =>
    all
      ? 'true'
      : `EXISTS (SELECT 1 FROM products p WHERE ${col} AND EXISTS (
           SELECT 1 FROM variants v WHERE v.product_id = p.id AND NOT v.odd_size))`;
  return `
    SELECT k.id AS "_id", k.name, k.image_svg IS NOT NULL AS has_image, k.product_line,
           EXISTS (SELECT 1 FROM subcategories s WHERE s.category_id = k.id AND ${visible('p.subcategory_id = s.id')})
             AS has_subcatalogues,
           coalesce((SELECT json_agg(json_build_object('_id', f.id, 'name', f.name, 'path', f.path) ORDER BY f.created_at, f.id)
                       FROM files f WHERE f.owner_type = 'category' AND f.owner_id = k.id AND f.status = 'ready'), '[]'::json)
             AS files
      FROM categories k
     WHERE ${visible('p.category_id = k.id')}
     ORDER BY k.display_order, k.name`;
}

/** `GET catalogue/subcatalogue/{catalogueId}`: $1 = category id. */
export function subcategoriesSql(all: boolean): string {
  const visible = all
    ? ''
    : ` AND EXISTS (SELECT 1 FROM products p WHERE p.subcategory_id = s.id AND EXISTS (
           SELECT 1 FROM variants v WHERE v.product_id = p.id AND NOT v.odd_size))`;
  return `
    SELECT s.id AS "_id", s.name, s.category_id AS catalogue_id,
           coalesce((SELECT json_agg(json_build_object('_id', f.id, 'name', f.name, 'path', f.path) ORDER BY f.created_at, f.id)
                       FROM files f WHERE f.owner_type = 'subcategory' AND f.owner_id = s.id AND f.status = 'ready'), '[]'::json)
             AS files
      FROM subcategories s
     WHERE s.category_id = $1${visible}
     ORDER BY s.display_order, lower(s.name), s.id`;
}

/* ------------------------------------------------------------------ queries */

export interface ContextRow {
  cv: string;
  kind: NodeKind | null;
  id: string | null;
  name: string | null;
  product_line: ProductLine | null;
  category_id: string | null;
  company_id: string | null;
  discount_percentage: string | null;
  rigidflow_percentage: string | null;
  minipro_percentage: string | null;
  polyroll_percentage: string | null;
}

/** A scope's version (cache key). */
export async function scopeVersion(db: Db, scope: string): Promise<string> {
  return (await queryOne<{ cv: string }>(db, VERSION_SQL, [scope]))!.cv;
}

/** Template-mode SQL has no percentage: $3… of the priced SQL become $2…. */
function withoutPct(sql: string): string {
  if (/\$2\b/.test(sql)) throw new Error('template SQL must not use the percentage');
  return sql.replace(/\$(\d+)\b/g, (_, n: string) => `$${Number(n) > 2 ? Number(n) - 1 : n}`);
}

/** Customer view of a node's products as a priced template (see TEMPLATE_PRICE). */
export async function productPageTemplate(db: Db, kind: NodeKind, id: string): Promise<string> {
  return (await queryOne<{ details: string }>(db, withoutPct(productPageSql(kind, false, true)), [id]))!.details;
}

/** Customer view of the part-number look-up as a priced template, or null. */
export function partNumberTemplate(
  db: Db,
  kind: NodeKind,
  id: string,
  partNumber: string,
): Promise<{ product: string; n: number } | null> {
  return queryOne<{ product: string; n: number }>(db, withoutPct(partNumberSql(kind, false, true)), [id, partNumber]);
}

/** Customer view of the dimension search as a priced template. `params` = $3..$8 of `searchSql`. */
export async function searchTemplate(
  db: Db,
  kind: NodeKind,
  id: string,
  params: readonly string[],
): Promise<{ results: string; n: number }> {
  return (await queryOne<{ results: string; n: number }>(db, withoutPct(searchSql(kind, false, true)), [
    id,
    ...params,
  ]))!;
}

/** Node, company percentages and version in one round trip (always one row). */
export async function viewContext(db: Db, nodeId: string, companyId: string | null): Promise<ContextRow> {
  return (await queryOne<ContextRow>(db, CONTEXT_SQL, [nodeId, companyId]))!;
}

export type CategoryListRow = Omit<CatalogueCategory, 'image_url'> & { has_image: boolean };

export function categoryRows(db: Db, all: boolean): Promise<CategoryListRow[]> {
  return queryRows<CategoryListRow>(db, categoriesSql(all));
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  return (await queryOne(db, `SELECT 1 FROM categories WHERE id = $1`, [id])) !== null;
}

export function subcategoryRows(db: Db, categoryId: string, all: boolean): Promise<CatalogueSubcategory[]> {
  return queryRows<CatalogueSubcategory>(db, subcategoriesSql(all), [categoryId]);
}

/** Priced JSON text of a node's products. */
export async function productPageJson(db: Db, kind: NodeKind, superadmin: boolean, id: string, pct: string) {
  return (await queryOne<{ details: string }>(db, productPageSql(kind, superadmin), [id, pct]))!.details;
}

/** Priced JSON text of the product holding the part number and how many variants matched, or null. */
export function partNumberJson(
  db: Db,
  kind: NodeKind,
  superadmin: boolean,
  id: string,
  pct: string,
  partNumber: string,
): Promise<{ product: string; n: number } | null> {
  return queryOne<{ product: string; n: number }>(db, partNumberSql(kind, superadmin), [id, pct, partNumber]);
}

/** Priced JSON text of the dimension search results. `params` = $3..$8 of `searchSql`. */
export async function searchJson(
  db: Db,
  kind: NodeKind,
  superadmin: boolean,
  id: string,
  pct: string,
  params: readonly string[],
): Promise<{ results: string; n: number }> {
  return (await queryOne<{ results: string; n: number }>(db, searchSql(kind, superadmin), [id, pct, ...params]))!;
}

export async function categoryImage(db: Db, id: string): Promise<string | null> {
  return (
    (await queryOne<{ image_svg: string | null }>(db, `SELECT image_svg FROM categories WHERE id = $1`, [id]))
      ?.image_svg ?? null
  );
}
