import type { EditorProduct, EditorVariant, ProductLine } from '@portal/contracts';
import type { NormalizedVariant } from '@portal/domain';
import { STORED_VARIANT_COLUMNS, execute, queryOne, queryRows, type Db, type StoredVariant } from '@portal/db';

/**
 * SQL of the catalogue write paths. Every bulk statement is set-based: one DELETE … ANY,
 * one UPDATE … FROM unnest(…), one INSERT … SELECT FROM unnest(…) per save, whatever the row count.
 */

/** A variant as stored (libs/db: the worker's import reads the same shape). */
export type VariantRow = StoredVariant;

const VARIANT_COLUMNS = STORED_VARIANT_COLUMNS;

export interface ProductRow {
  id: string;
  name: string;
  category_id: string;
  subcategory_id: string | null;
  image_path: string | null;
}

/** Locks the product: every write to a product's variants serialises on this row. $1 = product id. */
const LOCK_PRODUCT_SQL = `
  SELECT id, name, category_id, subcategory_id, image_path FROM products WHERE id = $1 FOR UPDATE`;

const PRODUCT_VARIANTS_SQL = `
  SELECT ${VARIANT_COLUMNS} FROM variants v WHERE v.product_id = $1 ORDER BY v.display_order, v.part_number, v.id`;

/** Part numbers (lower-cased, $1) already used by rows other than $2 (ids being rewritten or deleted). */
const TAKEN_PART_NUMBERS_SQL = `
  SELECT lower(v.part_number) AS key FROM variants v
   WHERE lower(v.part_number) = ANY($1::text[]) AND NOT (v.id = ANY($2::uuid[]))`;

/** Frees part numbers of rows about to be renamed, so swaps inside one save never collide. */
const PARK_PART_NUMBERS_SQL = `UPDATE variants SET part_number = id::text WHERE id = ANY($1::uuid[])`;

const DELETE_VARIANTS_SQL = `DELETE FROM variants WHERE product_id = $1 AND id = ANY($2::uuid[]) RETURNING id`;

/** $1 product id, $2.. column arrays (ids, part numbers, …). */
const UPDATE_VARIANTS_SQL = `
  UPDATE variants v SET
    part_number = u.part_number, size = u.size, actual_size = u.actual_size, depth = u.depth::numeric,
    odd_size = u.odd_size, odd_size_type = u.odd_size_type, min_area = u.min_area::numeric,
    max_area = u.max_area::numeric, out_of_stock = u.out_of_stock, list_price_cents = u.cents,
    display_order = u.display_order, merv = u.merv, efficiency_class = u.efficiency_class,
    version = v.version + 1, updated_at = now()
  FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::text[], $9::text[],
              $10::text[], $11::boolean[], $12::bigint[], $13::int[], $14::smallint[], $15::text[])
    AS u(id, part_number, size, actual_size, depth, odd_size, odd_size_type, min_area, max_area, out_of_stock, cents,
         display_order, merv, efficiency_class)
  WHERE v.id = u.id AND v.product_id = $1
  RETURNING v.id`;

const INSERT_VARIANTS_SQL = `
  INSERT INTO variants (id, product_id, part_number, size, actual_size, depth, odd_size, odd_size_type, min_area,
                        max_area, out_of_stock, list_price_cents, display_order, merv, efficiency_class)
  SELECT u.id, $1, u.part_number, u.size, u.actual_size, u.depth::numeric, u.odd_size, u.odd_size_type,
         u.min_area::numeric, u.max_area::numeric, u.out_of_stock, u.cents, u.display_order, u.merv, u.efficiency_class
    FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::text[], $9::text[],
                $10::text[], $11::boolean[], $12::bigint[], $13::int[], $14::smallint[], $15::text[])
      AS u(id, part_number, size, actual_size, depth, odd_size, odd_size_type, min_area, max_area, out_of_stock, cents,
           display_order, merv, efficiency_class)`;

/** Order-only changes of rows the save did not mention ($2 ids, $3 orders). */
const REORDER_SQL = `
  UPDATE variants v SET display_order = u.display_order, version = v.version + 1, updated_at = now()
    FROM unnest($2::uuid[], $3::int[]) AS u(id, display_order)
   WHERE v.id = u.id AND v.product_id = $1`;

const INSERT_PRICE_HISTORY_SQL = `
  INSERT INTO price_history (variant_id, product_id, part_number, old_price_cents, new_price_cents, changed_by, changed_by_name)
  SELECT u.variant_id, $1, u.part_number, u.old_cents, u.new_cents, $2, $3
    FROM unnest($4::uuid[], $5::text[], $6::bigint[], $7::bigint[]) AS u(variant_id, part_number, old_cents, new_cents)`;

