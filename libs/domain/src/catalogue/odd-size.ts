/**
 * Odd-size (custom dimension) search: the dimension form, size types and variant matching. One implementation for the web (validation, hints) and the
 * API (matching; `oddSizeCriteria` gives the same rule as SQL parameters).
 *
 * Threshold semantics (decided here, applied consistently):
 *  1. Presence, numeric and minimum-1/8" checks apply to the ENTERED values (width, height,
 *     depth) — "Below 1/8 inch" describes what the user typed.
 *  2. The modal 'Both dimensions over 30" …' applies to the ENTERED width and height: depth ≠ 1
 *     and width > 30 and height > 30 (30 itself is not "over 30").
 *  3. Exact mode = checkbox set OR any entered value (width, height or depth) is not a whole
 *     number ('20 1/2', '20.5', '.5'). '20.0' is the whole number 20 and does not force it.
 *  4. Unless exact, 0.5" is subtracted from width and height (not from depth) → EFFECTIVE values.
 *  5. Size type and the TRIPLE exclusion use the EFFECTIVE values, thresholds strict (">"):
 *       TRIPLE when both > 29.5 or either > 59.5 — only valid for depth 1, otherwise the size
 *               type is invalid (sizeType null → nothing can match, the UI shows no results);
 *       DOUBLE when exactly one > 29.5 (and none > 59.5);
 *       SINGLE when both ≤ 29.5.
 *     29.5 = 30 − 0.5, so in the default (non-exact) mode the 30" limit of rule 2 and the 29.5
 *     type threshold coincide: 30 × 30 × 2 → 29.5 × 29.5 SINGLE; 30.5 × 30.5 × 2 → modal.
 *     In exact mode 30 × 30 × 2 is TRIPLE at depth 2 → invalid size type (empty result, no modal).
 *  6. Area = effective width × effective height (rounded to 6 decimals to drop float noise).
 *  7. Depth matches when equal (exact) or within ±0.125 inclusive (not exact).
 */
import { CATALOGUE_MSG } from './messages';

export const MIN_DIMENSION = 0.125;
export const STEP = 0.5;
export const DEFAULT_DEPTH = '1';
/** Subtracted from width and height unless exact measurements are used. */
export const NON_EXACT_ALLOWANCE = 0.5;
export const SINGLE_MAX = 29.5;
export const TRIPLE_EITHER_OVER = 59.5;
/** Entered width and height above this (both) are only allowed for depth 1. */
export const OVER_SIZE_LIMIT = 30;
export const DEPTH_TOLERANCE = 0.125;

export const ODD_SIZE_TYPES = ['SINGLE', 'DOUBLE', 'TRIPLE'] as const;
export type OddSizeType = (typeof ODD_SIZE_TYPES)[number];

export const EXACT_ACTION = 'exact-measurement';
export const NOT_EXACT_ACTION = 'not-exactly';
export type OddSizeAction = typeof EXACT_ACTION | typeof NOT_EXACT_ACTION;

const EPS = 1e-9;

export type ParsedDimension =
  { ok: true; value: number; fractionalOrDecimal: boolean } | { ok: false; reason: 'required' | 'invalid' };

const DECIMAL_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const FRACTION_RE = /^(\d+)\/(\d+)$/;
const MIXED_RE = /^(\d+)(?:\s+|-)(\d+)\/(\d+)$/;

/**
 * Parses a dimension: '20', '20.5', '.5', '1/2', '20 1/2', '20-1/2', surrounding whitespace and a
 * trailing inch mark (" ″ ”) allowed. fractionalOrDecimal is true when the value is not a whole
 * number. Empty → reason 'required'; anything else unparsable → 'invalid'.
 */
