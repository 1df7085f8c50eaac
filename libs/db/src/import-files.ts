import { execute, queryRows, type SqlRunner } from './sql';

/** The tables of imports that keep an uploaded file (`storage_name` under FILES_DIR/imports). */
export type ImportTable = 'catalogue_imports' | 'sites_imports';
export const IMPORT_TABLES: readonly ImportTable[] = ['catalogue_imports', 'sites_imports'];

/** An import whose uploaded file is no longer needed. */
export interface ImportFileToRemove {
  id: string;
  storage_name: string;
}

/**
 * Imports of `table` whose file may go, at most `limit`: every import that has ended (applied,
 * invalid, failed, conflict), and any other that is not running (ready, or queued and never picked
 * up) once it is older than `days` days at `now`. A dry run in progress keeps its file.
 */
export function importFilesToRemove(
  db: SqlRunner,
  table: ImportTable,
  now: Date,
  days: number,
  limit: number,
): Promise<ImportFileToRemove[]> {
  return queryRows<ImportFileToRemove>(
    db,
    `SELECT id, storage_name FROM ${table}
      WHERE file_removed_at IS NULL AND storage_name IS NOT NULL
        AND status NOT IN ('validating', 'applying')
        AND (status IN ('applied', 'invalid', 'failed', 'conflict') OR created_at < $1::timestamptz - make_interval(days => $2))
      ORDER BY created_at LIMIT $3`,
    [now, days, limit],
  );
}

/** Records that the files of these imports are gone (at `now`). */
export async function markImportFilesRemoved(db: SqlRunner, table: ImportTable, ids: string[], now: Date) {
  if (ids.length) await execute(db, `UPDATE ${table} SET file_removed_at = $2 WHERE id = ANY($1::uuid[])`, [ids, now]);
}
