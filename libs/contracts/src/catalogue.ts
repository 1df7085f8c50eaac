/**
 * Catalogue read API (docs/ARCHITECTURE.md#api-contract).
 * `{id}` in product/productNumber/searchproduct is the category or sub-category being viewed.
 * Prices are numbers in dollars with 2 decimals (12.34). `list_price` and `version` are sent to a
 * superadmin only; everyone else gets their company's `customer_price` and no odd-size variants
 * outside an odd-size search.
 */
import type { ApiResponse } from './api';

export type OddSizeTypeValue = 'SINGLE' | 'DOUBLE' | 'TRIPLE' | '';

export interface CatalogueFile {
  _id: string;
  name: string;
  path: string;
}

/** Which company percentage prices a category; null = the general discount. */
export type ProductLine = 'rigidflow' | 'minipro' | 'polyroll';

/** `GET catalogue[?role=superadmin]` item, in the fixed category order. */
export interface CatalogueCategory {
  _id: string;
  name: string;
  /** `/api/catalogue/image/{_id}` (public SVG), or null when the category has no image. */
  image_url: string | null;
  files: CatalogueFile[];
  has_subcatalogues: boolean;
  /** Superadmin view (`?role=superadmin`) only. */
  product_line?: ProductLine | null;
}
export type CatalogueListResponse = ApiResponse<CatalogueCategory[]>;

/** `GET catalogue/subcatalogue/{catalogueId}` item. */
export interface CatalogueSubcategory {
  _id: string;
  name: string;
  catalogue_id: string;
  files: CatalogueFile[];
}
export type SubcatalogueListResponse = ApiResponse<CatalogueSubcategory[]>;

export interface CatalogueVariant {
  _id: string;
  part_number: string;
  size: string;
  actual_size: string;
  depth: number | null;
  odd_size: boolean;
  odd_size_type: OddSizeTypeValue;
  min_area: number | null;
  max_area: number | null;
  out_of_stock: boolean;
  /** MERV 1–16 (null: not rated); superadmin answers carry it (the edit grid). */
  merv?: number | null;
  efficiency_class?: string | null;
  display_order: number;
  /** Dollars, 2 decimals: the company's price (superadmin: the list price). */
  customer_price: number;
  /** Superadmin only. Dollars. */
  list_price?: number;
  /** Superadmin only: optimistic-concurrency version for edits. */
  version?: number;
}

export interface CatalogueProduct {
  _id: string;
  name: string;
  catalogue_id: string;
  subcatalogue_id: string | null;
  image_path: string | null;
  variants: CatalogueVariant[];
}

/** `GET catalogue/product/{id}`: `name` is the viewed category's or sub-category's name. */
export type CatalogueProductsResponse = ApiResponse<{ name: string; productDetails: CatalogueProduct[] }>;

/** `GET catalogue/productNumber/{id}?partNumber=`: the product holding that part number. */
export type PartNumberResponse = ApiResponse<{
  _id: string;
  name: string;
  catalogue_id: string;
  variants: CatalogueVariant[];
}>;

export type VariantMatch = 'standard' | 'odd';

export interface SearchVariant extends CatalogueVariant {
  match: VariantMatch;
}

/** `GET catalogue/searchproduct/{id}?width=&height=&depth=&action=exact-measurement|not-exactly` */
export type OddSizeSearchResponse = ApiResponse<
  {
    _id: string;
    name: string;
    catalogue_id: string;
    variants: SearchVariant[];
  }[]
>;

export const CATALOGUE_IMAGE_PATH = (categoryId: string): string => `/api/catalogue/image/${categoryId}`;

/* ------------------------------------------------------------------ the edit grid's atomic save */

/** The superadmin's view of a variant: the client fields plus `list_price` and `version`. */
export type EditorVariant = CatalogueVariant & Required<Pick<CatalogueVariant, 'list_price' | 'version'>>;

/** A product as the edit grid loads it and every edit call answers it. */
export interface EditorProduct {
  _id: string;
  name: string;
  catalogue_id: string;
  subcatalogue_id: string | null;
  image_path: string | null;
  variants: EditorVariant[];
}

/**
 * A row as the grid save sends it. `_id` is a uuid, or `new_…` for a row added in the grid; `version`
 * is the one loaded (absent for new rows, ignored with `force`). `list_price` in dollars, null when empty.
 */
export interface SaveVariant extends Omit<CatalogueVariant, 'customer_price' | 'list_price' | 'version'> {
  version?: number;
  list_price: number | null;
}

/** `PUT catalogue/product/{productId}/variants`: every row in order, the deleted ones, optional `force`. */
export interface SaveVariantsRequest {
  variants: SaveVariant[];
  deleted: { _id: string; version?: number }[];
  force?: true;
}

/** 200: the product as saved. */
export type SaveVariantsResponse = ApiResponse<EditorProduct>;

/** A row someone else changed since it was loaded; `current` null when they deleted it. */
export interface VariantConflict {
  _id: string;
  part_number: string;
  current: EditorVariant | null;
}

/** 409: the conflicting rows; nothing was written. */
export interface SaveVariantsConflict {
  status: 409;
  message: string;
  conflicts: VariantConflict[];
}
