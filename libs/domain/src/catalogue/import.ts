/**
 * Catalogue spreadsheets (export, import with a dry run): the column set, header mapping, formula
 * neutralisation and limits. Shared by the API, the worker and the web wizard.
 */
import { z } from 'zod';
import { VARIANT_RATING_FIELDS, VARIANT_SPEC_FIELDS } from './variant-rules';
import { partKey } from '../find/normalise';

/** Export/import columns, in file order, with these exact header names. */
export const IMPORT_COLUMNS = [
  'category',
  'subcategory',
  'product',
  'part_number',
  ...VARIANT_SPEC_FIELDS,
  'list_price',
  'display_order',
  // find & demand: the variant's part aliases, `;`-separated (optional)
  'aliases',
  // the efficiency rating (optional): MERV 1–16 and an efficiency class
  ...VARIANT_RATING_FIELDS,
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** A file must map these; the others may be left out (existing values are kept, new rows get defaults). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['category', 'product', 'part_number', 'list_price'];

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;
/** An XLSX (a zip) may inflate to at most this much in total: anything larger is refused as a zip bomb. */
export const MAX_XLSX_INFLATED_BYTES = 256 * 1024 * 1024;
/**
 * Bounds on one cell (or XLSX shared string) and one row of an import file, checked while the file
 * streams: no catalogue cell needs more than a few KB, and a file that holds more is refused early.
 */
export const MAX_IMPORT_CELL_BYTES = 32 * 1024;
export const MAX_IMPORT_ROW_BYTES = 512 * 1024;
/** Bounds on the header row the import preview reads (column names). */
export const MAX_HEADER_CELL_CHARS = 200;
export const MAX_HEADER_ROW_CHARS = 8 * 1024;

export const IMPORT_STATUSES = [
  'queued',
  'validating',
  'ready',
  'invalid',
  /** Held by a scheduled list-price change (no "Apply now"). */
  'scheduled',
  'applying',
  'applied',
  'conflict',
  'failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_MSG = {
  noFile: 'Please choose a CSV or XLSX file to import',
  badType: 'The file is not a CSV or XLSX spreadsheet. Export the catalogue to see the expected format.',
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows`,
  zipBomb: 'The spreadsheet expands to more data than an import may hold',
  empty: 'The file is empty',
  badUpload: 'The upload could not be read. Please try again.',
  twoFiles: 'Send one file per import (the form has two "file" parts)',
  textTooLong: (detail: string) =>
    `The file holds more text in one place than a catalogue needs: ${detail}. Nothing was changed.`,
  readerFailed: (why: string) =>
    `The file could not be read: the spreadsheet reader ${why}. Nothing was changed; check the file and import it again.`,
  interrupted:
    'Checking the file was interrupted more than once (the worker stopped while reading it). Nothing was changed; check the file and import it again.',
  headerTooLong: `The header row is too long: column names may have at most ${MAX_HEADER_CELL_CHARS} characters`,
  badMapping: 'The column mapping is not valid',
  mappingTarget: (header: string) => `"${header}" is mapped to an unknown column`,
  mappingTwice: (column: string) => `Two file columns are mapped to ${column}`,
  notFound: 'Import not found',
  catalogueNotFound: 'Catalogue not found',
  invalidId: 'Invalid import ID',
  queued: 'The file is being checked. Nothing changes until you apply it.',
  applyQueued: 'Applying the import',
  cannotApplyInvalid: 'This import has errors. Fix the file and import it again; nothing was changed.',
  cannotApplyStatus: (status: string) => `This import cannot be applied (status: ${status})`,
  conflict: 'Some rows were changed by someone else after the dry run. Nothing was changed; import the file again.',
  // row errors
  missingColumn: (column: string) => `Required column "${column}" is not mapped`,
  unknownCategory: (name: string) => `Category "${name}" does not exist`,
  unknownSubcategory: (name: string) => `Sub-category "${name}" does not exist in this category`,
  categoryRequired: 'Category is required',
  productRequired: 'Product is required',
  productTooLong: 'Product name must be at most 300 characters',
  duplicatePartNumber: (row: number) => `Part number is also on row ${row}`,
  displayOrderInvalid: 'Display order must be a whole number of 0 or more',
  brokenRow: (reason: string) => `This row could not be read: ${reason}`,
  unknownDelete: 'Nothing to delete',
  aliasIsPartNumber: (alias: string) => `Alias "${alias}" is already a part number`,
  aliasInvalid: (alias: string) => `Alias "${alias}" must be 1-100 characters with letters or digits`,
} as const;

/** Separates the aliases in the `aliases` column. */
export const ALIAS_SEPARATOR = ';';

/**
 * The aliases of an `aliases` cell: split at `;`, trimmed, blanks dropped, one per part-number key
 * (the first spelling wins), sorted by key — the form the dry run compares and the diff shows.
 */
export function splitAliases(cell: string): string[] {
  const byKey = new Map<string, string>();
  for (const raw of cell.split(ALIAS_SEPARATOR)) {
    const alias = raw.trim();
    if (!alias) continue;
    const key = partKey(alias);
    if (!byKey.has(key)) byKey.set(key, alias);
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, alias]) => alias);
}

const normalise = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s\-_.]+/g, '_')
    .replace(/^_+|_+$/g, '');

const ALIASES: Record<string, ImportColumn> = {
  sub_category: 'subcategory',
  product_name: 'product',
  part: 'part_number',
  part_no: 'part_number',
  partnumber: 'part_number',
  sku: 'part_number',
  actualsize: 'actual_size',
  oddsize: 'odd_size',
  odd_size_type: 'odd_size_type',
  type: 'odd_size_type',
  minarea: 'min_area',
  maxarea: 'max_area',
  outofstock: 'out_of_stock',
  price: 'list_price',
  listprice: 'list_price',
  order: 'display_order',
  displayorder: 'display_order',
  alias: 'aliases',
  cross_reference: 'aliases',
  crossreference: 'aliases',
  merv_rating: 'merv',
  efficiency: 'efficiency_class',
  efficiencyclass: 'efficiency_class',
};

/** Suggested mapping from a file's headers: exact names first, then common spellings; each column once. */
export function suggestMapping(headers: readonly string[]): Record<string, ImportColumn | null> {
  const out: Record<string, ImportColumn | null> = {};
  const used = new Set<ImportColumn>();
  for (const h of headers) {
    const n = normalise(h);
    const direct = (IMPORT_COLUMNS as readonly string[]).includes(n) ? (n as ImportColumn) : undefined;
    const col = direct ?? ALIASES[n] ?? ALIASES[n.replace(/_/g, '')];
    if (col && !used.has(col)) {
      out[h] = col;
      used.add(col);
    } else out[h] = null;
  }
  return out;
}

/** Required columns that a mapping leaves out. */
export function missingRequiredColumns(mapping: Record<string, ImportColumn | null>): ImportColumn[] {
  const mapped = new Set(Object.values(mapping));
  return REQUIRED_IMPORT_COLUMNS.filter((c) => !mapped.has(c));
}

/** `mapping` form field: JSON `{ "<file header>": "<column>" }` (null/"" = ignore that header). */
export const importMappingSchema = z
  .record(z.string().max(200), z.union([z.enum(IMPORT_COLUMNS), z.literal(''), z.null()]))
  .superRefine((m, ctx) => {
    const seen = new Set<string>();
    for (const v of Object.values(m)) {
      if (!v) continue;
      if (seen.has(v)) ctx.addIssue({ code: 'custom', message: IMPORT_MSG.mappingTwice(v) });
      seen.add(v);
    }
  });
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importChangesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  errorsPage: z.coerce.number().int().min(1).max(100_000).default(1),
  errorsLimit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const exportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { message: 'format must be csv or xlsx' }),
  catalogueId: z.string().uuid({ message: 'Invalid catalogue ID' }).optional(),
});
