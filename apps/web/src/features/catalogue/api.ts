/** Catalogue reads, called from the route table. */
import type { CompanyOption, AccountProfileResponse } from '@portal/contracts';
import { ACCOUNT_ROUTES, CATALOGUE_MSG, CATALOGUE_ROUTES, COMPANY_ROUTES } from '@portal/domain';
import { call, handledAsSessionEnd, isApiRequestError } from '../../shared/api';
import type {
  CatalogueCategory,
  CatalogueProduct,
  CatalogueProductList,
  CatalogueSubcategory,
  DimensionSearchQuery,
  DisplayProduct,
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

/**
 * Whose catalogue a read asks for: the caller's own (`undefined`), the superadmin's unfiltered view
 * with list prices (`'superadmin'`), or — superadmin only — a company's employees' (`{ asCompany }`).
 */
export type CatalogueViewer = { listPrices: boolean; asCompany: string | null };

const viewerQuery = (v: CatalogueViewer | undefined) =>
  v?.asCompany ? { asCompany: v.asCompany } : v?.listPrices ? { role: 'superadmin' } : {};
const companyQuery = (v: CatalogueViewer | undefined) => (v?.asCompany ? { asCompany: v.asCompany } : {});
const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The company the catalogue's prices are for, as the server knows it (`user/me`). */
export interface CompanyDetails {
  id: string;
  name: string;
}

/**
 * The signed-in customer's company from the server (`user/me`, silent: the catalogue shows the spec's
 * texts): 'Company ID is required' when the server knows no company for the user, 'Failed to fetch
 * company details' (with the server's reason as `cause`) when the call fails.
 */
export async function fetchCompanyDetails(signal?: AbortSignal): Promise<CompanyDetails> {
  let profile: AccountProfileResponse['data'] | undefined;
  try {
    profile = (await call(ACCOUNT_ROUTES.me, {}, { signal, silent: true }))?.data;
  } catch (err) {
    handledAsSessionEnd(err);
    throw new Error(CATALOGUE_MSG.fetchCompanyFailed, { cause: err });
  }
  if (!profile?.company_id) throw new Error(CATALOGUE_MSG.companyIdRequired);
  return { id: profile.company_id, name: profile.company_name ?? '' };
}

export async function fetchCategories(viewer: CatalogueViewer, signal?: AbortSignal): Promise<CatalogueCategory[]> {
  const body = checkStatus(await call(CATALOGUE_ROUTES.categories, { query: viewerQuery(viewer) }, { signal }));
  return asArray<CatalogueCategory>(body?.data);
}

export async function fetchSubcategories(
  categoryId: string,
  viewer: CatalogueViewer,
  signal?: AbortSignal,
): Promise<CatalogueSubcategory[]> {
  const body = checkStatus(
    await call(
      CATALOGUE_ROUTES.subcategories,
      { params: { catalogueId: categoryId }, query: viewerQuery(viewer) },
      { signal },
    ),
  );
  return asArray<CatalogueSubcategory>(body?.data);
}

/** `{id}` is the sub-category being viewed, or the category when it has none. */
export async function fetchProducts(
  id: string,
  signal?: AbortSignal,
  viewer?: CatalogueViewer,
): Promise<CatalogueProductList> {
  const body = checkStatus(
    await call(CATALOGUE_ROUTES.products, { params: { id }, query: companyQuery(viewer) }, { signal }),
  );
  return { name: body?.data?.name ?? '', productDetails: asArray<CatalogueProduct>(body?.data?.productDetails) };
}

/** Part-number lookup; a 404 ('Product not found') resolves to null (no-results state). */
export async function fetchByPartNumber(
  id: string,
  partNumber: string,
  signal?: AbortSignal,
  viewer?: CatalogueViewer,
): Promise<DisplayProduct | null> {
  try {
    const body = checkStatus(
      await call(
        CATALOGUE_ROUTES.partNumber,
        { params: { id }, query: { partNumber, ...companyQuery(viewer) } },
        { signal },
      ),
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
  viewer?: CatalogueViewer,
): Promise<DisplayProduct[]> {
  const body = checkStatus(
    await call(
      CATALOGUE_ROUTES.searchBySize,
      {
        params: { id },
        query: {
          width: query.width,
          height: query.height,
          depth: query.depth,
          action: query.action,
          ...companyQuery(viewer),
        },
      },
      { signal },
    ),
  );
  return asArray<DisplayProduct>(body?.data);
}

/** Detail line under a load-failure title: server message or 'Unexpected response status: N'. */
export function failureDetail(err: unknown): string | null {
  if (err instanceof UnexpectedStatusError) return err.message;
  if (isApiRequestError(err) && err.message) return err.message;
  return null;
}

/** Every company, for a superadmin's "View as company" (`GET company` without a page: the option list). */
export const companyOptionsKey = ['companies', 'options'] as const;
export async function fetchCompanyOptions(): Promise<CompanyOption[]> {
  const body = await call(COMPANY_ROUTES.list, { query: {} });
  return asArray<CompanyOption>(body?.data?.list);
}
