/**
 * Catalogue response shapes (spec §3, ARCHITECTURE.md "API contract").
 * Local until libs/contracts/src/catalogue.ts lands; keep the field names identical so the switch
 * is an import change only.
 */
import type { ApiResponse } from '@portal/contracts';

export interface CatalogueFile {
  _id: string;
  name: string;
  path: string;
}

export interface CatalogueCategory {
  _id: string;
  name: string;
  image_url?: string | null;
  files?: CatalogueFile[];
  has_subcatalogues?: boolean;
}

export interface CatalogueSubcategory {
  _id: string;
  name: string;
  catalogue_id: string;
  files?: CatalogueFile[];
}

export type OddSizeTypeValue = 'SINGLE' | 'DOUBLE' | 'TRIPLE' | '' | 'None' | null;

export interface CatalogueVariant {
  _id: string;
  part_number: string;
  size: string | null;
  actual_size: string | null;
  depth: number | string | null;
  odd_size: boolean;
  odd_size_type: OddSizeTypeValue;
  min_area: number | string | null;
  max_area: number | string | null;
  out_of_stock: boolean;
  display_order: number;
  /** Dollars; the company's price (non-superadmins). */
  customer_price?: number | string | null;
  /** Dollars; superadmin only. */
  list_price?: number | string | null;
  /** Superadmin only (edit-grid concurrency). */
  version?: number;
  /** Only in odd-size search results. */
  match?: 'standard' | 'odd';
}

export interface CatalogueProduct {
  _id: string;
  name: string;
  catalogue_id: string;
  subcatalogue_id?: string | null;
  image_path?: string | null;
  variants: CatalogueVariant[];
}

export interface CatalogueProductList {
  name: string;
  productDetails: CatalogueProduct[];
}

export type CategoriesResponse = ApiResponse<CatalogueCategory[]>;
export type SubcategoriesResponse = ApiResponse<CatalogueSubcategory[]>;
export type ProductListResponse = ApiResponse<CatalogueProductList>;
export type PartNumberResponse = ApiResponse<CatalogueProduct>;
export type DimensionSearchResponse = ApiResponse<CatalogueProduct[]>;

/** Query of `GET catalogue/searchproduct/{id}`. */
export interface DimensionSearchQuery {
  width: number;
  height: number;
  depth: number;
  action: 'exact-measurement' | 'not-exactly';
}
