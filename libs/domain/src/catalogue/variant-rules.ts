/**
 * Server-side (and client-side) validation of edited variant rows.
 * One implementation for the API's atomic save / variant calls and the web grid's row highlighting.
 * Errors are keyed `<index>.<field>` (index in the submitted array) with per-row messages.
 */
import { parseMoneyToCents } from './pricing';
import { ODD_SIZE_TYPES, type OddSizeType } from './odd-size';
import { NEW_VARIANT_ID_PREFIX } from './categories';
import { hasControlChars, TEXT_MSG } from '../text';
import type { SaveVariant } from '@portal/contracts';

/**
 * Bounds of the numeric columns. `display_order` and `version` are Postgres `integer`; depth and the
 * areas are unbounded `numeric`, so their bounds are physical (inches, square inches).
 */
export const VARIANT_LIMITS = {
  maxInt: 2_147_483_647,
  maxDepth: 100,
  maxArea: 1_000_000,
  maxDecimals: 4,
  maxEfficiencyClass: 40,
} as const;

/** A variant's sizes, areas and stock flag, in grid order. */
export const VARIANT_SPEC_FIELDS = [
  'size',
  'actual_size',
  'depth',
  'odd_size',
  'odd_size_type',
  'min_area',
  'max_area',
  'out_of_stock',
] as const;

/** A variant's efficiency rating: MERV 1–16 and a free efficiency class ('ePM1 50%'), both optional. */
export const VARIANT_RATING_FIELDS = ['merv', 'efficiency_class'] as const;

/** A variant's own values (besides its price and order), in grid order: compared, audited, imported. */
export const VARIANT_VALUE_FIELDS = ['part_number', ...VARIANT_SPEC_FIELDS, ...VARIANT_RATING_FIELDS] as const;

/**
 * A variant's own values (no id, version, part number or order), list price as the catalogue stores
 * it: what an edit or an import row compares to tell a change.
 */
export const VARIANT_DATA_FIELDS = [...VARIANT_SPEC_FIELDS, 'list_price', ...VARIANT_RATING_FIELDS] as const;
export type VariantDataField = (typeof VARIANT_DATA_FIELDS)[number];

/** Every field a variant body may carry. */
export const VARIANT_FIELDS = [
  '_id',
  'version',
  ...VARIANT_VALUE_FIELDS,
  'list_price',
  'customer_price',
  'display_order',
] as const;

export const VARIANT_MSG = {
  fixRows: 'Please fix the highlighted rows.',
  conflict: 'Some rows were changed by someone else. Reload to see their changes or overwrite them.',
  partNumberRequired: 'Part number is required',
  partNumberTooLong: 'Part number must be at most 100 characters',
  partNumberDuplicateInBatch: 'Part number is used by another row',
  partNumberTaken: 'Part number already exists in the catalogue',
  sizeRequired: 'Size is required unless the variant is odd-size',
  sizeMustBeEmpty: 'Size must be empty for an odd-size variant',
  actualSizeMustBeEmpty: 'Actual size must be empty for an odd-size variant',
  oddTypeRequired: 'Odd-size type is required (SINGLE, DOUBLE or TRIPLE)',
  oddTypeMustBeEmpty: 'Odd-size type must be empty unless the variant is odd-size',
  areaMustBeEmpty: 'Area must be empty unless the variant is odd-size',
  notANumber: 'Must be a number',
  negative: 'Must be 0 or more',
  minAboveMax: 'Min area must not exceed max area',
  priceRequired: 'List price is required',
  priceInvalid: 'List price must be an amount of 0 or more with at most 2 decimals',
  versionRequired: 'Version is required for an existing row',
  invalidId: 'Invalid variant id',
  duplicateId: 'This row appears twice',
  booleanInvalid: 'Must be Yes or No',
  textTooLong: 'Must be at most 100 characters',
  controlChars: TEXT_MSG.controlChars('This cell'),
  depthRange: `Depth must be a number from 0 to ${VARIANT_LIMITS.maxDepth} with at most ${VARIANT_LIMITS.maxDecimals} decimals`,
  areaRange: `Area must be a number from 0 to ${VARIANT_LIMITS.maxArea} with at most ${VARIANT_LIMITS.maxDecimals} decimals`,
  displayOrderInvalid: `display_order must be a whole number from 0 to ${VARIANT_LIMITS.maxInt}`,
  versionInvalid: `version must be a whole number from 1 to ${VARIANT_LIMITS.maxInt}`,
  priceFieldsDisagree:
    'customer_price and list_price disagree and both differ from the stored price. Send the new list price in one of them (customer_price), or the same amount in both.',
  unknownField: 'Unknown field: nothing was changed. Remove it or use one of the variant fields.',
  idMismatch: '_id in the body is not the variant in the address',
  mervInvalid: 'MERV must be a whole number from 1 to 16',
  efficiencyClassTooLong: `Efficiency class must be at most ${VARIANT_LIMITS.maxEfficiencyClass} characters`,
} as const;

