import type { EntityManager } from 'typeorm';
import {
  STORED_VARIANT_COLUMNS,
  execute,
  queryOne,
  queryRows,
  type AuditSelect,
  type Db,
  type StoredVariant,
} from '@portal/db';

/**
 * Data access of the catalogue import (dry run and apply). Every write is set-based: staging rows go in one
 * INSERT … SELECT FROM unnest(…) per batch, and the apply is a handful of statements over the
 * staging table, whatever the row count.
 */

export interface ImportRow {
  id: string;
  status: string;
  file_name: string;
  format: 'csv' | 'xlsx';
  storage_name: string | null;
  mapping: Record<string, string | null> | null;
  delete_missing: boolean;
  total_rows: number;
  started_by: string | null;
  started_by_name: string;
  started_by_email: string;
  create_count: number;
  update_count: number;
  unchanged_count: number;
  delete_count: number;
  error_count: number;
}

const IMPORT_SQL = `
  SELECT id, status, file_name, format, storage_name, mapping, delete_missing, total_rows, started_by, started_by_name,
         started_by_email, create_count, update_count, unchanged_count, delete_count, error_count
    FROM catalogue_imports WHERE id = $1`;

/** Moves an import from one of the statuses in $2 to $3; returns the row when it did. */
const TRANSITION_SQL = `
  UPDATE catalogue_imports SET status = $3, updated_at = now() WHERE id = $1 AND status = ANY($2::text[])
  RETURNING id`;

const CLEAR_STAGING_SQL = [
  `DELETE FROM catalogue_import_errors WHERE import_id = $1`,
  `DELETE FROM catalogue_import_changes WHERE import_id = $1`,
];

const PROGRESS_SQL = `UPDATE catalogue_imports SET done_rows = $2, total_rows = greatest(total_rows, $3) WHERE id = $1`;

const FINISH_DRY_RUN_SQL = `
  UPDATE catalogue_imports SET status = $2, create_count = $3, update_count = $4, unchanged_count = $5,
         delete_count = $6, error_count = $7, done_rows = $8, total_rows = $8, message = $9, validated_at = now(),
         updated_at = now()
   WHERE id = $1 AND status = 'validating'
  RETURNING id`;

const FAIL_SQL = `
  UPDATE catalogue_imports SET status = 'failed', message = $2, updated_at = now()
   WHERE id = $1 AND status IN ('queued', 'validating', 'applying')
  RETURNING id`;

const CATEGORIES_SQL = `SELECT id, name FROM categories`;
const SUBCATEGORIES_SQL = `SELECT id, category_id, name FROM subcategories`;
/** Products by node and lower-cased name; the first in display order wins a name clash. */
const PRODUCTS_SQL = `
  SELECT DISTINCT ON (category_id, subcategory_id, lower(name)) id, category_id, subcategory_id, lower(name) AS key
    FROM products ORDER BY category_id, subcategory_id, lower(name), display_order, id`;

export type FieldDiff = Record<string, { from: string | null; to: string | null }>;

/** A planned change, staged by the dry run in catalogue_import_changes. */
export interface ChangeRow {
  seq: number;
  line: number | null;
  kind: 'create' | 'update' | 'delete';
  part_number: string;
  variant_id: string | null;
  base_version: number | null;
  category_id: string | null;
  subcategory_id: string | null;
  product_id: string | null;
  product_name: string | null;
  size: string | null;
  actual_size: string | null;
  depth: string | null;
  odd_size: boolean | null;
  odd_size_type: string | null;
  min_area: string | null;
  max_area: string | null;
  out_of_stock: boolean | null;
  merv: number | null;
  efficiency_class: string | null;
  cents: number | null;
  old_cents: number | null;
  display_order: number | null;
  fields: FieldDiff;
}

export interface StagedError {
  seq: number;
  line: number;
  column: string;
  message: string;
}

/** A variant that deleteMissing would remove. */
export interface MissingVariant {
  id: string;
  part_number: string;
  version: number;
  list_price_cents: string;
  product_name: string;
}

/** A variant with its product's place, looked up by lower-cased part numbers ($1). */
export interface CurrentVariant extends StoredVariant {
  key: string;
  /** Part aliases, `; `-separated (null: none). */
  aliases: string | null;
  product_name: string;
  category_id: string;
  subcategory_id: string | null;
}

