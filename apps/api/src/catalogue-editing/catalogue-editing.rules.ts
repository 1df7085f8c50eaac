import { VARIANT_MSG, unknownVariantFields, type NormalizedVariant, type VariantInput } from '@portal/domain';
import { ApiException } from '../common/api-exception';
import type { VariantRow } from './catalogue-editing.repository';

/* Row rules of the catalogue edits that need the stored rows (the rest live in libs/domain). */

/** The message of a 400 with several field errors: the single one, or the generic grid text. */
export function firstMessage(errors: Record<string, string>): string {
  const messages = [...new Set(Object.values(errors))];
  return messages.length === 1 ? messages[0]! : VARIANT_MSG.fixRows;
}

/**
 * A single-variant body may only carry variant fields, and an `_id` only if it is the variant in
 * the address: anything else would be dropped while the answer says "updated" (400 instead).
 */
export function rejectIgnoredFields(row: VariantInput, variantId: string): void {
  const errors: Record<string, string> = {};
  for (const field of unknownVariantFields(row)) errors[field] = VARIANT_MSG.unknownField;
  if (
    row._id !== undefined &&
    row._id !== null &&
    (typeof row._id !== 'string' || row._id.toLowerCase() !== variantId.toLowerCase())
  ) {
    errors._id = VARIANT_MSG.idMismatch;
  }
  const fields = Object.keys(errors);
  if (!fields.length) return;
  const message = fields.includes('_id')
    ? VARIANT_MSG.idMismatch
    : `${VARIANT_MSG.unknownField} (${fields.join(', ')})`;
  throw new ApiException(400, message, errors);
}

/**
 * Rows whose `customer_price` (the spec's field) and `list_price` (the editor's) disagree. A client
 * sends back a row it fetched with one of the two edited, so the field that differs from the stored
 * price is the change and is applied; the other merely repeats the stored price. When both differ
 * (or the row is new), one of the changes would be dropped: both fields are named in a 400 instead.
 * Applies the winner to `values`; returns the errors keyed `<prefix><field>` or null.
 */
export function resolvePriceFields(
  rows: readonly VariantInput[],
  conflicts: readonly ({ customerCents: number; listCents: number } | undefined)[],
  values: (NormalizedVariant | null)[],
  stored: (row: VariantInput) => VariantRow | undefined,
  prefix?: string,
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  conflicts.forEach((c, i) => {
    if (!c || !values[i]) return;
    const cur = stored(rows[i]!);
    const storedCents = cur ? Number(cur.list_price_cents) : null;
    if (storedCents === c.listCents) values[i]!.list_price_cents = c.customerCents;
    else if (storedCents === c.customerCents) values[i]!.list_price_cents = c.listCents;
    else {
      const p = prefix ?? `${i}.`;
      errors[`${p}customer_price`] = VARIANT_MSG.priceFieldsDisagree;
      errors[`${p}list_price`] = VARIANT_MSG.priceFieldsDisagree;
    }
  });
  return Object.keys(errors).length ? errors : null;
}

const sameNum = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b));

/** True when storing `next` at `order` would change the row. */
export function differs(cur: VariantRow, next: NormalizedVariant, order: number): boolean {
  return (
    cur.part_number !== next.part_number ||
    cur.size !== next.size ||
    cur.actual_size !== next.actual_size ||
    !sameNum(cur.depth, next.depth) ||
    cur.odd_size !== next.odd_size ||
    (cur.odd_size_type ?? null) !== next.odd_size_type ||
    !sameNum(cur.min_area, next.min_area) ||
    !sameNum(cur.max_area, next.max_area) ||
    cur.out_of_stock !== next.out_of_stock ||
    Number(cur.list_price_cents) !== next.list_price_cents ||
    (cur.merv ?? null) !== next.merv ||
    (cur.efficiency_class ?? null) !== next.efficiency_class ||
    cur.display_order !== order
  );
}
