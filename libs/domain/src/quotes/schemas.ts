import { z } from 'zod';
import { QUOTE_STATUSES, type QuoteMeasure, type QuoteStatus } from '@portal/contracts';
import { isUuid } from '../org/schemas';
import { CATALOGUE_MSG } from '../catalogue/messages';
import {
  classifySizeType,
  MIN_DIMENSION,
  NON_EXACT_ALLOWANCE,
  parseDimension,
  type OddSizeType,
} from '../catalogue/odd-size';
import { parseMoneyToCents } from '../catalogue/pricing';
import { isoDateSchema } from '../calendar';
import { multilineText, noControlChars } from '../text';
import { QUOTE_MSG } from './messages';

export const MAX_QUOTE_LINES = 200;
export const MAX_QUOTE_QUANTITY = 100_000;
export const MAX_QUOTE_TEXT = 4_000;
/** Submissions one user may make in an hour; the next is 429. */
export const QUOTE_SUBMISSIONS_PER_HOUR = 20;

/* ------------------------------------------------------------------ custom sizes */

export interface CustomSize {
  width: number;
  height: number;
  depth: number;
  /** 'exact' when asked for, or forced by a fractional value (the odd-size rules). */
  measure: QuoteMeasure;
  /** The odd-size type the domain rules give (null: TRIPLE at a depth other than 1). */
  size_type: OddSizeType | null;
}

export type CustomSizeResult =
  { ok: true; size: CustomSize } | { ok: false; field: 'width' | 'height' | 'depth'; message: string };

/**
 * A requested size, validated by the odd-size search's own rules and messages (presence, numbers,
 * at least 1/8″ on the 1/8″ scale) but NOT by the rules that stop a search (both sides over 30″ at a
 * depth other than 1″, TRIPLE depth): those sizes are exactly what the office quotes.
 */
export function customSize(
  width: unknown,
  height: unknown,
  depth: unknown,
  measure: QuoteMeasure | undefined,
): CustomSizeResult {
  const fields = { width, height, depth } as const;
  const parsed = {} as Record<keyof typeof fields, ReturnType<typeof parseDimension>>;
  for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
    const raw = fields[key];
    parsed[key] =
      typeof raw === 'string' || typeof raw === 'number' || raw === null || raw === undefined
        ? parseDimension(raw)
        : { ok: false, reason: 'invalid' };
  }
  for (const key of ['width', 'height', 'depth'] as const) {
    const p = parsed[key];
    if (!p.ok) {
      return {
        ok: false,
        field: key,
        message: p.reason === 'required' ? CATALOGUE_MSG.dimensionsRequired : CATALOGUE_MSG.dimensionsInvalid,
      };
    }
    if (p.value < MIN_DIMENSION) return { ok: false, field: key, message: CATALOGUE_MSG.dimensionsTooSmall };
    if (p.value > 1000) return { ok: false, field: key, message: CATALOGUE_MSG.dimensionsInvalid };
  }
  const w = parsed.width as Extract<ReturnType<typeof parseDimension>, { ok: true }>;
  const h = parsed.height as typeof w;
  const d = parsed.depth as typeof w;
  const exact = measure === 'exact' || w.fractionalOrDecimal || h.fractionalOrDecimal || d.fractionalOrDecimal;
  const allowance = exact ? 0 : NON_EXACT_ALLOWANCE;
  return {
    ok: true,
    size: {
      width: w.value,
      height: h.value,
      depth: d.value,
      measure: exact ? 'exact' : 'nominal',
      size_type: classifySizeType(w.value - allowance, h.value - allowance, d.value),
    },
  };
}

/** 16.375 → '16 3/8' (eighths; anything finer as a decimal). */
export function formatInches(value: number): string {
  const whole = Math.floor(value + 1e-9);
  const eighths = Math.round((value - whole) * 8);
  if (Math.abs((value - whole) * 8 - eighths) > 1e-6) return String(value);
  if (eighths === 0) return String(whole);
  if (eighths === 8) return String(whole + 1);
  const g = eighths % 4 === 0 ? 4 : eighths % 2 === 0 ? 2 : 1;
  const frac = `${eighths / g}/${8 / g}`;
  return whole ? `${whole} ${frac}` : frac;
}

/** '16 3/8″ × 20 1/4″ × 1″ (exact)' */
export function customSizeText(s: Pick<CustomSize, 'width' | 'height' | 'depth' | 'measure'>): string {
  return `${formatInches(s.width)}″ × ${formatInches(s.height)}″ × ${formatInches(s.depth)}″ (${s.measure})`;
}

/* ------------------------------------------------------------------ building blocks */

const uuid = (message: string) =>
  z
    .string({ error: message })
    .refine(isUuid, message)
    .transform((s) => s.toLowerCase());