const VARIANTS_BY_PART_NUMBER_SQL = `
  SELECT ${STORED_VARIANT_COLUMNS}, lower(v.part_number) AS key, p.name AS product_name, p.category_id, p.subcategory_id,
         (SELECT string_agg(a.alias, '; ') FROM part_aliases a WHERE a.variant_id = v.id) AS aliases
    FROM variants v JOIN products p ON p.id = v.product_id
   WHERE lower(v.part_number) = ANY($1::text[])`;

const INSERT_ERRORS_SQL = `
  INSERT INTO catalogue_import_errors (import_id, seq, row_number, column_name, message)
  SELECT $1, u.seq, u.row_number, u.column_name, u.message
    FROM unnest($2::int[], $3::int[], $4::text[], $5::text[]) AS u(seq, row_number, column_name, message)`;

const INSERT_CHANGES_SQL = `
  INSERT INTO catalogue_import_changes (import_id, seq, row_number, kind, part_number, variant_id, base_version,
    category_id, subcategory_id, product_id, product_name, size, actual_size, depth, odd_size, odd_size_type,
    min_area, max_area, out_of_stock, list_price_cents, old_price_cents, display_order, fields, merv, efficiency_class)
  SELECT $1, u.seq, u.row_number, u.kind, u.part_number, u.variant_id, u.base_version, u.category_id,
         u.subcategory_id, u.product_id, u.product_name, u.size, u.actual_size, u.depth::numeric, u.odd_size,
         u.odd_size_type, u.min_area::numeric, u.max_area::numeric, u.out_of_stock, u.cents, u.old_cents,
         u.display_order, u.fields::jsonb, u.merv, u.efficiency_class
    FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::uuid[], $7::int[], $8::uuid[], $9::uuid[],
                $10::uuid[], $11::text[], $12::text[], $13::text[], $14::text[], $15::boolean[], $16::text[],
                $17::text[], $18::text[], $19::boolean[], $20::bigint[], $21::bigint[], $22::int[], $23::text[],
                $24::smallint[], $25::text[])
      AS u(seq, row_number, kind, part_number, variant_id, base_version, category_id, subcategory_id, product_id,
           product_name, size, actual_size, depth, odd_size, odd_size_type, min_area, max_area, out_of_stock, cents,
           old_cents, display_order, fields, merv, efficiency_class)`;

/**
 * deleteMissing: variants of the file's nodes ($1 category ids, $2 sub-category ids or NULL, pairwise)
 * whose part numbers ($3, lower-cased) the file does not list.
 */
const MISSING_VARIANTS_SQL = `
  SELECT v.id, v.part_number, v.version, v.list_price_cents::text AS list_price_cents, p.name AS product_name
    FROM unnest($1::uuid[], $2::uuid[]) AS n(category_id, subcategory_id)
    JOIN products p ON p.category_id = n.category_id AND p.subcategory_id IS NOT DISTINCT FROM n.subcategory_id
    JOIN variants v ON v.product_id = p.id
   WHERE NOT (lower(v.part_number) = ANY($3::text[]))
   ORDER BY p.display_order, v.display_order, v.id`;

/* ------------------------------------------------------------------ apply ($1 = import id) */

/** Serialises with grid saves, which lock the product row before reading versions. */
const LOCK_PRODUCTS_SQL = `
  SELECT p.id FROM products p
   WHERE p.id IN (SELECT v.product_id FROM catalogue_import_changes c JOIN variants v ON v.id = c.variant_id
                   WHERE c.import_id = $1
                  UNION SELECT c.product_id FROM catalogue_import_changes c
                   WHERE c.import_id = $1 AND c.product_id IS NOT NULL)
   ORDER BY p.id FOR UPDATE OF p`;

/** Rows whose basis moved since the dry run: up to 20 part numbers. */
const STALE_ROWS_SQL = `
  SELECT part_number FROM (
    SELECT c.part_number, c.seq FROM catalogue_import_changes c LEFT JOIN variants v ON v.id = c.variant_id
     WHERE c.import_id = $1 AND c.kind IN ('update', 'delete') AND (v.id IS NULL OR v.version <> c.base_version)
    UNION ALL
    SELECT c.part_number, c.seq FROM catalogue_import_changes c JOIN variants v ON lower(v.part_number) = lower(c.part_number)
     WHERE c.import_id = $1 AND c.kind = 'create'
    UNION ALL
    SELECT c.part_number, c.seq FROM catalogue_import_changes c
     WHERE c.import_id = $1 AND c.kind <> 'delete' AND (
           NOT EXISTS (SELECT 1 FROM categories k WHERE k.id = c.category_id)
        OR (c.subcategory_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM subcategories s WHERE s.id = c.subcategory_id))
        OR (c.product_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id)))
  ) x ORDER BY seq LIMIT 20`;

