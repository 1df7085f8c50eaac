import { execute, queryOne, queryRows, type Db } from '@portal/db';
import type { VariantRow } from '../catalogue-editing/catalogue-editing.repository';

/** SQL of catalogue export and the import records (the dry run and apply run in the worker). */

/** One exported variant, in file order. $1 = category/sub-category id or NULL (whole catalogue). */
const EXPORT_ROWS_SQL = `
  SELECT k.name AS category, s.name AS subcategory, p.name AS product, v.part_number, v.size, v.actual_size,
         v.depth::text AS depth, v.odd_size, v.odd_size_type, v.min_area::text AS min_area, v.max_area::text AS max_area,
         v.out_of_stock, v.list_price_cents::text AS list_price_cents, v.display_order, v.merv, v.efficiency_class,
         (SELECT string_agg(a.alias, '; ' ORDER BY a.alias_key) FROM part_aliases a WHERE a.variant_id = v.id) AS aliases
    FROM variants v
    JOIN products p ON p.id = v.product_id
    JOIN categories k ON k.id = p.category_id
    LEFT JOIN subcategories s ON s.id = p.subcategory_id
   WHERE $1::uuid IS NULL OR p.category_id = $1 OR p.subcategory_id = $1
   ORDER BY k.display_order, k.name, k.id, s.display_order NULLS FIRST, s.name, s.id, p.display_order, p.name, p.id,
            v.display_order, v.part_number, v.id`;

/** One export line: the stored variant's columns with the names of the nodes it sits under. */
export type ExportRow = Omit<VariantRow, 'id' | 'product_id' | 'version'> & {
  category: string;
  subcategory: string | null;
  product: string;
  /** The variant's part aliases, `; `-separated (null: none). */
  aliases: string | null;
};

/** A category's name, or a sub-category's with its category's ('MERV 10 1"'): export file names. */
const NODE_NAME_SQL = `
  SELECT k.name FROM categories k WHERE k.id = $1
  UNION ALL
  SELECT k.name || ' ' || s.name FROM subcategories s JOIN categories k ON k.id = s.category_id WHERE s.id = $1
  LIMIT 1`;

const INSERT_IMPORT_SQL = `
  INSERT INTO catalogue_imports (id, file_name, format, storage_name, size, mapping, delete_missing, total_rows,
                                 started_by, started_by_name, started_by_email)
  VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11)
  RETURNING id, status`;

export interface ImportRecord {
  id: string;
  status: string;
  file_name: string;
  format: string;
  delete_missing: boolean;
  total_rows: number;
  done_rows: number;
  create_count: number;
  update_count: number;
  unchanged_count: number;
  delete_count: number;
  error_count: number;
  message: string | null;
  started_by_name: string;
  created_at: Date;
  validated_at: Date | null;
  applied_at: Date | null;
  change_rows: number;
  error_rows: number;
}

const IMPORT_RECORD_SQL = `
  SELECT i.id, i.status, i.file_name, i.format, i.delete_missing, i.total_rows, i.done_rows, i.create_count,
         i.update_count, i.unchanged_count, i.delete_count, i.error_count, i.message, i.started_by_name, i.created_at,
         i.validated_at, i.applied_at,
         (SELECT count(*)::int FROM catalogue_import_changes c WHERE c.import_id = i.id) AS change_rows,
         (SELECT count(*)::int FROM catalogue_import_errors e WHERE e.import_id = i.id) AS error_rows
    FROM catalogue_imports i WHERE i.id = $1`;

/** $2 limit, $3 offset. */
const IMPORT_ERRORS_SQL = `
  SELECT row_number AS row, column_name AS column, message FROM catalogue_import_errors
   WHERE import_id = $1 ORDER BY seq LIMIT $2 OFFSET $3`;

const IMPORT_CHANGES_SQL = `
  SELECT row_number AS row, part_number, kind, fields FROM catalogue_import_changes
   WHERE import_id = $1 ORDER BY seq LIMIT $2 OFFSET $3`;

const LOCK_IMPORT_SQL = `SELECT id, status, file_name FROM catalogue_imports WHERE id = $1 FOR UPDATE`;

const SET_APPLYING_SQL = `UPDATE catalogue_imports SET status = 'applying', updated_at = now() WHERE id = $1`;

export interface NewImport {
  id: string;
  name: string;
  kind: string;
  storageName: string;
  size: number;
  mapping: unknown;
  deleteMissing: boolean;
  rows: number;
  user: { id: string; username: string; email: string };
}

export async function insertImport(db: Db, v: NewImport): Promise<{ id: string; status: string }> {
  return (await queryOne<{ id: string; status: string }>(db, INSERT_IMPORT_SQL, [
    v.id,
    v.name,
    v.kind,
    v.storageName,
    v.size,
    v.mapping ? JSON.stringify(v.mapping) : null,
    v.deleteMissing,
    v.rows,
    v.user.id,
    v.user.username,
    v.user.email,
  ]))!;
}

export function findImport(db: Db, id: string): Promise<ImportRecord | null> {
  return queryOne<ImportRecord>(db, IMPORT_RECORD_SQL, [id]);
}

export function importErrors(db: Db, id: string, limit: number, offset: number) {
  return queryRows<{ row: number; column: string | null; message: string }>(db, IMPORT_ERRORS_SQL, [id, limit, offset]);
}

export function importChanges(db: Db, id: string, limit: number, offset: number) {
  return queryRows<{ row: number; part_number: string; kind: string; fields: unknown }>(db, IMPORT_CHANGES_SQL, [
    id,
    limit,
    offset,
  ]);
}

export function lockImport(db: Db, id: string): Promise<{ id: string; status: string; file_name: string } | null> {
  return queryOne(db, LOCK_IMPORT_SQL, [id]);
}

export async function setApplying(db: Db, id: string): Promise<void> {
  await execute(db, SET_APPLYING_SQL, [id]);
}

/** The name of a category or sub-category, or null. */
export async function nodeName(db: Db, id: string): Promise<string | null> {
  return (await queryOne<{ name: string }>(db, NODE_NAME_SQL, [id]))?.name ?? null;
}

/** Opens the export cursor inside the caller's transaction (`db` = that transaction's manager). */
export async function openExportCursor(db: Db, catalogueId: string | null): Promise<void> {
  await execute(db, `DECLARE export_rows NO SCROLL CURSOR FOR ${EXPORT_ROWS_SQL}`, [catalogueId]);
}

export function fetchExportRows(db: Db, batch: number): Promise<ExportRow[]> {
  return queryRows<ExportRow>(db, `FETCH ${batch} FROM export_rows`);
}
