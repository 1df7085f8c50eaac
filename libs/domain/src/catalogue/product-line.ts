import { z } from 'zod';
import type { ProductLine } from '@portal/contracts';
import type { CompanyPercentages, PercentageField } from './pricing';

/**
 * Product lines: the stable key (`categories.product_line`) that picks a company's percentage for a
 * category. A category's display name plays no part in pricing.
 */
export const PRODUCT_LINES = ['rigidflow', 'minipro', 'polyroll'] as const satisfies readonly ProductLine[];

/** What people call each company percentage (forms, notifications, audit, the category select). */
export const MULTIPLIER_LABELS: Readonly<Record<PercentageField, string>> = {
  discount_percentage: 'Price Multiplier',
  rigidflow_percentage: 'Rigidflow Multiplier',
  minipro_percentage: 'Minipro Multiplier',
  polyroll_percentage: 'Polyroll Multiplier',
};

/** The company field a product line is priced by; null → the general discount. */
export function percentageFieldForProductLine(line: ProductLine | null | undefined): PercentageField {
  return line ? `${line}_percentage` : 'discount_percentage';
}

/**
 * The percentage a company pays for a category of this product line. When the line's percentage is
 * not set (null/undefined/''), the company's general discount_percentage applies.
 */
export function percentageForProductLine(
  line: ProductLine | null | undefined,
  company: CompanyPercentages,
): number | string {
  const specific = company[percentageFieldForProductLine(line)];
  const value = specific === null || specific === undefined || specific === '' ? company.discount_percentage : specific;
  if (value === null || value === undefined || value === '') {
    throw new RangeError('company has no discount_percentage');
  }
  return value;
}

export const PRODUCT_LINE_MSG = {
  invalid: `product_line must be one of: ${PRODUCT_LINES.join(', ')} (or null for the general discount)`,
  updated: 'Category updated successfully',
  updateFailed: 'Failed to update the category',
  notFound: 'Category not found',
} as const;

/** `PATCH catalogue/category/{categoryId}`: `{ product_line }` (null = general discount). */
export const categoryUpdateSchema = z.object(
  {
    product_line: z.enum(PRODUCT_LINES, { error: PRODUCT_LINE_MSG.invalid }).nullable(),
  },
  { error: PRODUCT_LINE_MSG.invalid },
);
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;