/** New products: one that exists by now (same node, same name) is used instead of a second one. */
const RESOLVE_PRODUCTS_SQL = `
  UPDATE catalogue_import_changes c SET product_id = (
    SELECT p.id FROM products p
     WHERE p.category_id = c.category_id AND p.subcategory_id IS NOT DISTINCT FROM c.subcategory_id
       AND lower(p.name) = lower(c.product_name)
     ORDER BY p.display_order, p.id LIMIT 1)
   WHERE c.import_id = $1 AND c.kind <> 'delete' AND c.product_id IS NULL`;

const INSERT_PRODUCTS_SQL = `
  WITH wanted AS (
    SELECT category_id, subcategory_id, lower(product_name) AS key, min(product_name) AS name, min(seq) AS first_seq
      FROM catalogue_import_changes
     WHERE import_id = $1 AND kind <> 'delete' AND product_id IS NULL
     GROUP BY category_id, subcategory_id, lower(product_name)
  ), ins AS (
    INSERT INTO products (category_id, subcategory_id, name, display_order)
    SELECT w.category_id, w.subcategory_id, w.name,
           coalesce((SELECT max(p.display_order) FROM products p WHERE p.category_id = w.category_id
                      AND p.subcategory_id IS NOT DISTINCT FROM w.subcategory_id), 0)
           + row_number() OVER (PARTITION BY w.category_id, w.subcategory_id ORDER BY w.first_seq)
      FROM wanted w
    RETURNING id, category_id, subcategory_id, lower(name) AS key
  )
  UPDATE catalogue_import_changes c SET product_id = ins.id FROM ins
   WHERE c.import_id = $1 AND c.kind <> 'delete' AND c.product_id IS NULL AND c.category_id = ins.category_id
     AND c.subcategory_id IS NOT DISTINCT FROM ins.subcategory_id AND lower(c.product_name) = ins.key
  RETURNING c.seq`;

const DELETE_VARIANTS_SQL = `
  DELETE FROM variants v USING catalogue_import_changes c
   WHERE c.import_id = $1 AND c.kind = 'delete' AND v.id = c.variant_id AND v.version = c.base_version
  RETURNING v.id`;

const UPDATE_VARIANTS_SQL = `
  UPDATE variants v SET product_id = c.product_id, part_number = c.part_number, size = c.size,
         actual_size = c.actual_size, depth = c.depth, odd_size = c.odd_size, odd_size_type = c.odd_size_type,
         min_area = c.min_area, max_area = c.max_area, out_of_stock = c.out_of_stock,
         list_price_cents = c.list_price_cents, display_order = coalesce(c.display_order, v.display_order),
         merv = c.merv, efficiency_class = c.efficiency_class, version = v.version + 1, updated_at = now()
    FROM catalogue_import_changes c
   WHERE c.import_id = $1 AND c.kind = 'update' AND v.id = c.variant_id AND v.version = c.base_version
  RETURNING v.id`;

/** New variants; without a display order they go after the product's rows, in file order. */
const INSERT_VARIANTS_SQL = `
  INSERT INTO variants (product_id, part_number, size, actual_size, depth, odd_size, odd_size_type, min_area,
                        max_area, out_of_stock, list_price_cents, merv, efficiency_class, display_order)
  SELECT c.product_id, c.part_number, c.size, c.actual_size, c.depth, c.odd_size, c.odd_size_type, c.min_area,
         c.max_area, c.out_of_stock, c.list_price_cents, c.merv, c.efficiency_class,
         coalesce(c.display_order, coalesce(mx.max, 0)
           + (row_number() OVER (PARTITION BY c.product_id, c.display_order IS NULL ORDER BY c.seq))::int)
    FROM catalogue_import_changes c
    LEFT JOIN (SELECT product_id, max(display_order) AS max FROM variants GROUP BY product_id) mx
      ON mx.product_id = c.product_id
   WHERE c.import_id = $1 AND c.kind = 'create'
  RETURNING id`;

