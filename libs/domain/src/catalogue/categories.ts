/** Category rules and constants of the catalogue screen. */
import { normalizeCategoryName } from './pricing';

/** Fixed display order; every other category follows alphabetically. */
export const CATEGORY_ORDER = [
  'MERV 10',
  'MERV 10 HC',
  'MERV 13',
  'Carbon',
  'Rigid Flow',
  'Minipro',
  'Bag Filters',
  'V-Cells',
] as const;

/** Categories for which the Dimension (Odd Size Search) panel is hidden. */
export const DIMENSION_PANEL_HIDDEN_CATEGORIES = [
  'Bag Filters',
  'V-Cells',
  'Mini-Pro',
  'Minipro',
  'Rigid Flow',
] as const;

/** Part number of the default variant of a new product. */
export const DEFAULT_PART_NUMBER = 'DEFAULT_PN';

/** Prefix of temporary ids of variants added in the grid and not yet saved. */
export const NEW_VARIANT_ID_PREFIX = 'new_';

const ORDER_INDEX = new Map<string, number>(CATEGORY_ORDER.map((n, i) => [normalizeCategoryName(n), i]));
const HIDDEN = new Set<string>(DIMENSION_PANEL_HIDDEN_CATEGORIES.map(normalizeCategoryName));

type Named = string | { name: string };
const nameOf = (item: Named): string => (typeof item === 'string' ? item : item.name);

/**
 * Fixed order first (matched case/space/hyphen-insensitively, so 'Mini-Pro' sorts as Minipro),
 * the rest alphabetical (case-insensitive, ties by raw name). Returns a new array.
 */
export function sortCategories<T extends Named>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    const ia = ORDER_INDEX.get(normalizeCategoryName(nameOf(a))) ?? Infinity;
    const ib = ORDER_INDEX.get(normalizeCategoryName(nameOf(b))) ?? Infinity;
    if (ia !== ib) return ia < ib ? -1 : 1;
    const na = nameOf(a);
    const nb = nameOf(b);
    const byName = na.localeCompare(nb, 'en', { sensitivity: 'base' });
    return byName !== 0 ? byName : na < nb ? -1 : na > nb ? 1 : 0;
  });
}

export function isDimensionPanelHidden(categoryName: string | null | undefined): boolean {
  return HIDDEN.has(normalizeCategoryName(categoryName));
}

/** Actual Size column is hidden for Rigid Flow (view table and edit grid). */
export function showsActualSize(categoryName: string | null | undefined): boolean {
  return normalizeCategoryName(categoryName) !== 'rigidflow';
}

export type VariantColumn = 'part_number' | 'actual_size' | 'size' | 'price';

/**
 * Read-only variant table columns. Outside a search: Part Number, Actual Size (not for Rigid
 * Flow), Size, Price. During an odd-size search: odd-size-only result → Part Number and Price;
 * mixed result → Part Number, Actual Size, Size, Price.
 */
export function variantTableColumns(
  categoryName: string | null | undefined,
  searchResult?: ReadonlyArray<{ odd_size?: boolean | null }> | null,
): VariantColumn[] {
  if (searchResult) {
    const oddOnly = searchResult.length > 0 && searchResult.every((v) => v.odd_size === true);
    return oddOnly ? ['part_number', 'price'] : ['part_number', 'actual_size', 'size', 'price'];
  }
  return showsActualSize(categoryName)
    ? ['part_number', 'actual_size', 'size', 'price']
    : ['part_number', 'size', 'price'];
}

export function isNewVariantId(id: string | null | undefined): boolean {
  return typeof id === 'string' && id.startsWith(NEW_VARIANT_ID_PREFIX);
}
