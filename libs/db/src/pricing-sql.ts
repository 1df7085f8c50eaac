/**
 * The one SQL expression for a customer price: `round(list_cents × pct / 100)` in exact numeric
 * arithmetic (half-up for non-negative values — the same result as `customerPriceCents` in
 * libs/domain), returned in dollars with 2 decimals. `pct` is an SQL expression yielding the
 * company percentage for the variant's category, chosen by `percentageForProductLine` from the category's product line.
 * Used by the catalogue screens and by the price-list files, so both always show the same price.
 */
export function customerPriceSql(pct: string, listCents = 'v.list_price_cents'): string {
  return `(round(${listCents} * ${pct} / 100) / 100)::numeric(20,2)`;
}