/** $2 user id, $3 user name, $4 when the prices changed (null: now; a scheduled change: its instant). */
const PRICE_HISTORY_UPDATES_SQL = `
  INSERT INTO price_history (variant_id, product_id, part_number, old_price_cents, new_price_cents, changed_by, changed_by_name,
                             changed_at)
  SELECT c.variant_id, c.product_id, c.part_number, c.old_price_cents, c.list_price_cents, $2, $3,
         coalesce($4::timestamptz, now())
    FROM catalogue_import_changes c
   WHERE c.import_id = $1 AND c.kind = 'update' AND c.old_price_cents IS DISTINCT FROM c.list_price_cents`;

const PRICE_HISTORY_CREATES_SQL = `
  INSERT INTO price_history (variant_id, product_id, part_number, old_price_cents, new_price_cents, changed_by, changed_by_name,
                             changed_at)
  SELECT v.id, v.product_id, v.part_number, NULL, v.list_price_cents, $2, $3, coalesce($4::timestamptz, now())
    FROM catalogue_import_changes c JOIN variants v ON lower(v.part_number) = lower(c.part_number)
   WHERE c.import_id = $1 AND c.kind = 'create'`;

const TOUCH_PRODUCTS_SQL = `
  UPDATE products SET updated_at = now()
   WHERE id IN (SELECT product_id FROM catalogue_import_changes WHERE import_id = $1 AND product_id IS NOT NULL)`;

const COUNT_CHANGES_SQL = `
  SELECT count(*) FILTER (WHERE kind = 'create')::int AS create, count(*) FILTER (WHERE kind = 'update')::int AS update,
         count(*) FILTER (WHERE kind = 'delete')::int AS delete
    FROM catalogue_import_changes WHERE import_id = $1`;

const FINISH_APPLY_SQL = `
  UPDATE catalogue_imports SET status = $2, message = $3, applied_at = CASE WHEN $2 = 'applied' THEN now() END,
         done_rows = $4, updated_at = now()
   WHERE id = $1 AND status = 'applying'
  RETURNING id`;

/**
 * Audit entries of an applied import: one per changed variant (before/after hold the changed
 * columns, `customer_price` for the list price, as the API names it) and one for the import itself.
 * $1 import id.
 */
const AUDIT_APPLY_SELECT = `
  WITH changes AS (
    SELECT c.seq, c.kind, c.variant_id, c.part_number,
           (SELECT jsonb_object_agg(CASE f.key WHEN 'list_price' THEN 'customer_price' ELSE f.key END, f.value->'from')
              FROM jsonb_each(c.fields) f) AS before,
           (SELECT jsonb_object_agg(CASE f.key WHEN 'list_price' THEN 'customer_price' ELSE f.key END, f.value->'to')
              FROM jsonb_each(c.fields) f) AS after
      FROM catalogue_import_changes c
     WHERE c.import_id = $1
  )
  SELECT 'variant.' || CASE kind WHEN 'create' THEN 'created' WHEN 'update' THEN 'updated' ELSE 'deleted' END AS action,
         'variant' AS entity, variant_id::text AS entity_id, NULL::uuid AS company_id,
         CASE kind WHEN 'create' THEN NULL ELSE COALESCE(before, '{}'::jsonb) || jsonb_build_object('part_number', part_number) END AS before,
         CASE kind WHEN 'delete' THEN NULL ELSE COALESCE(after, '{}'::jsonb) || jsonb_build_object('part_number', part_number) END AS after
    FROM changes
  UNION ALL
  SELECT 'catalogue_import.applied', 'catalogue_import', i.id::text, NULL::uuid, NULL::jsonb,
         jsonb_build_object('file_name', i.file_name, 'create', i.create_count, 'update', i.update_count,
                            'delete', i.delete_count, 'unchanged', i.unchanged_count)
    FROM catalogue_imports i
   WHERE i.id = $1`;

/* ------------------------------------------------------------------ the import row */

export function loadImport(db: Db, id: string): Promise<ImportRow | null> {
  return queryOne<ImportRow>(db, IMPORT_SQL, [id]);
}

/** Moves the import from one of `from` to `to`; false when it was in none of them. */
export async function transitionImport(db: Db, id: string, from: string[], to: string): Promise<boolean> {
  return (await execute(db, TRANSITION_SQL, [id, from, to])) > 0;
}

export async function clearStaging(db: Db, id: string): Promise<void> {
  for (const sql of CLEAR_STAGING_SQL) await execute(db, sql, [id]);
}

