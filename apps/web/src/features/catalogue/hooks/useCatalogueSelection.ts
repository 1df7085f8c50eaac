import { useShallow } from 'zustand/react/shallow';
import { useCatalogueStore } from '../store';
import type { CatalogueCategory, CatalogueSubcategory } from '../types';
import { useCategories, useSubcategories } from './useCatalogueQueries';

/** The products a screen shows: those of the sub-category, or of the category when it has none. */
export interface ShownList {
  categoryId: string;
  categoryName: string;
  /** The sub-category being viewed, or the category when it has none. */
  listId: string;
}

/** What the view and edit screens show once the categories have loaded. */
export interface ShownCatalogue {
  /** Every category, in display order. */
  list: CatalogueCategory[];
  category: CatalogueCategory;
  subList: CatalogueSubcategory[];
  sub: CatalogueSubcategory | null;
  subsLoading: boolean;
  products: ShownList;
}

/**
 * The shown category and sub-category for the choice remembered in the store: the first of each when
 * nothing (or something that vanished) was chosen; a category whose sub-categories are empty or failed
 * to load holds its products directly (`listId` = the category). `shown` is null while the categories
 * load, after they failed, or when there are none (`CategoriesFallback` shows why).
 */
export function useCatalogueSelection() {
  const chosen = useCatalogueStore(useShallow((s) => ({ categoryId: s.categoryId, subcategoryId: s.subcategoryId })));
  const categories = useCategories();
  const list = categories.data ?? [];
  const category = list.find((c) => c._id === chosen.categoryId) ?? list[0] ?? null;
  const hasSubs = category ? category.has_subcatalogues !== false : false;
  const subs = useSubcategories(category?._id ?? null, hasSubs);
  const subList = hasSubs && subs.isSuccess ? subs.data : [];
  const sub = subList.find((s) => s._id === chosen.subcategoryId) ?? subList[0] ?? null;
  let shown: ShownCatalogue | null = null;
  if (categories.isSuccess && category) {
    const listId = sub?._id ?? category._id;
    const products = { categoryId: category._id, categoryName: category.name, listId };
    shown = { list, category, subList, sub, subsLoading: hasSubs && subs.isPending, products };
  }
  return { categories, shown };
}
