import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts';
import { isUuid } from '../org/schemas';
import { parseMoneyToCents } from '../catalogue/pricing';
import { isIsoDate } from '../calendar';
import { hasControlChars, hasControlCharsInMultiline, TEXT_MSG } from '../text';
import { ORDER_MSG } from './messages';

export const MAX_ORDER_LINES = 500;
export const MAX_ORDER_QUANTITY = 100_000;
/** Submissions one user may make in an hour; the next is 429. */
export const ORDER_SUBMISSIONS_PER_HOUR = 30;
export const MAX_PO_NUMBER = 35;
export const MAX_CUSTOMER_PART_NO = 40;
/** How long an agreed price holds by default after the quote's validity, and at most from today. */
export const DEFAULT_PRICE_HOLD_DAYS = 365;
export const MAX_PRICE_HOLD_DAYS = 3 * 365 + 1;

const uuid = (message: string) =>
  z
    .string({ error: message })
    .refine(isUuid, message)
    .transform((s) => s.toLowerCase());

const quantity = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: ORDER_MSG.quantityInvalid })
    .int(ORDER_MSG.quantityInvalid)
    .min(1, ORDER_MSG.quantityInvalid)
    .max(MAX_ORDER_QUANTITY, ORDER_MSG.quantityInvalid),
);

/**
 * The printable-text rule (libs/domain/src/text.ts): one-line fields refuse every control and bidi
 * character; multi-line ones (notes, reasons) keep line breaks and tabs (CRLF becomes LF).
 */
type TextKind = { label: string; multiline?: boolean };
const printable = ({ label, multiline }: TextKind): [(v: string | undefined) => boolean, string] =>
  multiline
    ? [(v) => v === undefined || !hasControlCharsInMultiline(v), TEXT_MSG.multilineControlChars(label)]
    : [(v) => v === undefined || !hasControlChars(v), TEXT_MSG.controlChars(label)];
const lineEnds = (v: string) => v.replace(/\r\n/g, '\n');

const optionalText = (max: number, tooLong: string, kind: TextKind) =>
  z
    .string({ error: tooLong })
    .optional()
    .nullable()
    .transform((v) => (v === null || v === undefined ? undefined : lineEnds(v).trim() || undefined))
    .refine((v) => v === undefined || v.length <= max, tooLong)
    .refine(...printable(kind));

const requiredText = (max: number, required: string, tooLong: string, kind: TextKind) =>
  z
    .string({ error: required })
    .transform((v) => lineEnds(v).trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, tooLong)
        .refine(...printable(kind)),
    );

/** Money in, integer cents out (0 or more, at most 2 decimals). */
const money = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .refine((v) => (typeof v !== 'number' || Number.isFinite(v)) && parseMoneyToCents(v) !== null, message)
    .transform((v) => parseMoneyToCents(v)!);

const isoDate = z.string({ error: ORDER_MSG.dateInvalid }).refine(isIsoDate, ORDER_MSG.dateInvalid);
const optionalDate = isoDate
  .optional()
  .nullable()
  .transform((v) => v ?? undefined);

/* ------------------------------------------------------------------ POST order-requests (and preview) */