const quantity = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: QUOTE_MSG.quantityInvalid })
    .int(QUOTE_MSG.quantityInvalid)
    .min(1, QUOTE_MSG.quantityInvalid)
    .max(MAX_QUOTE_QUANTITY, QUOTE_MSG.quantityInvalid),
);

/** One line (names, numbers, references: no control characters at all) or several (notes, messages). */
type Lines = 'one' | 'multi';
const textRule = (label: string, lines: Lines) =>
  lines === 'one' ? z.string().refine(...noControlChars(label)) : multilineText(label);

/** Optional free text: trimmed, '' → undefined. Stored and shown as text (never as HTML). */
const optionalText = (max: number, tooLong: string, label: string, lines: Lines) =>
  z
    .string({ error: tooLong })
    .optional()
    .nullable()
    .transform((v) => (v === null || v === undefined ? undefined : v.trim() || undefined))
    .refine((v) => v === undefined || v.length <= max, tooLong)
    .pipe(textRule(label, lines).optional());

const requiredText = (max: number, required: string, tooLong: string, label: string, lines: Lines) =>
  z
    .string({ error: required })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, required).max(max, tooLong))
    .pipe(textRule(label, lines));

const isoDate = isoDateSchema(QUOTE_MSG.dateInvalid);

const dimension = z.union([z.string(), z.number()], { error: CATALOGUE_MSG.dimensionsInvalid }).optional().nullable();

/* ------------------------------------------------------------------ POST quote-requests */

const catalogueLine = z.object({
  kind: z.literal('catalogue'),
  variant_id: uuid(QUOTE_MSG.variantInvalid),
  quantity,
});

const customLine = z
  .object({
    kind: z.literal('custom_size'),
    catalogue_id: uuid(QUOTE_MSG.catalogueInvalid),
    width: dimension,
    height: dimension,
    depth: dimension,
    measure: z.enum(['nominal', 'exact'], { error: QUOTE_MSG.measureInvalid }),
    quantity,
  })
  .transform((line, ctx) => {
    const r = customSize(line.width, line.height, line.depth, line.measure);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message, path: [r.field] });
      return z.NEVER;
    }
    return { kind: 'custom_size' as const, catalogue_id: line.catalogue_id, quantity: line.quantity, ...r.size };
  });

const unlistedLine = z.object({
  kind: z.literal('unlisted'),
  part_number: requiredText(100, QUOTE_MSG.partNumberRequired, QUOTE_MSG.partNumberTooLong, 'Part number', 'one'),
  quantity,
});

export const quoteLineInputSchema = z.discriminatedUnion('kind', [catalogueLine, customLine, unlistedLine], {
  error: QUOTE_MSG.kindInvalid,
});
export type QuoteLineInput = z.infer<typeof quoteLineInputSchema>;

export const createQuoteRequestSchema = z.object({
  lines: z
    .array(quoteLineInputSchema, { error: QUOTE_MSG.linesRequired })
    .min(1, QUOTE_MSG.linesRequired)
    .max(MAX_QUOTE_LINES, QUOTE_MSG.tooManyLines(MAX_QUOTE_LINES)),
  note: optionalText(MAX_QUOTE_TEXT, QUOTE_MSG.noteTooLong, 'The note', 'multi'),
  customer_reference: optionalText(100, QUOTE_MSG.referenceTooLong, 'Your reference', 'one'),
  needed_by: isoDate
    .optional()
    .nullable()
    .transform((v) => v ?? undefined),
});
export type CreateQuoteRequestInput = z.infer<typeof createQuoteRequestSchema>;

/** What makes two lines "identical" (they merge, quantities added). */
export function quoteLineKey(line: QuoteLineInput): string {
  switch (line.kind) {
    case 'catalogue':
      return `c|${line.variant_id}`;
    case 'custom_size':
      return `s|${line.catalogue_id}|${line.width}|${line.height}|${line.depth}|${line.measure}`;
    case 'unlisted':
      return `u|${line.part_number.toLowerCase()}`;
  }
}

/**
 * Merges identical lines in first-seen order; quantities add. `tooLarge` is the index (in the input)
 * of the first line whose merged quantity exceeds the maximum — refused, never silently capped.
 */
export function mergeQuoteLines<T extends QuoteLineInput>(
  lines: readonly T[],
): { lines: T[]; merged: number; tooLarge: number | null } {
  const byKey = new Map<string, T>();
  let tooLarge: number | null = null;
  lines.forEach((line, i) => {
    const key = quoteLineKey(line);
    const seen = byKey.get(key);
    if (!seen) return void byKey.set(key, line);
    const quantity = seen.quantity + line.quantity;
    if (quantity > MAX_QUOTE_QUANTITY && tooLarge === null) tooLarge = i;
    byKey.set(key, { ...seen, quantity });
  });
  return { lines: [...byKey.values()], merged: lines.length - byKey.size, tooLarge };
}

