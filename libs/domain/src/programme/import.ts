import { isIsoDate } from '../calendar';
import { customSize, formatInches, type CustomSize } from '../quotes/schemas';
import { hasControlChars } from '../text';
import { MAX_INTERVAL_DAYS, MIN_INTERVAL_DAYS, intervalDays, type Interval } from './due';
import { MAX_SLOT_QUANTITY, PROGRAMME_COLUMNS, type SlotStage, type UnitKind } from './schemas';

/**
 * The rules of the programme spreadsheet (`POST sites/import`, `GET sites/export`): one row per filter
 * slot, matched by site code + unit label + stage. Every check here needs no database; the worker's
 * dry run resolves part numbers and sizes against the catalogue.
 */

export type ProgrammeColumn = (typeof PROGRAMME_COLUMNS)[number];

/** Columns a file must have. */
export const REQUIRED_PROGRAMME_COLUMNS: readonly ProgrammeColumn[] = [
  'site code',
  'unit label',
  'part number or size',
  'quantity',
  'interval',
  'last changed',
];

/** Other names a header may use for a column (compared lower-case, `_`/`-` read as spaces). */
const HEADER_ALIASES: Record<string, ProgrammeColumn> = {
  code: 'site code',
  site: 'site code',
  'site id': 'site code',
  name: 'site name',
  unit: 'unit label',
  'unit name': 'unit label',
  label: 'unit label',
  'part number': 'part number or size',
  'part no': 'part number or size',
  part: 'part number or size',
  size: 'part number or size',
  filter: 'part number or size',
  qty: 'quantity',
  'change interval': 'interval',
  'last change': 'last changed',
  'last changed on': 'last changed',
  'anchor date': 'last changed',
};

const headerKey = (h: string) => h.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');

/** Column index per programme column, from the header row (the first header naming a column wins). */
export function programmeColumns(headers: readonly string[]): {
  columns: Partial<Record<ProgrammeColumn, number>>;
  missing: ProgrammeColumn[];
} {
  const columns: Partial<Record<ProgrammeColumn, number>> = {};
  headers.forEach((h, i) => {
    const key = headerKey(h);
    const col = (PROGRAMME_COLUMNS as readonly string[]).includes(key) ? (key as ProgrammeColumn) : HEADER_ALIASES[key];
    if (col && columns[col] === undefined) columns[col] = i;
  });
  return { columns, missing: REQUIRED_PROGRAMME_COLUMNS.filter((c) => columns[c] === undefined) };
}

/** What a row error says: "Row 7: interval '5 years' is longer than 730 days". */
export const SITES_IMPORT_MSG = {
  queued: 'File received. Checking it…',
  notFound: 'Import not found',
  applied: 'The programme was imported',
  cannotApplyInvalid: 'This file has errors. Fix them and upload it again.',
  cannotApplyStatus: (status: string) => `This import cannot be applied (it is ${status}).`,
  missingColumn: (col: string) => `The file has no '${col}' column`,
  empty: 'The file has no rows',
  row: (line: number, text: string) => `Row ${line}: ${text}`,
  required: (col: string) => `${col} is empty`,
  tooLong: (col: string, max: number) => `${col} may be at most ${max} characters`,
  controlChars: (col: string) => `${col} contains control characters`,
  stageInvalid: (v: string) => `stage '${v}' is not pre, final or single`,
  intervalUnreadable: (v: string) => `interval '${v}' is not a number of days, weeks or months (e.g. '3 months')`,
  intervalTooLong: (v: string) => `interval '${v}' is longer than ${MAX_INTERVAL_DAYS} days`,
  intervalTooShort: (v: string) => `interval '${v}' is shorter than ${MIN_INTERVAL_DAYS} days`,
  quantityInvalid: (v: string) => `quantity '${v}' is not a whole number from 1 to ${MAX_SLOT_QUANTITY}`,
  dateInvalid: (v: string) => `last changed '${v}' is not a date written YYYY-MM-DD`,
  dateFuture: (v: string) => `last changed '${v}' is in the future`,
  sizeInvalid: (v: string, why: string) => `size '${v}': ${why}`,
  partUnknown: (v: string) => `part number '${v}' is not in the catalogue or your agreed items`,
  partAmbiguous: (v: string, found: string[]) => `part number '${v}' matches ${found.join(', ')}: use one of them`,
  agreedItemUnlisted: (v: string) =>
    `part number '${v}' is an agreed item that is not a filter size and cannot be in the programme`,
  noCatalogue: 'there is no category to file a custom size under',
  duplicateSlot: (first: number) => `the same site code, unit label and stage as row ${first}`,
  siteArchived: (code: string) => `site '${code}' is archived; make it active again before importing into it`,
  mervBelow: (merv: number, min: number, unit: string) => `MERV ${merv} is below unit ${unit}'s minimum of ${min}`,
  mervAbove: (merv: number, max: number, unit: string) => `MERV ${merv} is above unit ${unit}'s maximum of ${max}`,
} as const;

/* ------------------------------------------------------------------ cells */

export type CellResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** A one-line text cell: trimmed, bounded, no control or bidi characters. */
export function textCell(col: string, raw: string, max: number, required: boolean): CellResult<string> {
  const v = raw.trim();
  if (!v) return required ? { ok: false, message: SITES_IMPORT_MSG.required(col) } : { ok: true, value: '' };
  if (v.length > max) return { ok: false, message: SITES_IMPORT_MSG.tooLong(col, max) };
  if (hasControlChars(v)) return { ok: false, message: SITES_IMPORT_MSG.controlChars(col) };
  return { ok: true, value: v };
}