const catalogueLine = z.object({ kind: z.literal('catalogue'), variant_id: uuid(ORDER_MSG.variantInvalid), quantity });
const agreedLine = z.object({
  kind: z.literal('agreed_item'),
  agreed_item_id: uuid(ORDER_MSG.agreedItemInvalid),
  quantity,
});
export const orderLineInputSchema = z.discriminatedUnion('kind', [catalogueLine, agreedLine], {
  error: ORDER_MSG.kindInvalid,
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

const fromSchema = z.union(
  [
    z.object({ order_request_id: uuid(ORDER_MSG.fromInvalid) }).strict(),
    z.object({ quote_request_id: uuid(ORDER_MSG.fromInvalid) }).strict(),
  ],
  { error: ORDER_MSG.fromInvalid },
);

export const createOrderRequestSchema = z
  .object({
    lines: z
      .array(orderLineInputSchema, { error: ORDER_MSG.linesRequired })
      .min(1, ORDER_MSG.linesRequired)
      .max(MAX_ORDER_LINES, ORDER_MSG.tooManyLines(MAX_ORDER_LINES))
      .optional(),
    from: fromSchema.optional(),
    po_number: z
      .string({ error: ORDER_MSG.poNumberTooLong })
      .optional()
      .nullable()
      .refine((v) => v === null || v === undefined || !hasControlChars(v), ORDER_MSG.poNumberInvalid)
      .transform((v) => (v === null || v === undefined ? undefined : v.trim() || undefined))
      .refine((v) => v === undefined || v.length <= MAX_PO_NUMBER, ORDER_MSG.poNumberTooLong),
    customer_reference: optionalText(100, ORDER_MSG.referenceTooLong, { label: 'Your reference' }),
    needed_by: optionalDate,
    note: optionalText(4000, ORDER_MSG.noteTooLong, { label: 'Note', multiline: true }),
    site_id: uuid(ORDER_MSG.siteInvalid).optional().nullable(),
    expected_total: money(ORDER_MSG.expectedTotalInvalid).optional().nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.from && b.lines) ctx.addIssue({ code: 'custom', message: ORDER_MSG.fromOrLines, path: ['from'] });
    if (!b.from && !b.lines) ctx.addIssue({ code: 'custom', message: ORDER_MSG.linesRequired, path: ['lines'] });
  });
/** `expected_total` is in integer cents once parsed. */
export type CreateOrderRequestInput = z.infer<typeof createOrderRequestSchema>;

/** Identical lines merge in first-seen order (quantities add); `tooLarge`: first input index over the maximum. */
export function mergeOrderLines(lines: readonly OrderLineInput[]): {
  lines: OrderLineInput[];
  tooLarge: number | null;
} {
  const byKey = new Map<string, OrderLineInput>();
  let tooLarge: number | null = null;
  lines.forEach((line, i) => {
    const key = line.kind === 'catalogue' ? `c|${line.variant_id}` : `a|${line.agreed_item_id}`;
    const seen = byKey.get(key);
    if (!seen) return void byKey.set(key, line);
    const q = seen.quantity + line.quantity;
    if (q > MAX_ORDER_QUANTITY && tooLarge === null) tooLarge = i;
    byKey.set(key, { ...seen, quantity: q });
  });
  return { lines: [...byKey.values()], tooLarge };
}

/* ------------------------------------------------------------------ lists */

const positiveInt = (message: string, max = 1_000_000) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

export const orderListQuerySchema = z.object({
  status: z
    .string({ error: ORDER_MSG.statusInvalid })
    .transform((v, ctx) => {
      const list = v.split(',').map((x) => x.trim());
      if (!list.every((x): x is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(x))) {
        ctx.addIssue({ code: 'custom', message: ORDER_MSG.statusInvalid });
        return z.NEVER;
      }
      return list;
    })
    .optional(),
  q: z
    .string({ error: ORDER_MSG.searchTooLong })
    .max(100, ORDER_MSG.searchTooLong)
    .transform((v) => v.trim() || undefined)
    .optional(),
  page: positiveInt('page must be a whole number from 1', 100_000).optional().default(1),
  limit: positiveInt('limit must be a whole number from 1 to 100', 100).optional().default(20),
  companyId: uuid(ORDER_MSG.companyInvalid).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderExportQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    format: z.enum(['csv', 'xlsx'], { error: ORDER_MSG.formatInvalid }).optional().default('csv'),
  })
  .refine((q) => q.from <= q.to, { message: ORDER_MSG.exportRange, path: ['from'] });

/* ------------------------------------------------------------------ actions */

const version = positiveInt(ORDER_MSG.versionRequired, 2_000_000_000);

export const orderVersionSchema = z.object({ version });
export const rejectOrderSchema = z.object({
  version,
  reason: requiredText(1000, ORDER_MSG.reasonRequired, ORDER_MSG.reasonTooLong, { label: 'Reason', multiline: true }),
});
export const cancelOrderSchema = z.object({
  version,
  reason: optionalText(1000, ORDER_MSG.reasonTooLong, { label: 'Reason', multiline: true }),
});
export const confirmOrderSchema = z.object({
  version,
  office_ref: optionalText(100, ORDER_MSG.officeRefTooLong, { label: 'Office reference' }),
  ships_on: optionalDate,
});
export const shipOrderSchema = z.object({
  version,
  tracking: optionalText(200, ORDER_MSG.trackingTooLong, { label: 'Tracking' }),
});
export type OrderActionInput = {
  version: number;
  reason?: string;
  office_ref?: string;
  ships_on?: string;
  tracking?: string;
};

/* ------------------------------------------------------------------ company ordering, agreed items */

export const companyOrderingSchema = z.object({
  approval_threshold: z.union([z.null(), money(ORDER_MSG.thresholdInvalid)], { error: ORDER_MSG.thresholdRequired }),
});

export const agreedItemListQuerySchema = z.object({
  status: z.enum(['active', 'expired', 'withdrawn'], { error: ORDER_MSG.statusInvalid }).optional(),
  q: z
    .string({ error: ORDER_MSG.searchTooLong })
    .max(100, ORDER_MSG.searchTooLong)
    .transform((v) => v.trim() || undefined)
    .optional(),
  companyId: uuid(ORDER_MSG.companyInvalid).optional(),
  page: positiveInt('page must be a whole number from 1', 100_000).optional().default(1),
  limit: positiveInt('limit must be a whole number from 1 to 500', 500).optional().default(100),
});
export type AgreedItemListQuery = z.infer<typeof agreedItemListQuerySchema>;

export const agreedItemPatchSchema = z.object({
  price: money(ORDER_MSG.priceInvalid).optional(),
  price_held_until: isoDate.optional(),
  status: z.enum(['active', 'withdrawn'], { error: ORDER_MSG.agreedStatusInvalid }).optional(),
  customer_part_no: z
    .string({ error: ORDER_MSG.customerPartNoTooLong })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : (v?.trim() ?? '') || null))
    .refine((v) => v === undefined || v === null || v.length <= MAX_CUSTOMER_PART_NO, ORDER_MSG.customerPartNoTooLong)
    .refine((v) => v === undefined || v === null || !hasControlChars(v), TEXT_MSG.controlChars('Your part number')),
});
export type AgreedItemPatch = z.infer<typeof agreedItemPatchSchema>;
