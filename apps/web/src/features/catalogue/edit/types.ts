/** Edit-grid shapes and the atomic save contract (PUT catalogue/product/{productId}/variants). */
import type { OddSizeTypeValue } from '@portal/contracts';
import type { CatalogueVariant } from '../types';

/** One grid row. `_id` is a uuid, or 'new_…' for a row added in the grid and not yet saved. */
export interface GridRow {
  _id: string;
  version?: number;
  part_number: string;
  size: string;
  actual_size: string;
  depth: number | null;
  odd_size: boolean;
  odd_size_type: OddSizeTypeValue;
  min_area: number | null;
  max_area: number | null;
  out_of_stock: boolean;
  /** Dollars (2 decimals), null when empty. */
  list_price: number | null;
  display_order: number;
  /** Marked for deletion: struck through until saved, removed by the save. */
  _deleted?: boolean;
}

export type RowStatus = 'new' | 'deleted' | 'edited';

/** A row as the save sends it (the grid row without its deletion mark). */
export type SaveVariant = Omit<GridRow, '_deleted'>;

export interface SaveVariantsBody {
  variants: SaveVariant[];
  deleted: { _id: string; version?: number }[];
  force?: true;
}

export interface SaveVariantsResponse {
  status: number;
  message?: string;
  data: { _id: string; name: string; variants: CatalogueVariant[] };
}

/** A row someone else changed since we loaded it; `current` null when they deleted it. */
export interface VariantConflict {
  _id: string;
  part_number: string;
  current: CatalogueVariant | null;
}

/** Field errors of a 400, keyed by row id then field. */
export type RowErrors = Record<string, Partial<Record<keyof SaveVariant | 'row', string>>>;

/** A product file as the edit view shows it (status from the upload answer or `file.processed`). */
export interface EditFile {
  _id: string;
  name: string;
  path?: string;
  status: 'processing' | 'ready' | 'rejected';
  reason?: string;
}

export interface PriceHistoryEntry {
  _id?: string;
  old_price: number | null;
  new_price: number | null;
  changed_by: string | null;
  changed_at: string;
}
