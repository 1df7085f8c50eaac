import { formatPrice, parseMoneyToCents } from '@portal/domain';
import type { CatalogueVariant } from './types';

/** Dollars from the API (number or numeric string) → '$1,234.56'; '—' when missing. */
export function formatDollars(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  let cents = parseMoneyToCents(value);
  if (cents === null) {
    const n = Number(value);
    if (!Number.isFinite(n)) return '—';
    cents = Math.round(n * 100); // more than 2 decimals: should not happen, the API sends cents-exact values
  }
  return formatPrice(cents);
}

/** Superadmin sees the list price; everyone else their company's price. */
export function variantPrice(variant: CatalogueVariant, superadmin: boolean): string {
  return formatDollars(superadmin ? (variant.list_price ?? variant.customer_price) : variant.customer_price);
}

export function sortVariants<V extends CatalogueVariant>(variants: readonly V[]): V[] {
  return [...variants].sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0));
}
