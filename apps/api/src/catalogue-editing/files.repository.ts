import { queryOne, queryRows, type Db, type StoredFile } from '@portal/db';

/** Catalogue resources (`files`): owners are products, categories or sub-categories. */

export interface FileView {
  _id: string;
  name: string;
  path: string;
  mime: string;
  size: number;
  status: 'processing' | 'ready' | 'rejected' | 'pending';
  reason: string | null;
  thumbnail: string | null;
  created_at: string;
}

export type FileRow = StoredFile;

export const filePath = (id: string) => `/api/catalogue/file/${id}`;

export function toFileView(r: FileRow): FileView {
  return {
    _id: r.id,
    name: r.name,
    path: filePath(r.id),
    mime: r.mime,
    size: Number(r.size),
    status: r.status as FileView['status'],
    reason: r.reason,
    thumbnail: r.thumbnail_name && r.status === 'ready' ? `${filePath(r.id)}/thumbnail` : null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

const FILE_COLUMNS =
  'id, owner_type, owner_id, name, mime, size, status, reason, storage_name, thumbnail_name, created_at';

export interface FileOwner {
  kind: FileRow['owner_type'];
  id: string;
  name: string;
  category_id: string;
}

/** A file owner of any kind, with its category. */
export function findFileOwner(db: Db, id: string): Promise<FileOwner | null> {
  return queryOne<FileOwner>(
    db,
    `SELECT 'product' AS kind, p.id, p.name, p.category_id FROM products p WHERE p.id = $1
     UNION ALL
     SELECT 'category', k.id, k.name, k.id FROM categories k WHERE k.id = $1
     UNION ALL
     SELECT 'subcategory', s.id, s.name, s.category_id FROM subcategories s WHERE s.id = $1
     LIMIT 1`,
    [id],
  );
}

export interface NewFile {
  id: string;
  name: string;
  mime: string;
  size: number;
  storage: string;
}

/** Inserts the uploaded files ('processing' until the worker has checked them), in the given order. */
export function insertFiles(
  db: Db,
  owner: FileOwner,
  uploadedBy: string,
  files: readonly NewFile[],
): Promise<FileRow[]> {
  return queryRows<FileRow>(
    db,
    `INSERT INTO files (id, owner_type, owner_id, name, path, mime, size, status, storage_name, uploaded_by)
     SELECT u.id, $1, $2, u.name, '/api/catalogue/file/' || u.id::text, u.mime, u.size, 'processing', u.storage, $3
       FROM unnest($4::uuid[], $5::text[], $6::text[], $7::bigint[], $8::text[]) WITH ORDINALITY
         AS u(id, name, mime, size, storage, ord)
      ORDER BY u.ord
     RETURNING ${FILE_COLUMNS}`,
    [
      owner.kind,
      owner.id,
      uploadedBy,
      files.map((f) => f.id),
      files.map((f) => f.name),
      files.map((f) => f.mime),
      files.map((f) => String(f.size)),
      files.map((f) => f.storage),
    ],
  );
}

/** Deletes a (not yet deleted) file row; returns it, or null. */
export function deleteFileRow(db: Db, id: string): Promise<FileRow | null> {
  return queryOne<FileRow>(db, `DELETE FROM files WHERE id = $1 AND status <> 'deleted' RETURNING ${FILE_COLUMNS}`, [
    id,
  ]);
}

/** An owner's files: every live status for a superadmin, ready ones for everyone else. */
export function ownerFiles(db: Db, ownerId: string, superadmin: boolean): Promise<FileRow[]> {
  return queryRows<FileRow>(
    db,
    `SELECT ${FILE_COLUMNS}
       FROM files WHERE owner_id = $1 AND ${superadmin ? `status <> 'deleted'` : `status = 'ready'`}
      ORDER BY created_at, lower(name), id`,
    [ownerId],
  );
}

export function findFile(db: Db, id: string): Promise<FileRow | null> {
  return queryOne<FileRow>(db, `SELECT ${FILE_COLUMNS} FROM files WHERE id = $1`, [id]);
}

/** Deletes a product's files; returns their stored names (file and thumbnail). */
export async function deleteProductFiles(db: Db, productId: string): Promise<string[]> {
  const rows = await queryRows<{ storage_name: string | null; thumbnail_name: string | null }>(
    db,
    `DELETE FROM files WHERE owner_type = 'product' AND owner_id = $1 RETURNING storage_name, thumbnail_name`,
    [productId],
  );
  return rows.flatMap((f) => [f.storage_name, f.thumbnail_name]).filter((s): s is string => !!s);
}
