import type { ProductLine } from '@portal/contracts';
import { type Db, queryOne } from '@portal/db';

/**
 * SQL of the catalogue write paths. Every bulk statement is set-based: one DELETE … ANY,
 * one UPDATE … FROM unnest(…), one INSERT … SELECT FROM unnest(…) per save, whatever the row count.
 */

/** A variant as stored, with the text forms used for change detection. */
export interface VariantRow {
  id: string;
  product_id: string;
  part_number: string;
  size: string;
  actual_size: string;
  depth: string | null;
  odd_size: boolean;
  odd_size_type: string | null;
  min_area: string | null;
  max_area: string | null;
  out_of_stock: boolean;
  list_price_cents: string;
  display_order: number;
  version: number;
}

export const VARIANT_COLUMNS = `v.id, v.product_id, v.part_number, v.size, v.actual_size, v.depth::text AS depth, v.odd_size,
  v.odd_size_type, v.min_area::text AS min_area, v.max_area::text AS max_area, v.out_of_stock,
  v.list_price_cents::text AS list_price_cents, v.display_order, v.version`;

export interface ProductRow {
  id: string;
  name: string;
  category_id: string;
  subcategory_id: string | null;
  image_path: string | null;
}

/** Locks the product: every write to a product's variants serialises on this row. $1 = product id. */
export const LOCK_PRODUCT_SQL = `
  SELECT id, name, category_id, subcategory_id, image_path FROM products WHERE id = $1 FOR UPDATE`;

export const PRODUCT_VARIANTS_SQL = `
  SELECT ${VARIANT_COLUMNS} FROM variants v WHERE v.product_id = $1 ORDER BY v.display_order, v.part_number, v.id`;

/** Part numbers (lower-cased, $1) already used by rows other than $2 (ids being rewritten or deleted). */
export const TAKEN_PART_NUMBERS_SQL = `
  SELECT lower(v.part_number) AS key FROM variants v
   WHERE lower(v.part_number) = ANY($1::text[]) AND NOT (v.id = ANY($2::uuid[]))`;

/** Frees part numbers of rows about to be renamed, so swaps inside one save never collide. */
export const PARK_PART_NUMBERS_SQL = `UPDATE variants SET part_number = id::text WHERE id = ANY($1::uuid[])`;

export const DELETE_VARIANTS_SQL = `DELETE FROM variants WHERE product_id = $1 AND id = ANY($2::uuid[]) RETURNING id`;

/** $1 product id, $2.. column arrays (ids, part numbers, …). */
export const UPDATE_VARIANTS_SQL = `
  UPDATE variants v SET
    part_number = u.part_number, size = u.size, actual_size = u.actual_size, depth = u.depth::numeric,
    odd_size = u.odd_size, odd_size_type = u.odd_size_type, min_area = u.min_area::numeric,
    max_area = u.max_area::numeric, out_of_stock = u.out_of_stock, list_price_cents = u.cents,
    display_order = u.display_order, version = v.version + 1, updated_at = now()
  FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::text[], $9::text[],
              $10::text[], $11::boolean[], $12::bigint[], $13::int[])
    AS u(id, part_number, size, actual_size, depth, odd_size, odd_size_type, min_area, max_area, out_of_stock, cents,
         display_order)
  WHERE v.id = u.id AND v.product_id = $1
  RETURNING v.id`;

export const INSERT_VARIANTS_SQL = `
  INSERT INTO variants (id, product_id, part_number, size, actual_size, depth, odd_size, odd_size_type, min_area,
                        max_area, out_of_stock, list_price_cents, display_order)
  SELECT u.id, $1, u.part_number, u.size, u.actual_size, u.depth::numeric, u.odd_size, u.odd_size_type,
         u.min_area::numeric, u.max_area::numeric, u.out_of_stock, u.cents, u.display_order
    FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::text[], $9::text[],
                $10::text[], $11::boolean[], $12::bigint[], $13::int[])
      AS u(id, part_number, size, actual_size, depth, odd_size, odd_size_type, min_area, max_area, out_of_stock, cents,
           display_order)`;

/** Order-only changes of rows the save did not mention ($2 ids, $3 orders). */
export const REORDER_SQL = `
  UPDATE variants v SET display_order = u.display_order, version = v.version + 1, updated_at = now()
    FROM unnest($2::uuid[], $3::int[]) AS u(id, display_order)
   WHERE v.id = u.id AND v.product_id = $1`;

export const INSERT_PRICE_HISTORY_SQL = `
  INSERT INTO price_history (variant_id, product_id, part_number, old_price_cents, new_price_cents, changed_by, changed_by_name)
  SELECT u.variant_id, $1, u.part_number, u.old_cents, u.new_cents, $2, $3
    FROM unnest($4::uuid[], $5::text[], $6::bigint[], $7::bigint[]) AS u(variant_id, part_number, old_cents, new_cents)`;

/** The viewed node for `catalogue_id` (category or sub-category). $1 = id. */
export const NODE_SQL = `
  SELECT 'category' AS kind, k.id AS category_id, NULL::uuid AS subcategory_id, k.name FROM categories k WHERE k.id = $1
  UNION ALL
  SELECT 'subcategory', s.category_id, s.id, s.name FROM subcategories s WHERE s.id = $1
  LIMIT 1`;

/** A file owner of any kind, with its category. $1 = id. */
export const FILE_OWNER_SQL = `
  SELECT 'product' AS kind, p.id, p.name, p.category_id FROM products p WHERE p.id = $1
  UNION ALL
  SELECT 'category', k.id, k.name, k.id FROM categories k WHERE k.id = $1
  UNION ALL
  SELECT 'subcategory', s.id, s.name, s.category_id FROM subcategories s WHERE s.id = $1
  LIMIT 1`;

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
