/** Catalogue GET calls (paths relative to /api). */
import { CATALOGUE_MSG } from '@portal/domain';
import { api, isApiRequestError } from '../../shared/api';
import type {
  CatalogueCategory,
  CatalogueListResponse,
  CatalogueProduct,
  CatalogueProductList,
  CatalogueProductsResponse,
  CatalogueSubcategory,
  DimensionSearchQuery,
  DisplayProduct,
  OddSizeSearchResponse,
  PartNumberResponse,
  SubcatalogueListResponse,
} from './types';

/** A 2xx body whose `status` is not 200 (shown as 'Unexpected response status: {status}'). */
export class UnexpectedStatusError extends Error {
  constructor(readonly status: number | string) {
    super(CATALOGUE_MSG.unexpectedStatus(status));
    this.name = 'UnexpectedStatusError';
  }
}

function checkStatus<T extends { status?: number | string }>(body: T): T {
  if (body && body.status !== undefined && Number(body.status) !== 200) throw new UnexpectedStatusError(body.status);
  return body;
}

const enc = encodeURIComponent;
const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export async function fetchCategories(superadmin: boolean, signal?: AbortSignal): Promise<CatalogueCategory[]> {
  const body = checkStatus(
    await api.get<CatalogueListResponse>('catalogue', {
      query: superadmin ? { role: 'superadmin' } : undefined,
      signal,
    }),
  );
  return asArray<CatalogueCategory>(body?.data);
}

export async function fetchSubcategories(
  categoryId: string,
  superadmin: boolean,
  signal?: AbortSignal,
): Promise<CatalogueSubcategory[]> {
  const body = checkStatus(
    await api.get<SubcatalogueListResponse>(`catalogue/subcatalogue/${enc(categoryId)}`, {
      query: superadmin ? { role: 'superadmin' } : undefined,
      signal,
    }),
  );
  return asArray<CatalogueSubcategory>(body?.data);
}

/** `{id}` is the sub-category being viewed, or the category when it has none. */
export async function fetchProducts(id: string, signal?: AbortSignal): Promise<CatalogueProductList> {
  const body = checkStatus(await api.get<CatalogueProductsResponse>(`catalogue/product/${enc(id)}`, { signal }));
  return { name: body?.data?.name ?? '', productDetails: asArray<CatalogueProduct>(body?.data?.productDetails) };
}

/** Part-number lookup; a 404 ('Product not found') resolves to null (no-results state). */
export async function fetchByPartNumber(
  id: string,
  partNumber: string,
  signal?: AbortSignal,
): Promise<DisplayProduct | null> {
  try {
    const body = checkStatus(
      await api.get<PartNumberResponse>(`catalogue/productNumber/${enc(id)}`, { query: { partNumber }, signal }),
    );
    const product = body?.data;
    return product && Array.isArray(product.variants) ? product : null;
  } catch (err) {
    if (isApiRequestError(err) && err.status === 404) return null;
    throw err;
  }
}

export async function searchByDimensions(
  id: string,
  query: DimensionSearchQuery,
  signal?: AbortSignal,
): Promise<DisplayProduct[]> {
  const body = checkStatus(
    await api.get<OddSizeSearchResponse>(`catalogue/searchproduct/${enc(id)}`, {
      query: { width: query.width, height: query.height, depth: query.depth, action: query.action },
      signal,
    }),
  );
  return asArray<DisplayProduct>(body?.data);
}

/** Detail line under a load-failure title: server message or 'Unexpected response status: N'. */
export function failureDetail(err: unknown): string | null {
  if (err instanceof UnexpectedStatusError) return err.message;
  if (isApiRequestError(err) && err.message) return err.message;
  return null;
}