/** 'pre', 'Pre-filter', 'final', 'Final filter', 'single', 'Single stage'; blank = single. */
export function parseStage(raw: string): CellResult<SlotStage> {
  const v = raw.trim().toLowerCase();
  if (!v) return { ok: true, value: 'single' };
  const m = /^(pre|final|single)(?:[\s-]*(?:filter|stage))?$/.exec(v);
  return m ? { ok: true, value: m[1] as SlotStage } : { ok: false, message: SITES_IMPORT_MSG.stageInvalid(raw.trim()) };
}

const UNIT_WORDS: Record<string, Interval['unit'] | 'year'> = {
  d: 'day',
  day: 'day',
  days: 'day',
  w: 'week',
  wk: 'week',
  wks: 'week',
  week: 'week',
  weeks: 'week',
  m: 'month',
  mo: 'month',
  mos: 'month',
  month: 'month',
  months: 'month',
  y: 'year',
  yr: 'year',
  yrs: 'year',
  year: 'year',
  years: 'year',
};

/** '3 months', '90 days', '2 weeks', '1 year' (= 12 months); between 7 and 730 days. */
export function parseInterval(raw: string): CellResult<Interval> {
  const text = raw.trim();
  const m = /^(\d{1,4})\s*([a-z]+)$/i.exec(text);
  const word = m ? UNIT_WORDS[m[2].toLowerCase()] : undefined;
  if (!m || !word) return { ok: false, message: SITES_IMPORT_MSG.intervalUnreadable(text) };
  let count = Number(m[1]);
  let unit: Interval['unit'];
  if (word === 'year') {
    unit = 'month';
    count *= 12;
  } else unit = word;
  if (count < 1) return { ok: false, message: SITES_IMPORT_MSG.intervalTooShort(text) };
  const interval: Interval = { unit, count };
  // Months count as 30 days for the lower bound; 24 months is the longest month interval (730 days).
  if (unit === 'month' ? count > 24 : intervalDays(interval) > MAX_INTERVAL_DAYS)
    return { ok: false, message: SITES_IMPORT_MSG.intervalTooLong(text) };
  if (intervalDays(interval) < MIN_INTERVAL_DAYS)
    return { ok: false, message: SITES_IMPORT_MSG.intervalTooShort(text) };
  return { ok: true, value: interval };
}

/** '3 months', '1 week' — what the export writes and the import reads back. */
export function formatInterval(interval: Interval): string {
  return `${interval.count} ${interval.unit}${interval.count === 1 ? '' : 's'}`;
}

/** A whole number of filters, 1–500 (a spreadsheet's 4.0 is 4). */
export function parseQuantity(raw: string | number): CellResult<number> {
  const text = String(raw).trim();
  const n = /^\d{1,4}(\.0+)?$/.test(text) ? Number(text) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_SLOT_QUANTITY
    ? { ok: true, value: n }
    : { ok: false, message: SITES_IMPORT_MSG.quantityInvalid(text) };
}

/** YYYY-MM-DD, not after `today`. */
export function parseLastChanged(raw: string, today: string): CellResult<string> {
  const v = raw.trim();
  if (!isIsoDate(v)) return { ok: false, message: SITES_IMPORT_MSG.dateInvalid(v) };
  if (v > today) return { ok: false, message: SITES_IMPORT_MSG.dateFuture(v) };
  return { ok: true, value: v };
}

/** A mixed number or decimal, as written in a size: '16', '16 3/8', '16.375', '3/4'. */
const DIM = String.raw`\d{1,4}(?:\.\d+)?(?:\s+\d{1,2}/\d{1,2})?|\d{1,2}/\d{1,2}`;
const SIZE_STRING_RE = new RegExp(
  String.raw`^(${DIM})\s*["″]?\s*[x×*]\s*(${DIM})\s*["″]?\s*[x×*]\s*(${DIM})\s*["″]?(?:\s+(exact|nominal))?$`,
  'i',
);

/** Whether a cell is written as a size ('20x25x1', '16 3/8 x 20 1/4 x 1 exact'), not a part number. */
export function looksLikeSize(raw: string): boolean {
  return SIZE_STRING_RE.test(raw.trim());
}

/**
 * A size string → a custom size by the odd-size rules (`customSize`: at least 1/8″ on the 1/8″ scale;
 * a fraction or decimal makes it exact). null: not written as a size.
 */
export function parseSizeString(raw: string): CellResult<CustomSize> | null {
  const m = SIZE_STRING_RE.exec(raw.trim());
  if (!m) return null;
  const r = customSize(m[1], m[2], m[3], m[4]?.toLowerCase() === 'exact' ? 'exact' : undefined);
  return r.ok
    ? { ok: true, value: r.size }
    : { ok: false, message: SITES_IMPORT_MSG.sizeInvalid(raw.trim(), r.message) };
}

/** '20x25x1', '16 3/8 x 20 1/4 x 1 exact' (what the import reads back as the same size). */
export function sizeString(w: number, h: number, d: number, measure: 'nominal' | 'exact' | null): string {
  const parts = [w, h, d].map(formatInches);
  return measure === 'exact' ? `${parts.join(' x ')} exact` : parts.join('x');
}

/** A new unit's kind from its label: 'AHU-3' → ahu, 'RTU 2' → rtu, 'EF-1' → exhaust; else other. */
export function unitKindFromLabel(label: string): UnitKind {
  const l = label.toLowerCase();
  if (/\bahu\b|air\s*handl/.test(l)) return 'ahu';
  if (/\brtu\b|roof\s*top/.test(l)) return 'rtu';
  if (/\bfcu\b|fan\s*coil/.test(l)) return 'fcu';
  if (/\bef\b|exhaust/.test(l)) return 'exhaust';
  if (/purifier/.test(l)) return 'purifier';
  return 'other';
}
