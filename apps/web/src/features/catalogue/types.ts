/**
 * Catalogue shapes: the shared contract (libs/contracts/src/catalogue.ts) plus the two views the
 * screen renders from any of its calls (product list, part-number look-up, odd-size search).
 */
import type { CatalogueProduct, CatalogueVariant, VariantMatch } from '@portal/contracts';

export type {
  CatalogueCategory,
  CatalogueFile,
  CatalogueListResponse,
  CatalogueProduct,
  CatalogueProductsResponse,
  CatalogueSubcategory,
  CatalogueVariant,
  OddSizeSearchResponse,
  PartNumberResponse,
  SubcatalogueListResponse,
} from '@portal/contracts';

/** A variant as shown: odd-size search results also say how it matched. */
export type DisplayVariant = CatalogueVariant & { match?: VariantMatch };

/** A product as shown: the fields every catalogue call returns. */
export interface DisplayProduct extends Pick<CatalogueProduct, '_id' | 'name' | 'catalogue_id'> {
  variants: DisplayVariant[];
}

export interface CatalogueProductList {
  name: string;
  productDetails: CatalogueProduct[];
}

/** Query of `GET catalogue/searchproduct/{id}`. */
export interface DimensionSearchQuery {
  width: number;
  height: number;
  depth: number;
  action: 'exact-measurement' | 'not-exactly';
}
