/**
 * Customer price lists: a company's own prices as a CSV, XLSX or PDF file built by the worker.
 * Only company prices ever appear in them — never list prices.
 */
import type { ApiResponse } from './api';

export const PRICELIST_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type PricelistFormat = (typeof PRICELIST_FORMATS)[number];

export type PricelistStatus = 'queued' | 'running' | 'ready' | 'failed';

/** What a price list covers: the whole catalogue, one category or one sub-category. */
export type PricelistScope = 'catalogue' | 'category' | 'subcategory';

/** `POST pricelists`. `companyId` is read for superadmins only; everyone else gets their own company. */
export interface CreatePricelistRequest {
  format: PricelistFormat;
  catalogueId?: string;
  companyId?: string;
}

export interface PricelistView {
  _id: string;
  status: PricelistStatus;
  format: PricelistFormat;
  /** Rows written so far (the final count once ready). */
  rows: number;
  /** Rows the list will hold; null until the worker has counted them. */
  total: number | null;
  scope: PricelistScope;
  scope_name: string;
  company_id: string;
  company_name: string;
  /** Download name, e.g. `price-list-acme-air-merv-13-2026-11-23.csv`. */
  file_name: string;
  error: string | null;
  created_at: string;
  expires_at: string;
}

export type PricelistResponse = ApiResponse<PricelistView>;
export type PricelistListResponse = ApiResponse<PricelistView[]>;
export type PricelistCreatedResponse = ApiResponse<{ _id: string; status: 'queued' }>;

/** Header row of the CSV (and the XLSX/PDF tables), in order. */
export const PRICELIST_COLUMNS = [
  'category',
  'subcategory',
  'product',
  'part_number',
  'size',
  'actual_size',
  'depth',
  'price',
] as const;

/** Files are removed this long after the request. */
export const PRICELIST_TTL_DAYS = 7;
