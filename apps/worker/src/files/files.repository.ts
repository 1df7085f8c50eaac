import { type Db, queryOne, type StoredFile } from '@portal/db';

/** What the check needs of a `files` row. */
export type FileRow = Pick<StoredFile, 'id' | 'owner_type' | 'owner_id' | 'mime' | 'storage_name' | 'status'>;

export function findFile(db: Db, id: string): Promise<FileRow | null> {
  return queryOne<FileRow>(db, `SELECT id, owner_type, owner_id, mime, storage_name, status FROM files WHERE id = $1`, [
    id,
  ]);
}

/**
 * Records the check's outcome on a file still 'processing'; the category it belongs to (for the
 * `catalogue.changed` message), or null when the file had moved on.
 */
export function finishFile(
  db: Db,
  id: string,
  outcome: { status: 'ready' | 'rejected'; reason: string | null; thumbnail: string | null },
): Promise<{ category_id: string | null } | null> {
  return queryOne(
    db,
    `UPDATE files SET status = $2, reason = $3, thumbnail_name = $4, updated_at = now()
      WHERE id = $1 AND status = 'processing'
      RETURNING (SELECT coalesce(
        (SELECT category_id FROM products WHERE id = files.owner_id),
        (SELECT category_id FROM subcategories WHERE id = files.owner_id),
        (SELECT id FROM categories WHERE id = files.owner_id))) AS category_id`,
    [id, outcome.status, outcome.reason, outcome.thumbnail],
  );
}
