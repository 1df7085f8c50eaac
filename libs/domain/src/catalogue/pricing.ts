/**
 * Money rules (see docs/ARCHITECTURE.md#pricing-and-money).
 *
 * - List prices are integer cents.
 * - Company percentages are exact decimals (postgres numeric), received as strings such as
 *   '45.50' or as JS numbers. Numbers are read through their shortest round-trip decimal
 *   text (String(45.5) === '45.5'), never through float arithmetic.
 * - Customer price = list × percentage / 100, rounded half-up to whole cents, computed with
 *   BigInt. Negative values (never expected) round half away from zero.
 */

/** An exact decimal: value = digits × 10^-scale. */
export interface ExactDecimal {
  digits: bigint;
  scale: number;
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses '45.50', '.5', '1e-2', 45.5 … into an exact decimal; null when not a finite decimal. */
export function parseExactDecimal(input: string | number | bigint): ExactDecimal | null {
  if (typeof input === 'bigint') return { digits: input, scale: 0 };
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  const text = String(input).trim();
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const [, sign, intPart = '', fracPart = '', exp] = m;
  if (intPart.length === 0 && fracPart.length === 0) return null;
  let digits = BigInt((intPart || '0') + fracPart);
  if (sign === '-') digits = -digits;
  let scale = fracPart.length - (exp ? Number(exp) : 0);
  if (!Number.isSafeInteger(scale) || Math.abs(scale) > 400) return null;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

/** n / d rounded half-up (half away from zero for negative n); d must be > 0. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const negative = n < 0n;
  const a = negative ? -n : n;
  let q = a / d;
  if ((a % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

/** Rounds an exact decimal half-up to `scale` fraction digits, returning the scaled integer. */
export function toScaledInteger(dec: ExactDecimal, scale: number): bigint {
  if (dec.scale <= scale) return dec.digits * 10n ** BigInt(scale - dec.scale);
  return divRoundHalfUp(dec.digits, 10n ** BigInt(dec.scale - scale));
}

function toCentsBigInt(cents: number | bigint | string): bigint {
  if (typeof cents === 'bigint') return cents;
  if (typeof cents === 'number') {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer: ${cents}`);
    return BigInt(cents);
  }
  if (!/^[+-]?\d+$/.test(cents.trim())) throw new RangeError(`cents must be an integer: ${cents}`);
  return BigInt(cents.trim());
}

function bigToSafeNumber(v: bigint): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`value out of safe integer range: ${v}`);
  return n;
}

/** Customer price in cents: listCents × percentage / 100, half-up, exact. */
export function customerPriceCents(listCents: number | bigint | string, percentage: number | string): number {
  const list = toCentsBigInt(listCents);
  const pct = parseExactDecimal(percentage);
  if (!pct) throw new RangeError(`invalid percentage: ${String(percentage)}`);
  return bigToSafeNumber(divRoundHalfUp(list * pct.digits, 100n * 10n ** BigInt(pct.scale)));
}

export type PercentageValue = number | string | null | undefined;

/** The company fields used for pricing. */
export interface CompanyPercentages {
  discount_percentage: PercentageValue;
  rigidflow_percentage?: PercentageValue;
  minipro_percentage?: PercentageValue;
  polyroll_percentage?: PercentageValue;
}

export type PercentageField =
  'discount_percentage' | 'rigidflow_percentage' | 'minipro_percentage' | 'polyroll_percentage';

/** Lower-cases and drops spaces, hyphens and underscores: 'Mini-Pro' → 'minipro'. */
export function normalizeCategoryName(name: string | null | undefined): string {
  return (name ?? '').toLowerCase().replace(/[\s\-_]+/g, '');
}

/** Which company field prices a category: Rigid Flow, Minipro/Mini-Pro, Polyroll, else discount. */
export function percentageFieldForCategory(categoryName: string | null | undefined): PercentageField {
  switch (normalizeCategoryName(categoryName)) {
    case 'rigidflow':
      return 'rigidflow_percentage';
    case 'minipro':
      return 'minipro_percentage';
    case 'polyroll':
      return 'polyroll_percentage';
    default:
      return 'discount_percentage';
  }
}

/**
 * The percentage a company pays for a category. When the product-line percentage is not set
 * (null/undefined/''), the company's general discount_percentage applies.
 */
export function percentageForCategory(
  categoryName: string | null | undefined,
  company: CompanyPercentages,
): number | string {
  const field = percentageFieldForCategory(categoryName);
  const specific = company[field];
  const value = specific === null || specific === undefined || specific === '' ? company.discount_percentage : specific;
  if (value === null || value === undefined || value === '') {
    throw new RangeError('company has no discount_percentage');
  }
  return value;
}

/** Customer price for a variant of the given category. */
export function companyPriceCents(
  listCents: number | bigint | string,
  categoryName: string | null | undefined,
  company: CompanyPercentages,
): number {
  return customerPriceCents(listCents, percentageForCategory(categoryName, company));
}

/** '$1,234.56' (negative: '-$1.23'). */
export function formatPrice(cents: number | bigint | string): string {
  const c = toCentsBigInt(cents);
  const negative = c < 0n;
  const abs = negative ? -c : c;
  const dollars = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}$${dollars}.${rest}`;
}

/** Cents as a plain decimal string for numeric columns / inputs: 123456 → '1234.56'. */
export function centsToDecimalString(cents: number | bigint | string): string {
  const c = toCentsBigInt(cents);
  const negative = c < 0n;
  const abs = negative ? -c : c;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Dollar input ('12.5', '$1,234.56', 12.34) → integer cents; null if invalid or > 2 decimals. */
export function parseMoneyToCents(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const text = String(input)
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d*(\.\d{0,2})?$/.test(text) || !/\d/.test(text)) return null;
  const dec = parseExactDecimal(text);
  if (!dec) return null;
  const cents = toScaledInteger(dec, 2);
  return Number.isSafeInteger(Number(cents)) ? Number(cents) : null;
}

/** Formats a scaled integer with exactly `scale` fraction digits. */
function formatScaled(v: bigint, scale: number): string {
  const negative = v < 0n;
  const abs = (negative ? -v : v).toString().padStart(scale + 1, '0');
  const int = abs.slice(0, abs.length - scale);
  return `${negative ? '-' : ''}${int}.${abs.slice(abs.length - scale)}`;
}

/**
 * The company multiplier value type. A multiplier (0..1, step 0.0001) and the percentage stored for it
 * (0..100, 2 decimals; postgres numeric(5,2)) are the same integer: ten-thousandths of the multiplier
 * = hundredths of the percentage (0.4550 ⇔ 45.50 ⇔ 4550). Everything between the form, the API and
 * the database goes through these units; the DB CHECK stays as the last guard.
 */
export type MultiplierUnits = number;
export const MULTIPLIER_MAX_UNITS = 10_000;

function unitsWithin(dec: ExactDecimal | null, scale: number): MultiplierUnits | null {
  if (!dec) return null;
  if (dec.scale > scale && dec.digits % 10n ** BigInt(dec.scale - scale) !== 0n) return null;
  const units = toScaledInteger(dec, scale);
  return units >= 0n && units <= BigInt(MULTIPLIER_MAX_UNITS) ? Number(units) : null;
}

export const Multiplier = {
  /** A typed multiplier ('0.455', 0.4551) → units; null unless 0..1 in steps of 0.0001. */
  fromMultiplier(value: unknown): MultiplierUnits | null {
    if (typeof value !== 'number' && typeof value !== 'string') return null;
    if (value === '') return null;
    return unitsWithin(parseExactDecimal(value), 4);
  },
  /**
   * A percentage ('45.50', 45.5) → units; null unless 0..100 with at most 2 decimals. A JS number
   * within float noise of a 2-decimal value (0.4551 × 100 = 45.510000000000005) counts as that value.
   */
  fromPercentage(value: unknown): MultiplierUnits | null {
    if (typeof value === 'string') return value.trim() === '' ? null : unitsWithin(parseExactDecimal(value), 2);
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    const rounded = Math.round(value * 100) / 100;
    return Math.abs(rounded - value) > 1e-6 ? null : unitsWithin(parseExactDecimal(rounded), 2);
  },
  /** '0.4550' — as the screens and notifications show it. */
  toMultiplierText: (units: MultiplierUnits): string => formatScaled(BigInt(units), 4),
  /** '45.50' — as SQL writes it into numeric. */
  toPercentageText: (units: MultiplierUnits): string => formatScaled(BigInt(units), 2),
  /** 0.455 — for a number input. */
  toMultiplierNumber: (units: MultiplierUnits): number => Number(formatScaled(BigInt(units), 4)),
  /** 45.5 — the percentage as the API's JSON carries it. */
  toPercentageNumber: (units: MultiplierUnits): number => Number(formatScaled(BigInt(units), 2)),
};

/**
 * Multiplier shown for a stored percentage: percentage / 100 with 4 decimals,
 * e.g. '45.50' → '0.4550' (half-up if the percentage had more than 2 fraction digits).
 */
export function exactPercentageToMultiplier(percentage: number | string): string {
  const dec = parseExactDecimal(percentage);
  if (!dec) throw new RangeError(`invalid percentage: ${String(percentage)}`);
  // multiplier in units of 1e-4 == percentage in units of 1e-2.
  return formatScaled(toScaledInteger(dec, 2), 4);
}

/** Multiplier step 0.0001 within 0..1. */
export function isValidMultiplier(multiplier: number | string | null | undefined): boolean {
  return Multiplier.fromMultiplier(multiplier) !== null;
}

/** Multiplier input (0..1, step 0.0001) → stored percentage string with 2 decimals: 0.455 → '45.50'. */
export function exactMultiplierToPercentage(multiplier: number | string): string {
  const units = Multiplier.fromMultiplier(multiplier);
  if (units === null) throw new RangeError(`multiplier must be 0 to 1 in steps of 0.0001: ${String(multiplier)}`);
  return Multiplier.toPercentageText(units);
}
