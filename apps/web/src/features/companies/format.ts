import { exactPercentageToMultiplier, Multiplier, type MultiplierUnits } from '@portal/domain';
import { formatDate as formatSharedDate, formatDateTime as formatSharedDateTime } from '../../shared/format';

/** Stored percentage → multiplier as shown (percentage / 100, 4 decimals): 45.5 → '0.4550'. */
export function formatMultiplier(percentage: number | string | null | undefined): string {
  if (percentage === null || percentage === undefined || percentage === '') return '0.0000';
  try {
    return exactPercentageToMultiplier(percentage);
  } catch {
    return '0.0000';
  }
}

/** Stored percentage → multiplier number for an input: 45.5 → 0.455. */
export function percentageToMultiplierValue(percentage: number | string | null | undefined): number {
  return Number(formatMultiplier(percentage));
}

/** Multiplier typed (0..1, step 0.0001) → percentage number the API stores: 0.455 → 45.5. */
export function multiplierValueToPercentage(multiplier: number | string): number {
  const units = Multiplier.fromMultiplier(multiplier);
  if (units === null) throw new RangeError(`multiplier must be 0 to 1 in steps of 0.0001: ${String(multiplier)}`);
  return Multiplier.toPercentageNumber(units);
}

/** Parsed form units → the percentage number the API takes. */
export const unitsToPercentage = (units: MultiplierUnits): number => Multiplier.toPercentageNumber(units);

/** A date as the company screens show it: 'Jan 5, 2025', or 'N/A'. */
export function formatDate(value: string | null | undefined): string {
  return formatSharedDate(value, { placeholder: 'N/A', locale: 'en-US' });
}

/** Date and time of a last login, or 'Never'. */
export function formatDateTime(value: string | null | undefined): string {
  return formatSharedDateTime(value, { placeholder: 'Never', locale: 'en-US' });
}

/** The four multipliers in the order the screens show them, with the spec's labels. */
export const MULTIPLIER_LABELS = [
  ['discount_percentage', 'Price Multiplier'],
  ['rigidflow_percentage', 'Rigidflow Multiplier'],
  ['minipro_percentage', 'Minipro Multiplier'],
  ['polyroll_percentage', 'Polyroll Multiplier'],
] as const;
export type MultiplierField = (typeof MULTIPLIER_LABELS)[number][0];

/** Which categories a multiplier prices (the category's product line; see docs/ARCHITECTURE.md#pricing-and-money). */
export const MULTIPLIER_SCOPE: Record<MultiplierField, string> = {
  discount_percentage: 'Every category without its own multiplier',
  rigidflow_percentage: 'Rigid Flow categories',
  minipro_percentage: 'Mini-Pro categories',
  polyroll_percentage: 'Polyroll categories',
};

/** Stored percentage → 'pays 45.5 % of list' (no trailing zeros). */
export function paysOfList(percentage: number | string | null | undefined): string {
  const units = Multiplier.fromPercentage(percentage ?? 0) ?? 0;
  const text = Multiplier.toPercentageText(units).replace(/\.?0+$/, '');
  return `pays ${text} % of list`;
}
