/** A row of `files` (catalogue resources), as the API lists and serves it and the worker checks it. */
export interface StoredFile {
  id: string;
  owner_type: 'category' | 'subcategory' | 'product';
  owner_id: string;
  name: string;
  mime: string;
  /** bigint, as text. */
  size: string;
  status: 'processing' | 'ready' | 'rejected' | 'pending' | 'deleted';
  reason: string | null;
  storage_name: string | null;
  thumbnail_name: string | null;
  created_at: Date;
}