/** The viewed node for `catalogue_id` (category or sub-category). $1 = id. */
const NODE_SQL = `
  SELECT 'category' AS kind, k.id AS category_id, NULL::uuid AS subcategory_id, k.name FROM categories k WHERE k.id = $1
  UNION ALL
  SELECT 'subcategory', s.category_id, s.id, s.name FROM subcategories s WHERE s.id = $1
  LIMIT 1`;

/* ------------------------------------------------------------------ API shapes */

export type { EditorProduct, EditorVariant };

const num = (v: string | null): number | null => (v === null ? null : Number(v));

export function toEditorVariant(r: VariantRow): EditorVariant {
  const price = Number(r.list_price_cents) / 100;
  return {
    _id: r.id,
    part_number: r.part_number,
    size: r.size,
    actual_size: r.actual_size,
    depth: num(r.depth),
    odd_size: r.odd_size,
    odd_size_type: (r.odd_size_type ?? '') as EditorVariant['odd_size_type'],
    min_area: num(r.min_area),
    max_area: num(r.max_area),
    out_of_stock: r.out_of_stock,
    merv: r.merv,
    efficiency_class: r.efficiency_class,
    display_order: r.display_order,
    list_price: price,
    customer_price: price,
    version: r.version,
  };
}

export function toEditorProduct(p: ProductRow, variants: readonly VariantRow[]): EditorProduct {
  return {
    _id: p.id,
    name: p.name,
    catalogue_id: p.category_id,
    subcatalogue_id: p.subcategory_id,
    image_path: p.image_path,
    variants: variants.map(toEditorVariant),
  };
}

/* ------------------------------------------------------------------ products and variants */

/** One variant to write: its id, checked value and display order. */
export interface RowWrite {
  id: string;
  value: NormalizedVariant;
  order: number;
}

/** Column arrays for the unnest() statements, in SQL parameter order $2..$15. */
function columns(rows: readonly RowWrite[]): unknown[] {
  return [
    rows.map((r) => r.id),
    rows.map((r) => r.value.part_number),
    rows.map((r) => r.value.size),
    rows.map((r) => r.value.actual_size),
    rows.map((r) => r.value.depth),
    rows.map((r) => r.value.odd_size),
    rows.map((r) => r.value.odd_size_type),
    rows.map((r) => r.value.min_area),
    rows.map((r) => r.value.max_area),
    rows.map((r) => r.value.out_of_stock),
    rows.map((r) => String(r.value.list_price_cents)),
    rows.map((r) => r.order),
    rows.map((r) => r.value.merv),
    rows.map((r) => r.value.efficiency_class),
  ];
}

/** Locks the product row (every write to its variants serialises here); null when unknown. */
export function lockProduct(db: Db, productId: string): Promise<ProductRow | null> {
  return queryOne<ProductRow>(db, LOCK_PRODUCT_SQL, [productId]);
}

export function productVariants(db: Db, productId: string): Promise<VariantRow[]> {
  return queryRows<VariantRow>(db, PRODUCT_VARIANTS_SQL, [productId]);
}

/** A variant by id, optionally only under the given product. */
export function findVariant(db: Db, variantId: string, productId?: string): Promise<VariantRow | null> {
  return productId === undefined
    ? queryOne<VariantRow>(db, `SELECT ${VARIANT_COLUMNS} FROM variants v WHERE v.id = $1`, [variantId])
    : queryOne<VariantRow>(db, `SELECT ${VARIANT_COLUMNS} FROM variants v WHERE v.id = $1 AND v.product_id = $2`, [
        variantId,
        productId,
      ]);
}

/** Lower-cased part numbers of `keys` already used by rows other than `exclude`. */
export async function takenPartNumbers(
  db: Db,
  keys: readonly string[],
  exclude: readonly string[],
): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await queryRows<{ key: string }>(db, TAKEN_PART_NUMBERS_SQL, [keys, exclude]);
  return new Set(rows.map((r) => r.key));
}

/** Deletes variants of the product; returns the ids that were there. */
export async function deleteVariants(db: Db, productId: string, ids: readonly string[]): Promise<string[]> {
  return (await queryRows<{ id: string }>(db, DELETE_VARIANTS_SQL, [productId, ids])).map((r) => r.id);
}

/** Frees the part numbers of rows about to be renamed, so swaps inside one save never collide. */
export async function parkPartNumbers(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await execute(db, PARK_PART_NUMBERS_SQL, [ids]);
}

export async function updateVariants(db: Db, productId: string, rows: readonly RowWrite[]): Promise<void> {
  if (rows.length) await execute(db, UPDATE_VARIANTS_SQL, [productId, ...columns(rows)]);
}