export function parseDimension(input: string | number | null | undefined): ParsedDimension {
  if (input === null || input === undefined) return { ok: false, reason: 'required' };
  if (typeof input === 'number') {
    return Number.isFinite(input)
      ? { ok: true, value: input, fractionalOrDecimal: !Number.isInteger(input) }
      : { ok: false, reason: 'invalid' };
  }
  const text = input
    .trim()
    .replace(/\s*["″”]$/, '')
    .replace(/\s+/g, ' ');
  if (text === '') return { ok: false, reason: input.trim() === '' ? 'required' : 'invalid' };
  let value: number;
  let m: RegExpExecArray | null;
  if (DECIMAL_RE.test(text)) {
    value = Number(text);
  } else if ((m = FRACTION_RE.exec(text))) {
    if (Number(m[2]) === 0) return { ok: false, reason: 'invalid' };
    value = Number(m[1]) / Number(m[2]);
  } else if ((m = MIXED_RE.exec(text))) {
    if (Number(m[3]) === 0) return { ok: false, reason: 'invalid' };
    value = Number(m[1]) + Number(m[2]) / Number(m[3]);
  } else {
    return { ok: false, reason: 'invalid' };
  }
  if (!Number.isFinite(value)) return { ok: false, reason: 'invalid' };
  return { ok: true, value, fractionalOrDecimal: !Number.isInteger(value) };
}

export interface DimensionSearchInput {
  width: string | number | null | undefined;
  height: string | number | null | undefined;
  depth: string | number | null | undefined;
  useExactMeasurements?: boolean;
}

export interface OddSizeSearch {
  /** Entered values. */
  width: number;
  height: number;
  depth: number;
  /** Checkbox set, or forced because an entered value is fractional/decimal. */
  exact: boolean;
  /** True when exact was forced on by a fractional/decimal value (the UI ticks the checkbox). */
  exactForced: boolean;
  effectiveWidth: number;
  effectiveHeight: number;
  /** null: TRIPLE at a depth other than 1 — invalid, nothing matches. */
  sizeType: OddSizeType | null;
  area: number;
}

export type DimensionSearchErrorKind = 'required' | 'invalid' | 'too-small' | 'over-30';

export interface DimensionSearchError {
  kind: DimensionSearchErrorKind;
  /** Inline / API text. */
  message: string;
  /** The 'Invalid Size' modal the web shows for this error, if any. */
  modal?: { title: string; text: string };
}

export type DimensionSearchResult = { ok: true; search: OddSizeSearch } | { ok: false; error: DimensionSearchError };

function err(kind: DimensionSearchErrorKind, message: string, modalText?: string): DimensionSearchResult {
  const error: DimensionSearchError = { kind, message };
  if (modalText) error.modal = { title: CATALOGUE_MSG.invalidSizeTitle, text: modalText };
  return { ok: false, error };
}

/** Size type from EFFECTIVE width/height (see rule 5); null when TRIPLE at depth ≠ 1. */
export function classifySizeType(effectiveWidth: number, effectiveHeight: number, depth: number): OddSizeType | null {
  const wOver = effectiveWidth > SINGLE_MAX;
  const hOver = effectiveHeight > SINGLE_MAX;
  if ((wOver && hOver) || effectiveWidth > TRIPLE_EITHER_OVER || effectiveHeight > TRIPLE_EITHER_OVER) {
    return depth === 1 ? 'TRIPLE' : null;
  }
  if (wOver || hOver) return 'DOUBLE';
  return 'SINGLE';
}

/** Validates and normalizes a dimension search (rules 1–6 above). */
export function validateDimensionSearch(input: DimensionSearchInput): DimensionSearchResult {
  const parsed = [parseDimension(input.width), parseDimension(input.height), parseDimension(input.depth)];
  if (parsed.some((p) => !p.ok && p.reason === 'required')) {
    return err('required', CATALOGUE_MSG.dimensionsRequired);
  }
  const ok = parsed.filter((p): p is Extract<ParsedDimension, { ok: true }> => p.ok);
  if (ok.length !== 3) return err('invalid', CATALOGUE_MSG.dimensionsInvalid);
  const [w, h, d] = ok;
  if (ok.some((p) => p.value < MIN_DIMENSION)) {
    return err('too-small', CATALOGUE_MSG.dimensionsTooSmall, CATALOGUE_MSG.invalidSizeTooSmall);
  }
  if (d.value !== 1 && w.value > OVER_SIZE_LIMIT && h.value > OVER_SIZE_LIMIT) {
    return err('over-30', CATALOGUE_MSG.invalidSizeOver30, CATALOGUE_MSG.invalidSizeOver30);
  }
  const exactForced = ok.some((p) => p.fractionalOrDecimal);
  const exact = Boolean(input.useExactMeasurements) || exactForced;
  const allowance = exact ? 0 : NON_EXACT_ALLOWANCE;
  const effectiveWidth = w.value - allowance;
  const effectiveHeight = h.value - allowance;
  return {
    ok: true,
    search: {
      width: w.value,
      height: h.value,
      depth: d.value,
      exact,
      exactForced: exactForced && !input.useExactMeasurements,
      effectiveWidth,
      effectiveHeight,
      sizeType: classifySizeType(effectiveWidth, effectiveHeight, d.value),
      area: Math.round(effectiveWidth * effectiveHeight * 1e6) / 1e6,
    },
  };
}

/** API query `action` → exact flag; null for anything else (400). */
export function exactFromAction(action: string | null | undefined): boolean | null {
  if (action === EXACT_ACTION) return true;
  if (action === NOT_EXACT_ACTION) return false;
  return null;
}

export function actionFromExact(exact: boolean): OddSizeAction {
  return exact ? EXACT_ACTION : NOT_EXACT_ACTION;
}

/** Variant fields used by matching; numeric columns may arrive as strings (postgres numeric). */
export interface OddSizeVariantLike {
  odd_size: boolean | null | undefined;
  odd_size_type: string | null | undefined;
  min_area: number | string | null | undefined;
  max_area: number | string | null | undefined;
  depth: number | string | null | undefined;
}

/** 'single ' → 'SINGLE'; 'None', '' or anything else → ''. */
export function normalizeOddSizeType(value: unknown): OddSizeType | '' {
  if (typeof value !== 'string') return '';
  const v = value.trim().toUpperCase();
  return (ODD_SIZE_TYPES as readonly string[]).includes(v) ? (v as OddSizeType) : '';
}

function numOrNull(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** True when the TRIPLE exclusion applies to this search: depth ≠ 1 and both effective > 29.5. */
export function excludesTriple(search: OddSizeSearch): boolean {
  return search.depth !== 1 && search.effectiveWidth > SINGLE_MAX && search.effectiveHeight > SINGLE_MAX;
}

/**
 * Variant matching: odd_size on; type equals the searched type; area within min_area and
 * max_area (each optional, inclusive); depth equal (exact) or within 0.125 (not exact);
 * TRIPLE variants excluded when depth ≠ 1 and both effective dimensions exceed 29.5.
 */
export function matchesOddSizeVariant(search: OddSizeSearch, variant: OddSizeVariantLike): boolean {
  if (variant.odd_size !== true || search.sizeType === null) return false;
  const type = normalizeOddSizeType(variant.odd_size_type);
  if (type !== search.sizeType) return false;
  if (type === 'TRIPLE' && excludesTriple(search)) return false;
  const min = numOrNull(variant.min_area);
  const max = numOrNull(variant.max_area);
  if (min !== null && search.area < min - EPS) return false;
  if (max !== null && search.area > max + EPS) return false;
  const depth = numOrNull(variant.depth);
  if (depth === null) return false;
  const tolerance = search.exact ? 0 : DEPTH_TOLERANCE;
  return Math.abs(depth - search.depth) <= tolerance + EPS;
}

/** Parameters for running the same rule in SQL. */
export interface OddSizeCriteria {
  oddSizeType: OddSizeType;
  area: number;
  depthMin: number;
  depthMax: number;
}

/**
 * SQL form of `matchesOddSizeVariant`; null when nothing can match (invalid size type or the
 * TRIPLE exclusion). Intended query (index on (product_id, odd_size_type, depth) where odd_size):
 *
 *   WHERE product_id = $1 AND odd_size AND odd_size_type = $2
 *     AND (min_area IS NULL OR min_area <= $3) AND (max_area IS NULL OR max_area >= $3)
 *     AND depth BETWEEN $4 AND $5
 */
export function oddSizeCriteria(search: OddSizeSearch): OddSizeCriteria | null {
  if (search.sizeType === null) return null;
  if (search.sizeType === 'TRIPLE' && excludesTriple(search)) return null;
  const tolerance = search.exact ? 0 : DEPTH_TOLERANCE;
  return {
    oddSizeType: search.sizeType,
    area: search.area,
    depthMin: search.depth - tolerance,
    depthMax: search.depth + tolerance,
  };
}

/** Stepper: value ± step, never below zero; unparsable/empty input counts as 0. */
export function stepDimension(value: string | number | null | undefined, delta: number = STEP): number {
  const p = parseDimension(value);
  const base = p.ok ? p.value : 0;
  return Math.max(0, Math.round((base + delta) * 10000) / 10000);
}
