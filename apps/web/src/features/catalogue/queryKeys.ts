/**
 * Every query key of the catalogue feature. Screens' data lives under ['catalogue', …] (cleared when
 * the catalogue screen unmounts, refetched on `catalogue.changed`); files and imports have their own roots.
 */
import type { DimensionSearchQuery } from './types';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: (superadmin: boolean) => ['catalogue', 'categories', superadmin ? 'superadmin' : 'customer'] as const,
  subcategories: (categoryId: string) => ['catalogue', 'subcategories', categoryId] as const,
  /** The customer's company (the catalogue's prices are for it). */
  company: ['catalogue', 'company'] as const,
  /** Everything loaded for one category: its products and searches, whatever list id they use. */
  category: (categoryId: string) => ['catalogue', 'category', categoryId] as const,
  products: (categoryId: string, listId: string) => ['catalogue', 'category', categoryId, 'products', listId] as const,
  partNumber: (categoryId: string, listId: string, partNumber: string) =>
    ['catalogue', 'category', categoryId, 'partNumber', listId, partNumber] as const,
  dimensions: (categoryId: string, listId: string, q: DimensionSearchQuery) =>
    ['catalogue', 'category', categoryId, 'dimensions', listId, q.width, q.height, q.depth, q.action] as const,
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