/** A variant row as sent by a client (grid or spec calls). */
export type VariantInput = { [K in keyof SaveVariant]?: unknown } & { customer_price?: unknown };

/** A validated row in storage units: numerics as exact decimal text, price in integer cents. */
export interface NormalizedVariant {
  part_number: string;
  size: string;
  actual_size: string;
  depth: string | null;
  odd_size: boolean;
  odd_size_type: OddSizeType | null;
  min_area: string | null;
  max_area: string | null;
  out_of_stock: boolean;
  list_price_cents: number;
  /** MERV 1–16, or null (not rated). */
  merv: number | null;
  efficiency_class: string | null;
}

const NUMERIC_RE = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const NEGATIVE_RE = /^-\s*(?:\d+(?:\.\d*)?|\.\d+)$/;

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' ? v.trim() : '';
}

function bool(v: unknown): boolean | 'invalid' {
  if (v === null || v === undefined || v === '') return false;
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (['yes', 'true', '1'].includes(t)) return true;
    if (['no', 'false', '0'].includes(t)) return false;
  }
  return 'invalid';
}

/**
 * Non-negative number up to `max` with at most 4 decimals → exact decimal text; blank → null.
 * Floats that print in exponent form (1e21, 1e-7) are out of range by definition.
 */
function numeric(
  v: unknown,
  max: number,
  rangeMessage: string,
): { ok: true; value: string | null } | { ok: false; message: string } {
  if (isBlank(v)) return { ok: true, value: null };
  const t = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : typeof v === 'string' ? v.trim() : 'x';
  if (NEGATIVE_RE.test(t) || (typeof v === 'number' && v < 0)) return { ok: false, message: VARIANT_MSG.negative };
  if (typeof v === 'number' && /e/i.test(t)) return { ok: false, message: rangeMessage };
  if (!NUMERIC_RE.test(t)) return { ok: false, message: VARIANT_MSG.notANumber };
  const decimals = t.includes('.') ? t.length - t.indexOf('.') - 1 : 0;
  if (decimals > VARIANT_LIMITS.maxDecimals || Number(t) > max) return { ok: false, message: rangeMessage };
  return { ok: true, value: t.startsWith('.') ? `0${t}` : t.replace(/\.$/, '') };
}

/** A Postgres `integer` from 0 (or `min`) up: a whole JSON number or digit string; blank → null. */
export function parseIntField(v: unknown, min = 0): number | null | 'invalid' {
  if (isBlank(v)) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= min && n <= VARIANT_LIMITS.maxInt ? n : 'invalid';
}

/** Fields of a variant body that no variant has (typos, other entities' fields): never silently dropped. */
export function unknownVariantFields(row: object): string[] {
  return Object.keys(row).filter((k) => !(VARIANT_FIELDS as readonly string[]).includes(k));
}

function oddType(v: unknown): OddSizeType | '' | 'invalid' {
  if (isBlank(v)) return '';
  if (typeof v !== 'string') return 'invalid';
  const t = v.trim().toUpperCase();
  if (t === 'NONE') return '';
  return (ODD_SIZE_TYPES as readonly string[]).includes(t) ? (t as OddSizeType) : 'invalid';
}

