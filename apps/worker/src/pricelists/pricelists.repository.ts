import type { PricelistFormat, PricelistRef, ProductLine } from '@portal/contracts';
import { customerPriceSql, execute, queryOne, queryRows, type SqlRunner } from '@portal/db/queries';
import type { CompanyPercentages } from '@portal/domain';
import type { PricelistLine } from './writers';

/**
 * Data access of the `pricelists` queue. The variants query prices with the catalogue screens' own expression
 * (`customerPriceSql`); the percentage per category comes from `percentageForProductLine`, passed in as
 * an array aligned with the category ids, whose order (`ord`) is the screen's category order, and is
 * then carried per product.
 */

/**
 * A company percentage for the list: the company's own, or — for a list sent with a scheduled change's
 * notice — the percentage that change sets (lines it leaves alone keep the company's).
 */
function atChangePrices(line: 'discount' | 'rigidflow' | 'minipro' | 'polyroll'): string {
  return `coalesce((SELECT pc.${line}_percentage FROM price_changes pc
                     WHERE pc.id = l.price_change_id AND pc.kind = 'company_multipliers'),
                   c.${line}_percentage)::text AS ${line}_percentage`;
}

/**
 * Claims a list for this run (queued, or running after a crashed/stalled run) with what the build
 * needs: company name and percentages, scope, requester. $1 = pricelist id.
 */
const CLAIM_SQL = `
  UPDATE pricelists l SET status = 'running', started_at = now(), "rows" = 0, total = NULL, error = NULL
    FROM companies c
   WHERE l.id = $1 AND c.id = l.company_id AND l.status IN ('queued', 'running') AND l.expires_at > now()
  RETURNING l.id, l.format, l.scope, l.scope_id, l.scope_name, l.requested_by, l.created_at,
            c.id AS company_id, c.name AS company_name,
            ${atChangePrices('discount')}, ${atChangePrices('rigidflow')}, ${atChangePrices('minipro')},
            ${atChangePrices('polyroll')},
            (SELECT pc.import_id FROM price_changes pc
              WHERE pc.id = l.price_change_id AND pc.kind = 'list_prices') AS price_import_id`;

/**
 * Categories the list covers: all ($1 null), the category $1, or the category of sub-category $1.
 * Only their id and name: the order and percentages are decided in TypeScript.
 */
const CATEGORIES_SQL = `
  SELECT k.id, k.name, k.product_line FROM categories k
   WHERE $1::uuid IS NULL OR k.id = $1
      OR k.id = (SELECT s.category_id FROM subcategories s WHERE s.id = $1)`;

/**
 * The listed products in screen order (category, sub-category tab, product) with their names and the
 * company's percentage for their category. $1 category ids (in screen order), $2 their percentages,
 * $3 sub-category id or null. A few thousand rows at most: one per product, not per variant.
 */
const PRODUCTS_SQL = `
  SELECT p.id, k.name AS category, coalesce(s.name, '') AS subcategory, p.name AS product, pc.pct::text AS pct
    FROM unnest($1::uuid[], $2::numeric[]) WITH ORDINALITY AS pc(category_id, pct, ord)
    JOIN categories k ON k.id = pc.category_id
    JOIN products p ON p.category_id = pc.category_id
    LEFT JOIN subcategories s ON s.id = p.subcategory_id
   WHERE $3::uuid IS NULL OR p.subcategory_id = $3
   ORDER BY pc.ord, s.display_order NULLS FIRST, lower(s.name), s.id, p.display_order, p.name, p.id`;

/** Standard variants of the products $1. */
const COUNT_SQL = `SELECT count(*)::int AS total FROM variants v WHERE v.product_id = ANY($1::uuid[]) AND NOT v.odd_size`;

/**
 * The standard variants (odd sizes are quoted through the search, never listed) of a run of products
 * $1, in their order and then variant order, priced with $2 (each product's percentage, aligned with
 * $1). An index scan and a sort of a few thousand rows: the build reads the catalogue in small,
 * evenly spread queries instead of one sort of the whole catalogue.
 */
/**
 * The list price a list shows: today's, or — for a list sent with a scheduled list-price change's notice
 * ($3 = the import it applies) — the price that change sets.
 */
