import { useCategories, useSubcategories } from './useCatalogueQueries';

/**
 * The shown category and sub-category for the remembered choice: the first of each when nothing
 * (or something that vanished) was chosen; a category whose sub-categories are empty or failed to
 * load holds its products directly (`listId` = the category).
 */
export function useCatalogueSelection(categoryId: string | null, subcategoryId: string | null) {
  const categories = useCategories();
  const list = categories.data ?? [];
  const category = list.find((c) => c._id === categoryId) ?? list[0] ?? null;
  const hasSubs = category ? category.has_subcatalogues !== false : false;
  const subs = useSubcategories(category?._id ?? null, hasSubs);
  const subList = hasSubs && subs.isSuccess ? subs.data : [];
  const sub = subList.find((s) => s._id === subcategoryId) ?? subList[0] ?? null;
  return {
    categories,
    list,
    category,
    subList,
    sub,
    subsLoading: hasSubs && subs.isPending,
    listId: sub?._id ?? category?._id ?? null,
  };
}
