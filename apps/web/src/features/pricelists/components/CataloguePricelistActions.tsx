import { useCategories, useSubcategories } from '../../catalogue/hooks/useCatalogueQueries';
import { useCatalogueStore } from '../../catalogue/store';
import { PricelistActions } from './PricelistActions';
import { WHOLE_CATALOGUE, type ScopeOption } from './PricelistDownloadModal';

/**
 * Price lists from the catalogue screen (employees, admins): the category and sub-category being
 * viewed (same fallbacks as the view: first category, first sub-category) or the whole catalogue.
 */
export function CataloguePricelistActions() {
  const categoryId = useCatalogueStore((s) => s.categoryId);
  const subcategoryId = useCatalogueStore((s) => s.subcategoryId);
  const list = useCategories().data ?? [];
  const category = list.find((c) => c._id === categoryId) ?? list[0] ?? null;
  const hasSubs = category ? category.has_subcatalogues !== false : false;
  const subs = useSubcategories(category?._id ?? null, hasSubs);
  const subList = hasSubs && subs.isSuccess ? subs.data : [];
  const sub = subList.find((s) => s._id === subcategoryId) ?? subList[0] ?? null;

  const scopes: ScopeOption[] = [];
  if (category && sub) scopes.push({ value: sub._id, label: `This sub-category: ${category.name} – ${sub.name}` });
  if (category) scopes.push({ value: category._id, label: `This category: ${category.name}` });
  scopes.push({ value: WHOLE_CATALOGUE, label: 'Whole catalogue' });
  return <PricelistActions scopes={scopes} defaultScope={scopes[0].value} />;
}
