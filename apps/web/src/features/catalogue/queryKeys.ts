/**
 * Every query key of the catalogue feature. Screens' data lives under ['catalogue', …] (cleared when
 * the catalogue screen unmounts, refetched on `catalogue.changed`); files and imports have their own roots.
 */
import type { DimensionSearchQuery } from './types';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  /** `asCompany`: a superadmin viewing a company's catalogue (its key ends every key below). */
  categories: (superadmin: boolean, asCompany: string | null = null) =>
    ['catalogue', 'categories', asCompany ? `as:${asCompany}` : superadmin ? 'superadmin' : 'customer'] as const,
  subcategories: (categoryId: string, asCompany: string | null = null) =>
    ['catalogue', 'subcategories', categoryId, asCompany ?? ''] as const,
  /** The customer's company (the catalogue's prices are for it). */
  company: ['catalogue', 'company'] as const,
  /** Everything loaded for one category: its products and searches, whatever list id they use. */
  category: (categoryId: string) => ['catalogue', 'category', categoryId] as const,
  products: (categoryId: string, listId: string, asCompany: string | null = null) =>
    ['catalogue', 'category', categoryId, 'products', listId, asCompany ?? ''] as const,
  partNumber: (categoryId: string, listId: string, partNumber: string, asCompany: string | null = null) =>
    ['catalogue', 'category', categoryId, 'partNumber', listId, partNumber, asCompany ?? ''] as const,
  dimensions: (categoryId: string, listId: string, q: DimensionSearchQuery, asCompany: string | null = null) =>
    [
      'catalogue',
      'category',
      categoryId,
      'dimensions',
      listId,
      q.width,
      q.height,
      q.depth,
      q.action,
      asCompany ?? '',
    ] as const,
  /** A variant's price history (edit view; never cached). */
  priceHistory: (variantId: string) => ['catalogue', 'priceHistory', variantId] as const,
  /** Resources per owner (category, sub-category or product): outside ['catalogue'], so catalogue pushes leave them. */
  files: {
    all: ['catalogue-files'] as const,
    owner: (ownerId: string) => ['catalogue-files', ownerId] as const,
  },
  /** One import's status pages. */
  imports: {
    one: (id: string | null) => ['catalogue-import', id] as const,
    page: (id: string | null, page: number, errorsPage: number) => ['catalogue-import', id, page, errorsPage] as const,
  },
};