export interface ValidateOptions {
  /** Price when the row carries none (spec calls keep the current one); undefined → required. */
  defaultPriceCents?: number;
}

/**
 * Validates one row. Returns the normalised row and its errors keyed by field. Rules:
 * odd-size rows have no size/actual size and need a type; standard rows need a size and have no
 * areas or type; numbers are ≥ 0; min area ≤ max area; part number required.
 */
export interface ValidatedRow {
  value: NormalizedVariant | null;
  errors: Record<string, string>;
  /**
   * Set when both price fields were sent and disagree: `customer_price` (the spec's field) is in
   * `value`; the caller, which knows the stored price, decides which of the two is the change.
   */
  priceConflict?: { customerCents: number; listCents: number };
}

export function validateVariantRow(row: VariantInput, options: ValidateOptions = {}): ValidatedRow {
  const errors: Record<string, string> = {};
  const pn = text(row.part_number);
  if (!pn) errors.part_number = VARIANT_MSG.partNumberRequired;
  else if (pn.length > 100) errors.part_number = VARIANT_MSG.partNumberTooLong;
  else if (hasControlChars(pn)) errors.part_number = TEXT_MSG.controlChars('Part number');
  if (parseIntField(row.display_order) === 'invalid') errors.display_order = VARIANT_MSG.displayOrderInvalid;
  if (parseIntField(row.version, 1) === 'invalid') errors.version = VARIANT_MSG.versionInvalid;

  const odd = bool(row.odd_size);
  if (odd === 'invalid') errors.odd_size = VARIANT_MSG.booleanInvalid;
  const oos = bool(row.out_of_stock);
  if (oos === 'invalid') errors.out_of_stock = VARIANT_MSG.booleanInvalid;
  const isOdd = odd === true;

  const size = text(row.size);
  const actual = text(row.actual_size);
  if (size.length > 100) errors.size = VARIANT_MSG.textTooLong;
  else if (hasControlChars(size)) errors.size = TEXT_MSG.controlChars('Size');
  if (actual.length > 100) errors.actual_size = VARIANT_MSG.textTooLong;
  else if (hasControlChars(actual)) errors.actual_size = TEXT_MSG.controlChars('Actual size');

  const depth = numeric(row.depth, VARIANT_LIMITS.maxDepth, VARIANT_MSG.depthRange);
  if (!depth.ok) errors.depth = depth.message;
  const min = numeric(row.min_area, VARIANT_LIMITS.maxArea, VARIANT_MSG.areaRange);
  if (!min.ok) errors.min_area = min.message;
  const max = numeric(row.max_area, VARIANT_LIMITS.maxArea, VARIANT_MSG.areaRange);
  if (!max.ok) errors.max_area = max.message;
  const type = oddType(row.odd_size_type);

  if (isOdd) {
    if (size) errors.size ??= VARIANT_MSG.sizeMustBeEmpty;
    if (actual) errors.actual_size ??= VARIANT_MSG.actualSizeMustBeEmpty;
    if (type === '' || type === 'invalid') errors.odd_size_type = VARIANT_MSG.oddTypeRequired;
    if (min.ok && max.ok && min.value !== null && max.value !== null && Number(min.value) > Number(max.value)) {
      errors.min_area = VARIANT_MSG.minAboveMax;
    }
  } else {
    if (!size) errors.size ??= VARIANT_MSG.sizeRequired;
    if (type !== '') errors.odd_size_type = VARIANT_MSG.oddTypeMustBeEmpty;
    if (!isBlank(row.min_area)) errors.min_area ??= VARIANT_MSG.areaMustBeEmpty;
    if (!isBlank(row.max_area)) errors.max_area ??= VARIANT_MSG.areaMustBeEmpty;
  }

  const merv = parseMerv(row.merv);
  if (merv === 'invalid') errors.merv = VARIANT_MSG.mervInvalid;
  const efficiency = text(row.efficiency_class);
  if (row.efficiency_class !== undefined && row.efficiency_class !== null && typeof row.efficiency_class !== 'string')
    errors.efficiency_class = VARIANT_MSG.efficiencyClassTooLong;
  else if (efficiency.length > VARIANT_LIMITS.maxEfficiencyClass)
    errors.efficiency_class = VARIANT_MSG.efficiencyClassTooLong;
  else if (hasControlChars(efficiency)) errors.efficiency_class = TEXT_MSG.controlChars('Efficiency class');

  // customer_price is the spec's name for the superadmin's list price; list_price is the editor's.
  let cents: number | null = null;
  let priceConflict: ValidatedRow['priceConflict'];
  const customerGiven = !isBlank(row.customer_price);
  const listGiven = !isBlank(row.list_price);
  if (!customerGiven && !listGiven) {
    if (options.defaultPriceCents === undefined) errors.list_price = VARIANT_MSG.priceRequired;
    else cents = options.defaultPriceCents;
  } else {
    const customer = customerGiven ? money(row.customer_price) : null;
    const list = listGiven ? money(row.list_price) : null;
    if (customerGiven && customer === null) errors.customer_price = VARIANT_MSG.priceInvalid;
    if (listGiven && list === null) errors.list_price = VARIANT_MSG.priceInvalid;
    cents = customer ?? list;
    if (customer !== null && list !== null && customer !== list) {
      priceConflict = { customerCents: customer, listCents: list };
    }
  }

  if (Object.keys(errors).length) return { value: null, errors };
  return {
    ...(priceConflict ? { priceConflict } : {}),
    value: {
      part_number: pn,
      size: isOdd ? '' : size,
      actual_size: isOdd ? '' : actual,
      depth: depth.ok ? depth.value : null,
      odd_size: isOdd,
      odd_size_type: isOdd ? (type as OddSizeType) : null,
      min_area: isOdd && min.ok ? min.value : null,
      max_area: isOdd && max.ok ? max.value : null,
      out_of_stock: oos === true,
      list_price_cents: cents ?? 0,
      merv: merv === 'invalid' ? null : merv,
      efficiency_class: efficiency || null,
    },
    errors,
  };
}