export async function insertVariants(db: Db, productId: string, rows: readonly RowWrite[]): Promise<void> {
  if (rows.length) await execute(db, INSERT_VARIANTS_SQL, [productId, ...columns(rows)]);
}

/** Order-only changes of rows a save did not mention. */
export async function reorderVariants(
  db: Db,
  productId: string,
  rows: readonly { id: string; order: number }[],
): Promise<void> {
  if (rows.length) await execute(db, REORDER_SQL, [productId, rows.map((r) => r.id), rows.map((r) => r.order)]);
}

export async function maxVariantOrder(db: Db, productId: string): Promise<number> {
  return (await queryOne<{ max: number }>(
    db,
    `SELECT coalesce(max(display_order), 0)::int AS max FROM variants WHERE product_id = $1`,
    [productId],
  ))!.max;
}

export async function countVariants(db: Db, productId: string): Promise<number> {
  return (await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM variants WHERE product_id = $1`, [
    productId,
  ]))!.n;
}

export async function touchProduct(db: Db, productId: string): Promise<void> {
  await execute(db, `UPDATE products SET updated_at = now() WHERE id = $1`, [productId]);
}

export interface NodeRow {
  kind: 'category' | 'subcategory';
  category_id: string;
  subcategory_id: string | null;
  name: string;
}

/** The category or sub-category a new product goes under; null when unknown. */
export function findNode(db: Db, id: string): Promise<NodeRow | null> {
  return queryOne<NodeRow>(db, NODE_SQL, [id]);
}

/** Inserts a product last in its category / sub-category. */
export async function insertProduct(db: Db, id: string, node: NodeRow, name: string): Promise<ProductRow> {
  const col = node.subcategory_id ? 'subcategory_id' : 'category_id';
  return (await queryOne<ProductRow>(
    db,
    `INSERT INTO products (id, category_id, subcategory_id, name, display_order)
     SELECT $1, $2, $3, $4, coalesce(max(display_order), 0) + 1 FROM products WHERE ${col} = $5
     RETURNING id, name, category_id, subcategory_id, image_path`,
    [id, node.category_id, node.subcategory_id, name, node.subcategory_id ?? node.category_id],
  ))!;
}

export async function deleteProductRow(db: Db, productId: string): Promise<void> {
  await execute(db, `DELETE FROM products WHERE id = $1`, [productId]);
}

/* ------------------------------------------------------------------ price history */

export interface PriceChange {
  id: string;
  pn: string;
  old: number | null;
  next: number;
}

export async function insertPriceHistory(
  db: Db,
  productId: string,
  by: { id: string; username: string },
  changes: readonly PriceChange[],
): Promise<void> {
  if (!changes.length) return;
  await execute(db, INSERT_PRICE_HISTORY_SQL, [
    productId,
    by.id,
    by.username,
    changes.map((c) => c.id),
    changes.map((c) => c.pn),
    changes.map((c) => (c.old === null ? null : String(c.old))),
    changes.map((c) => String(c.next)),
  ]);
}

export async function variantExists(db: Db, id: string): Promise<boolean> {
  return (await queryOne(db, `SELECT 1 FROM variants WHERE id = $1`, [id])) !== null;
}

/** A variant's price changes, newest first, as the API sends them. */
export async function priceHistory(db: Db, variantId: string) {
  const rows = await queryRows<{ old: string | null; new: string; changed_by: string; changed_at: Date }>(
    db,
    `SELECT old_price_cents::text AS old, new_price_cents::text AS new, changed_by_name AS changed_by, changed_at
       FROM price_history WHERE variant_id = $1 ORDER BY changed_at DESC, id DESC LIMIT 500`,
    [variantId],
  );
  return rows.map((r) => ({
    old_price: r.old === null ? null : Number(r.old) / 100,
    new_price: Number(r.new) / 100,
    changed_by: r.changed_by,
    changed_at: new Date(r.changed_at).toISOString(),
  }));
}

/* ------------------------------------------------------------------ categories */

export interface CategoryRow {
  id: string;
  name: string;
  product_line: ProductLine | null;
}

/** Locks a category for an edit; null when it does not exist. */
export function lockCategory(db: Db, id: string): Promise<CategoryRow | null> {
  return queryOne<CategoryRow>(db, `SELECT id, name, product_line FROM categories WHERE id = $1 FOR UPDATE`, [id]);
}

export async function setCategoryProductLine(db: Db, id: string, line: ProductLine | null): Promise<CategoryRow> {
  const row = await queryOne<CategoryRow>(
    db,
    `UPDATE categories SET product_line = $2, updated_at = now() WHERE id = $1 RETURNING id, name, product_line`,
    [id, line],
  );
  return row!;
}