/* ------------------------------------------------------------------ other bodies and queries */

export const quoteMatchSchema = z.object({
  text: z
    .string({ error: QUOTE_MSG.pasteRequired })
    .max(200_000, QUOTE_MSG.pasteTooLong)
    .refine((t) => t.trim().length > 0, QUOTE_MSG.pasteRequired),
});

const positiveInt = (message: string, max = 1_000_000) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

export const quoteListQuerySchema = z.object({
  /** One status, or several separated by commas (the desk's "open" view). */
  status: z
    .string({ error: QUOTE_MSG.statusInvalid })
    .transform((v, ctx) => {
      const list = v.split(',').map((x) => x.trim());
      if (!list.every((x): x is QuoteStatus => (QUOTE_STATUSES as readonly string[]).includes(x))) {
        ctx.addIssue({ code: 'custom', message: QUOTE_MSG.statusInvalid });
        return z.NEVER;
      }
      return list;
    })
    .optional(),
  page: positiveInt('page must be a whole number from 1', 100_000).optional().default(1),
  limit: positiveInt('limit must be a whole number from 1 to 100', 100).optional().default(20),
  companyId: uuid(QUOTE_MSG.companyInvalid).optional(),
  assignee: z.enum(['me', 'none'], { error: QUOTE_MSG.assigneeInvalid }).optional(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

export const quoteMessageSchema = z.object({
  body: requiredText(MAX_QUOTE_TEXT, QUOTE_MSG.messageRequired, QUOTE_MSG.messageTooLong, 'A message', 'multi'),
});

export const quoteInfoSchema = z.object({
  message: requiredText(MAX_QUOTE_TEXT, QUOTE_MSG.messageRequired, QUOTE_MSG.messageTooLong, 'A message', 'multi'),
});

const version = positiveInt(QUOTE_MSG.versionRequired, 2_000_000_000);

const money = z
  .union([z.number(), z.string()], { error: QUOTE_MSG.priceInvalid })
  .refine((v) => (typeof v !== 'number' || Number.isFinite(v)) && parseMoneyToCents(v) !== null, QUOTE_MSG.priceInvalid)
  .transform((v) => parseMoneyToCents(v)!);

export const sendQuoteSchema = z.object({
  version,
  valid_until: z.string({ error: QUOTE_MSG.validUntilRequired }).pipe(isoDateSchema(QUOTE_MSG.dateInvalid)),
  /** How long the agreed prices of its custom and unlisted lines hold once accepted (default: validity + 365 days). */
  price_held_until: isoDateSchema(QUOTE_MSG.dateInvalid)
    .optional()
    .nullable()
    .transform((v) => v ?? undefined),
  lines: z
    .array(
      z
        .object({
          _id: uuid(QUOTE_MSG.lineUnknown),
          line_status: z.enum(['quoted', 'cannot_quote'], { error: QUOTE_MSG.lineStatusInvalid }),
          quoted_price: money.optional().nullable(),
          lead_time_days: z
            .number({ error: QUOTE_MSG.leadTimeInvalid })
            .int(QUOTE_MSG.leadTimeInvalid)
            .min(0, QUOTE_MSG.leadTimeInvalid)
            .max(365, QUOTE_MSG.leadTimeInvalid)
            .optional()
            .nullable(),
          line_note: optionalText(1000, QUOTE_MSG.lineNoteTooLong, 'A line note', 'multi'),
        })
        .superRefine((l, ctx) => {
          if (l.line_status === 'quoted' && (l.quoted_price === undefined || l.quoted_price === null)) {
            ctx.addIssue({ code: 'custom', message: QUOTE_MSG.priceRequired, path: ['quoted_price'] });
          }
        }),
      { error: QUOTE_MSG.lineAnswerRequired },
    )
    .min(1, QUOTE_MSG.lineAnswerRequired)
    .max(MAX_QUOTE_LINES, QUOTE_MSG.lineAnswerRequired),
});
export type SendQuoteInput = z.infer<typeof sendQuoteSchema>;

export const acceptQuoteSchema = z.object({
  version,
  made_to_order: z.boolean({ error: QUOTE_MSG.madeToOrderRequired }).optional(),
});

export const declineQuoteSchema = z.object({
  reason: optionalText(1000, QUOTE_MSG.reasonTooLong, 'The reason', 'multi'),
});

export const rejectQuoteSchema = z.object({
  reason: requiredText(1000, QUOTE_MSG.reasonRequired, QUOTE_MSG.reasonTooLong, 'The reason', 'multi'),
});

/** Actions without a body (`assign`, `revise`, `withdraw`): anything sent is ignored. */
export const emptyQuoteActionSchema = z.object({});