/** MERV: blank → null; a whole number 1–16 (JSON number or digits, a spreadsheet's 13.0 is 13). */
function parseMerv(v: unknown): number | null | 'invalid' {
  if (isBlank(v)) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,2}(\.0+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 16 ? n : 'invalid';
}

function money(raw: unknown): number | null {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) return null;
    return parseMoneyToCents(String(Math.round(raw * 1e6) / 1e6));
  }
  return typeof raw === 'string' ? parseMoneyToCents(raw) : null;
}

export function isNewRowId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(NEW_VARIANT_ID_PREFIX);
}

/**
 * Validates a whole batch: each row, plus part-number uniqueness inside the batch
 * (case-insensitive). Keys are `<index>.<field>`.
 */
export function validateVariantBatch(
  rows: readonly VariantInput[],
  options: ValidateOptions = {},
): {
  values: (NormalizedVariant | null)[];
  errors: Record<string, string>;
  priceConflicts: (ValidatedRow['priceConflict'] | undefined)[];
} {
  const errors: Record<string, string> = {};
  const priceConflicts: (ValidatedRow['priceConflict'] | undefined)[] = [];
  const values = rows.map((row, i) => {
    const r = validateVariantRow(row, options);
    for (const [field, message] of Object.entries(r.errors)) errors[`${i}.${field}`] = message;
    for (const field of unknownVariantFields(row)) errors[`${i}.${field}`] = VARIANT_MSG.unknownField;
    priceConflicts[i] = r.priceConflict;
    return r.value;
  });
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const key = text(row.part_number).toLowerCase();
    if (!key) return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else {
      errors[`${i}.part_number`] ??= VARIANT_MSG.partNumberDuplicateInBatch;
      errors[`${first}.part_number`] ??= VARIANT_MSG.partNumberDuplicateInBatch;
    }
  });
  return { values, errors, priceConflicts };
}