export async function saveProgress(db: Db, id: string, done: number, total: number): Promise<void> {
  await execute(db, PROGRESS_SQL, [id, done, total]);
}

/** Ends a dry run ('validating' only); false when the import had moved on. */
export async function finishDryRun(
  db: Db,
  id: string,
  status: string,
  c: { create: number; update: number; unchanged: number; delete: number; errors: number },
  rows: number,
  message: string | null,
): Promise<boolean> {
  const params = [id, status, c.create, c.update, c.unchanged, c.delete, c.errors, rows, message];
  return (await execute(db, FINISH_DRY_RUN_SQL, params)) > 0;
}

/** Marks a running import failed; false when it had already ended. */
export async function failImport(db: Db, id: string, message: string): Promise<boolean> {
  return (await execute(db, FAIL_SQL, [id, message])) > 0;
}

/** Ends an apply ('applying' only); false when the import had moved on. */
export async function finishApply(
  db: Db,
  id: string,
  status: 'applied' | 'conflict',
  message: string | null,
  done: number,
): Promise<boolean> {
  return (await execute(db, FINISH_APPLY_SQL, [id, status, message, done])) > 0;
}

/* ------------------------------------------------------------------ dry run */

export async function loadCatalogueNodes(db: Db) {
  return {
    categories: await queryRows<{ id: string; name: string }>(db, CATEGORIES_SQL),
    subcategories: await queryRows<{ id: string; category_id: string; name: string }>(db, SUBCATEGORIES_SQL),
    products: await queryRows<{ id: string; category_id: string; subcategory_id: string | null; key: string }>(
      db,
      PRODUCTS_SQL,
    ),
  };
}

export function variantsByPartNumber(db: Db, keys: string[]): Promise<CurrentVariant[]> {
  return keys.length ? queryRows<CurrentVariant>(db, VARIANTS_BY_PART_NUMBER_SQL, [keys]) : Promise.resolve([]);
}

export function missingVariants(
  db: Db,
  scopes: { category: string; subcategory: string | null }[],
  listedKeys: string[],
): Promise<MissingVariant[]> {
  return queryRows<MissingVariant>(db, MISSING_VARIANTS_SQL, [
    scopes.map((s) => s.category),
    scopes.map((s) => s.subcategory),
    listedKeys,
  ]);
}

export async function insertErrors(db: Db, id: string, e: StagedError[]): Promise<void> {
  await execute(db, INSERT_ERRORS_SQL, [
    id,
    e.map((r) => r.seq),
    e.map((r) => r.line),
    e.map((r) => r.column),
    e.map((r) => r.message),
  ]);
}

export async function insertChanges(db: Db, id: string, c: ChangeRow[]): Promise<void> {
  await execute(db, INSERT_CHANGES_SQL, [
    id,
    c.map((r) => r.seq),
    c.map((r) => r.line),
    c.map((r) => r.kind),
    c.map((r) => r.part_number),
    c.map((r) => r.variant_id),
    c.map((r) => r.base_version),
    c.map((r) => r.category_id),
    c.map((r) => r.subcategory_id),
    c.map((r) => r.product_id),
    c.map((r) => r.product_name),
    c.map((r) => r.size),
    c.map((r) => r.actual_size),
    c.map((r) => r.depth),
    c.map((r) => r.odd_size),
    c.map((r) => r.odd_size_type),
    c.map((r) => r.min_area),
    c.map((r) => r.max_area),
    c.map((r) => r.out_of_stock),
    c.map((r) => (r.cents === null ? null : String(r.cents))),
    c.map((r) => (r.old_cents === null ? null : String(r.old_cents))),
    c.map((r) => r.display_order),
    c.map((r) => JSON.stringify(r.fields)),
    c.map((r) => r.merv),
    c.map((r) => r.efficiency_class),
  ]);
}

/* ------------------------------------------------------------------ apply (in the caller's transaction) */

/** Locks the touched products and lists up to 20 part numbers whose basis moved since the dry run. */
export async function lockAndFindStale(m: EntityManager, id: string): Promise<string[]> {
  await execute(m, LOCK_PRODUCTS_SQL, [id]);
  return (await queryRows<{ part_number: string }>(m, STALE_ROWS_SQL, [id])).map((s) => s.part_number);
}

