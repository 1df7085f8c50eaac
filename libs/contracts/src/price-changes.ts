import type { ApiResponse } from './api';

/** Scheduled price changes: wire shapes (`/api/price-changes…`). Prices in integer cents. */

export type PriceChangeKind = 'company_multipliers' | 'list_prices';
export type PriceChangeStatus = 'scheduled' | 'applying' | 'applied' | 'failed' | 'cancelled';
export type PriceChangeAction = 'edit' | 'cancel';
/** The company field a change moves, by product line (`discount` = the general multiplier). */
export type PriceLineKey = 'discount' | 'rigidflow' | 'minipro' | 'polyroll';

/** A multiplier before and after, as percentages ('45.50'). */
export interface MultiplierMove {
  line: PriceLineKey;
  from: string;
  to: string;
}

export interface PriceChangeItem {
  _id: string;
  kind: PriceChangeKind;
  status: PriceChangeStatus;
  company_id: string | null;
  company_name: string | null;
  import_id: string | null;
  import_file_name: string | null;
  /** Multiplier changes: each moved line (from = the company's value now, or when applied). */
  multipliers: MultiplierMove[];
  effective_at: string;
  notice_days: number;
  /** When the notice is due (effective_at − notice_days). */
  notice_at: string;
  notice_sent_at: string | null;
  version: number;
  message: string | null;
  created_by_name: string;
  created_at: string;
  applied_at: string | null;
  allowed_actions: PriceChangeAction[];
}

export interface PriceChangePreviewRow {
  company_id: string;
  company_name: string;
  variant_id: string;
  part_number: string;
  product_name: string;
  old_cents: number;
  new_cents: number;
  /** (new − old) / old × 100, two decimals; null when old is 0. */
  change_percent: number | null;
}

export interface PriceChangePreview {
  companies: number;
  variants: number;
  /** Company × variant prices that move. */
  prices: number;
  rows: PriceChangePreviewRow[];
}

export type PriceChangeListResponse = ApiResponse<{ list: PriceChangeItem[]; total: number }>;
export type PriceChangeDetailResponse = ApiResponse<PriceChangeItem & { preview: PriceChangePreview }>;
export type PriceChangeCreatedResponse = ApiResponse<{ _id: string; status: PriceChangeStatus; effective_at: string }>;
export type PriceChangeResponse = ApiResponse<PriceChangeItem>;

/** A customer's banner: the announced changes to their own prices. */
export interface PriceChangeNotice {
  _id: string;
  effective_at: string;
  /** The company's price list at the new prices is built: `GET price-changes/:id/pricelist` serves it. */
  list_ready: boolean;
}
export type PriceChangeNoticesResponse = ApiResponse<{ list: PriceChangeNotice[] }>;