const NEW_LIST_PRICE = `coalesce((SELECT ch.list_price_cents FROM catalogue_import_changes ch
                                   WHERE ch.variant_id = v.id AND ch.import_id = $3 AND ch.kind = 'update'),
                                 v.list_price_cents)`;

const VARIANTS_SQL = `
  SELECT v.product_id, v.part_number, v.size, v.actual_size, v.depth::float8 AS depth,
         ${customerPriceSql('($2::numeric[])[array_position($1::uuid[], v.product_id)]', NEW_LIST_PRICE)}::text AS price
    FROM variants v
   WHERE v.product_id = ANY($1::uuid[]) AND NOT v.odd_size
   ORDER BY array_position($1::uuid[], v.product_id), v.display_order, v.part_number`;

/** When the catalogue last changed (edits and list-price changes). */
const LAST_CHANGE_SQL = `
  SELECT greatest((SELECT max(updated_at) FROM variants), (SELECT max(updated_at) FROM products),
                  (SELECT max(updated_at) FROM subcategories), (SELECT max(updated_at) FROM categories),
                  (SELECT max(changed_at) FROM price_history)) AS changed_at`;

/** $1 id, $2 rows written, $3 total. */
const PROGRESS_SQL = `UPDATE pricelists SET "rows" = $2, total = $3 WHERE id = $1 AND status = 'running'`;

/** $1 id, $2 rows, $3 size, $4 storage name. */
const FINISH_SQL = `
  UPDATE pricelists SET status = 'ready', "rows" = $2, total = $2, size = $3, storage_name = $4, finished_at = now()
   WHERE id = $1 AND status = 'running'
  RETURNING id`;

/** $1 id, $2 message. */
const FAIL_SQL = `
  UPDATE pricelists SET status = 'failed', error = $2, finished_at = now()
   WHERE id = $1 AND status IN ('queued', 'running')
  RETURNING id, "rows", total`;

/** Lists past their expiry, oldest first. $1 = batch size. */
const EXPIRED_SQL = `
  SELECT id, storage_name, format FROM pricelists WHERE expires_at <= now() ORDER BY expires_at LIMIT $1`;

const DELETE_SQL = `DELETE FROM pricelists WHERE id = ANY($1::uuid[])`;

/** Which of these ids still have a row. $1 = ids. */
const EXISTING_SQL = `SELECT id FROM pricelists WHERE id = ANY($1::uuid[])`;

/** A claimed list with what the build needs. */
export interface Claimed extends CompanyPercentages {
  id: string;
  format: PricelistFormat;
  scope: PricelistRef['scope'];
  scope_id: string | null;
  scope_name: string;
  requested_by: string;
  company_id: string;
  company_name: string;
  /** A list at a scheduled list-price change's prices: the import that change applies. */
  price_import_id: string | null;
}

/** Claims the list for this run; null when it is not queued/running or has expired. */
export function claimPricelist(db: SqlRunner, id: string): Promise<Claimed | null> {
  return queryOne<Claimed>(db, CLAIM_SQL, [id]);
}

export async function savePricelistProgress(db: SqlRunner, id: string, rows: number, total: number): Promise<void> {
  await execute(db, PROGRESS_SQL, [id, rows, total]);
}

/** Marks the list ready; false when it is no longer running (removed meanwhile). */
export async function finishPricelist(db: SqlRunner, id: string, rows: number, size: number, storageName: string) {
  return (await execute(db, FINISH_SQL, [id, rows, size, storageName])) > 0;
}

/** Marks the list failed; its progress then, or null when it had already ended. */
export function failPricelist(db: SqlRunner, id: string, message: string) {
  return queryOne<{ rows: number; total: number | null }>(db, FAIL_SQL, [id, message]);
}

/* ------------------------------------------------------------------ the build's snapshot (one connection) */

