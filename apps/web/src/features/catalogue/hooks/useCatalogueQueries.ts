/**
 * Catalogue server state: TanStack Query with staleTime/gcTime Infinity = a session cache
 * ("Categories, sub-categories and products are cached per session; the cache clears on
 * leaving the screen"). `useCatalogueSession` removes every ['catalogue', …] query on unmount and
 * refetches what a `catalogue.changed` push touched, so customers see their own prices live.
 */
import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import type { ClientEventMap } from '@portal/contracts';
import { sortCategories } from '@portal/domain';
import { useRealtimeEvent } from '../../../shared/realtime';
import { useAuthStore } from '../../auth';
import {
  fetchByPartNumber,
  fetchCategories,
  fetchProducts,
  fetchSubcategories,
  searchByDimensions,
  type CatalogueViewer,
} from '../api';
import { catalogueKeys } from '../queryKeys';
import { useCatalogueStore } from '../store';
import type { CatalogueProductList, DimensionSearchQuery, DisplayProduct } from '../types';

export { catalogueKeys };

const SESSION = { staleTime: Infinity, gcTime: Infinity } as const;

export function useIsSuperadmin(): boolean {
  return useAuthStore((s) => s.role) === 'superadmin';
}

/**
 * Whose catalogue the screen shows: a superadmin sees list prices, or — viewing as a company — that
 * company's employees' catalogue and prices (`asCompany` is ignored for everyone else).
 */
export function useCatalogueViewer(): CatalogueViewer & { superadmin: boolean } {
  const superadmin = useIsSuperadmin();
  const asCompany = useCatalogueStore((s) => s.asCompany);
  const viewing = superadmin ? asCompany : null;
  return useMemo(() => ({ superadmin, asCompany: viewing, listPrices: superadmin && !viewing }), [superadmin, viewing]);
}

export function useCategories() {
  const viewer = useCatalogueViewer();
  return useQuery({
    queryKey: catalogueKeys.categories(viewer.superadmin, viewer.asCompany),
    queryFn: ({ signal }) => fetchCategories(viewer, signal),
    select: sortCategories,
    ...SESSION,
  });
}

export function useSubcategories(categoryId: string | null, enabled: boolean) {
  const viewer = useCatalogueViewer();
  return useQuery({
    queryKey: catalogueKeys.subcategories(categoryId ?? '', viewer.asCompany),
    queryFn: ({ signal }) => fetchSubcategories(categoryId!, viewer, signal),
    enabled: enabled && !!categoryId,
    ...SESSION,
  });
}

export function useProducts(categoryId: string | null, listId: string | null) {
  const viewer = useCatalogueViewer();
  return useQuery<CatalogueProductList>({
    queryKey: catalogueKeys.products(categoryId ?? '', listId ?? '', viewer.asCompany),
    queryFn: ({ signal }) => fetchProducts(listId!, signal, viewer),
    enabled: !!categoryId && !!listId,
    ...SESSION,
  });
}

export function usePartNumberSearch(categoryId: string | null, listId: string | null, partNumber: string | null) {
  const viewer = useCatalogueViewer();
  return useQuery<DisplayProduct | null>({
    queryKey: catalogueKeys.partNumber(categoryId ?? '', listId ?? '', partNumber ?? '', viewer.asCompany),
    queryFn: ({ signal }) => fetchByPartNumber(listId!, partNumber!, signal, viewer),
    enabled: !!categoryId && !!listId && !!partNumber,
    ...SESSION,
  });
}

export function useDimensionSearch(
  categoryId: string | null,
  listId: string | null,
  query: DimensionSearchQuery | null,
) {
  const viewer = useCatalogueViewer();
  const fallback: DimensionSearchQuery = { width: 0, height: 0, depth: 0, action: 'not-exactly' };
  return useQuery<DisplayProduct[]>({
    queryKey: catalogueKeys.dimensions(categoryId ?? '', listId ?? '', query ?? fallback, viewer.asCompany),
    queryFn: ({ signal }) => searchByDimensions(listId!, query!, signal, viewer),
    enabled: !!categoryId && !!listId && !!query,
    ...SESSION,
  });
}

type CatalogueChanged = ClientEventMap['catalogue.changed'];

function holdsProduct(data: unknown, productId: string): boolean {
  if (!data || typeof data !== 'object') return false;
  const list: unknown[] = Array.isArray(data)
    ? data
    : Array.isArray((data as CatalogueProductList).productDetails)
      ? (data as CatalogueProductList).productDetails
      : [data];
  return list.some((p) => (p as { _id?: unknown } | null)?._id === productId);
}

/**
 * Which cached queries a push affects: everything for a catalogue-level change or when no
 * category is named; otherwise the products and searches whose key names the category (or a
 * sub-category as list id) or whose data holds the product, plus the sub-category list when its
 * files changed.
 */
export function isAffectedBy(event: CatalogueChanged, query: Query): boolean {
  const key: QueryKey = query.queryKey;
  if (key[0] !== 'catalogue') return false;
  if (event.kind === 'catalogue' || !event.categoryId) return true;
  // Variant and product changes leave the category and sub-category lists as they are.
  if (key[1] === 'categories' || (key[1] === 'subcategories' && event.kind !== 'files')) return false;
  if (key.includes(event.categoryId)) return true;
  return !!event.productId && holdsProduct(query.state.data, event.productId);
}

let mountedScreens = 0;

/** Screen lifetime: live refetch on `catalogue.changed`, cache and view state cleared on leaving. */
export function useCatalogueSession(): void {
  const queryClient = useQueryClient();

  useRealtimeEvent('catalogue.changed', (event) => {
    void queryClient.invalidateQueries({ predicate: (q) => isAffectedBy(event, q) });
  });

  useEffect(() => {
    mountedScreens += 1;
    return () => {
      mountedScreens -= 1;
      // Deferred so a StrictMode re-mount (or a role switch between catalogue routes) keeps the cache.
      setTimeout(() => {
        if (mountedScreens > 0) return;
        queryClient.removeQueries({ queryKey: catalogueKeys.all });
        useCatalogueStore.getState().resetView();
      }, 0);
    };
  }, [queryClient]);
}
