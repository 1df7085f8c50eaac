/** Edit-grid shapes and the atomic save contract (PUT catalogue/product/{productId}/variants). */
import type { SaveVariant, SaveVariantsRequest, SaveVariantsResponse, VariantConflict } from '@portal/contracts';

/** One grid row: a row of the save (libs/contracts), plus its deletion mark. */
export type GridRow = SaveVariant & {
  /** Marked for deletion: struck through until saved, removed by the save. */
  _deleted?: boolean;
};

export type RowStatus = 'new' | 'deleted' | 'edited';

/** The atomic save's wire types live once, in libs/contracts. */
export type { SaveVariant, VariantConflict };
export type SaveVariantsBody = SaveVariantsRequest;
export type { SaveVariantsResponse };

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