/** Opens the one consistent, read-only snapshot a build reads from. */
export async function beginSnapshot(db: SqlRunner): Promise<void> {
  await execute(db, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

export async function endSnapshot(db: SqlRunner, outcome: 'COMMIT' | 'ROLLBACK'): Promise<void> {
  await execute(db, outcome);
}

export function pricelistCategories(db: SqlRunner, scopeId: string | null) {
  return queryRows<{ id: string; name: string; product_line: ProductLine | null }>(db, CATEGORIES_SQL, [scopeId]);
}

/** $1 category ids (in screen order), $2 their percentages, $3 sub-category id or null. */
export type ProductsParams = [string[], string[], string | null];

/** A listed product: its names and the company's percentage (text, e.g. '45.55'). */
export interface ListedProduct {
  id: string;
  category: string;
  subcategory: string;
  product: string;
  pct: string;
}

export function pricelistProducts(db: SqlRunner, params: ProductsParams): Promise<ListedProduct[]> {
  return queryRows<ListedProduct>(db, PRODUCTS_SQL, params);
}

export async function countPricelistRows(db: SqlRunner, productIds: string[]): Promise<number> {
  return (await queryOne<{ total: number }>(db, COUNT_SQL, [productIds]))!.total;
}

export async function lastCatalogueChange(db: SqlRunner): Promise<Date | null> {
  return (await queryOne<{ changed_at: Date | null }>(db, LAST_CHANGE_SQL))!.changed_at;
}

export type ListedVariant = Omit<PricelistLine, 'category' | 'subcategory' | 'product'> & { product_id: string };

/** The standard variants of `products` (consecutive listed products), in list order. */
export function pricelistVariants(
  db: SqlRunner,
  products: ListedProduct[],
  priceImportId: string | null = null,
): Promise<ListedVariant[]> {
  return queryRows<ListedVariant>(db, VARIANTS_SQL, [
    products.map((p) => p.id),
    products.map((p) => p.pct),
    priceImportId,
  ]);
}

/* ------------------------------------------------------------------ expiry */

export function expiredPricelists(db: SqlRunner, batch: number) {
  return queryRows<{ id: string; storage_name: string | null; format: string }>(db, EXPIRED_SQL, [batch]);
}

export async function deletePricelists(db: SqlRunner, ids: string[]): Promise<void> {
  await execute(db, DELETE_SQL, [ids]);
}

/** Which of these ids still have a row. */
export async function existingPricelistIds(db: SqlRunner, ids: string[]): Promise<Set<string>> {
  return new Set((await queryRows<{ id: string }>(db, EXISTING_SQL, [ids])).map((r) => r.id));
}

/**
 * The company's active agreed items (its quoted custom sizes and unlisted parts) as price-list lines,
 * after the catalogue: "Your items", its own part number when it gave one. $1 company, $2 today.
 */
const AGREED_SQL = `
  SELECT 'Your items' AS category, '' AS subcategory, 'Agreed price until ' || a.price_held_until::text AS product,
         coalesce(a.customer_part_no, a.part_number, '') AS part_number, a.description AS size, '' AS actual_size,
         a.depth::float8 AS depth, (a.price_cents / 100.0)::numeric(20,2)::text AS price
    FROM agreed_items a
   WHERE a.company_id = $1 AND NOT a.withdrawn AND a.price_held_until >= $2::date
   ORDER BY a.created_at, a.id`;

export function pricelistAgreedItems(db: SqlRunner, companyId: string, today: string): Promise<PricelistLine[]> {
  return queryRows<PricelistLine>(db, AGREED_SQL, [companyId, today]);
}

/* ------------------------------------------------------------------ a notice's list */

/** The price change a list was built for, and the admin it goes to; null for a list someone asked for. */
export interface NoticeOfList {
  price_change_id: string;
  kind: 'company_multipliers' | 'list_prices';
  change_company_id: string | null;
  change_company_name: string | null;
  effective_at: Date;
  user_id: string;
  username: string;
  email: string;
  company_id: string;
  company_name: string;
  created_at: Date;
}

/** $1 = pricelist id. */
const NOTICE_OF_LIST_SQL = `
  SELECT pc.id AS price_change_id, pc.kind, pc.company_id AS change_company_id, cc.name AS change_company_name,
         pc.effective_at, u.id AS user_id, u.username, u.email, c.id AS company_id, c.name AS company_name,
         l.created_at
    FROM pricelists l
    JOIN price_changes pc ON pc.id = l.price_change_id
    JOIN users u ON u.id = l.requested_by
    JOIN companies c ON c.id = l.company_id
    LEFT JOIN companies cc ON cc.id = pc.company_id
   WHERE l.id = $1 AND pc.status <> 'cancelled'`;

export function noticeOfList(db: SqlRunner, pricelistId: string): Promise<NoticeOfList | null> {
  return queryOne<NoticeOfList>(db, NOTICE_OF_LIST_SQL, [pricelistId]);
}