export async function countChanges(
  m: EntityManager,
  id: string,
): Promise<{ create: number; update: number; delete: number }> {
  return (await queryOne<{ create: number; update: number; delete: number }>(m, COUNT_CHANGES_SQL, [id]))!;
}

/** Resolves or creates the products the staged rows name. */
export async function placeProducts(m: EntityManager, id: string): Promise<void> {
  await execute(m, RESOLVE_PRODUCTS_SQL, [id]);
  await execute(m, INSERT_PRODUCTS_SQL, [id]);
}

/** Deletes and updates the staged variants whose version still matches; how many of each. */
export async function deleteAndUpdateVariants(
  m: EntityManager,
  id: string,
): Promise<{ deleted: number; updated: number }> {
  const deleted = await execute(m, DELETE_VARIANTS_SQL, [id]);
  const updated = await execute(m, UPDATE_VARIANTS_SQL, [id]);
  return { deleted, updated };
}

/** Inserts the new variants, writes price history and touches the products. */
export async function insertVariantsAndHistory(
  m: EntityManager,
  id: string,
  by: string | null,
  byName: string,
  at: Date | null = null,
) {
  await execute(m, INSERT_VARIANTS_SQL, [id]);
  await execute(m, PRICE_HISTORY_UPDATES_SQL, [id, by, byName, at]);
  await execute(m, PRICE_HISTORY_CREATES_SQL, [id, by, byName, at]);
  await execute(m, TOUCH_PRODUCTS_SQL, [id]);
}

/* ------------------------------------------------------------------ part aliases */

/** Of these part-number keys, the ones that are our part numbers (an alias may not be one). */
export async function partNumberKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await queryRows<{ k: string }>(
    db,
    `SELECT DISTINCT part_key(part_number) AS k FROM variants WHERE part_key(part_number) = ANY($1::text[])`,
    [keys],
  );
  return new Set(rows.map((r) => r.k));
}

/**
 * Rows whose `aliases` changed (the diff's `fields.aliases.to`, `;`-separated): the variant's aliases
 * become exactly that set — aliases no longer listed are deleted, new ones added (source
 * 'competitor'), the ones kept keep their source, brand and note. $1 import id, $2 user id.
 */
const APPLY_ALIASES_SQL = `
  WITH c AS (
    SELECT v.id AS variant_id, coalesce(ch.fields->'aliases'->>'to', '') AS wanted
      FROM catalogue_import_changes ch JOIN variants v ON lower(v.part_number) = lower(ch.part_number)
     WHERE ch.import_id = $1 AND ch.kind IN ('create', 'update') AND ch.fields ? 'aliases'
  ), w AS (
    SELECT DISTINCT ON (k.alias_key, c.variant_id) c.variant_id, k.alias, k.alias_key
      FROM c CROSS JOIN LATERAL unnest(string_to_array(c.wanted, ';')) x
      CROSS JOIN LATERAL (SELECT btrim(x) AS alias, part_key(btrim(x)) AS alias_key) k
     WHERE k.alias_key <> ''
  ), del AS (
    -- Each variant's kept keys as an array on its own row, and no join between the CTEs: the plan
    -- stays linear whatever the row estimates (an anti-join against w, planned as a nested loop
    -- over a fresh import's unanalysed rows, ran for hours with 100,000 aliases).
    DELETE FROM part_aliases a
     USING (SELECT c.variant_id,
                   ARRAY(SELECT part_key(btrim(x)) FROM unnest(string_to_array(c.wanted, ';')) x) AS keep
              FROM c) k
     WHERE a.variant_id = k.variant_id AND a.alias_key <> ALL (k.keep)
    RETURNING a.id
  )
  INSERT INTO part_aliases (alias, variant_id, source, created_by)
  SELECT w.alias, w.variant_id, 'competitor', $2 FROM w
  ON CONFLICT (alias_key, variant_id) DO NOTHING`;

/** Applies the staged alias sets (after the variants exist); audited through the variants' entries. */
export async function applyImportAliases(m: EntityManager, id: string, by: string | null): Promise<void> {
  await execute(m, APPLY_ALIASES_SQL, [id, by]);
}

/** The apply's audit entries (`total` changed variants + the import), in the same transaction. */
export function applyAudit(id: string, total: number): AuditSelect {
  return { select: AUDIT_APPLY_SELECT, params: [id], count: total + 1, entities: ['variant', 'catalogue_import'] };
}
