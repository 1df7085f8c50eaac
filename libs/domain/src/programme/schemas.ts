import { z } from 'zod';
import { isUuid } from '../org/schemas';
import { isIsoDate } from '../calendar';
import { INTERVAL_UNITS, isIntervalInRange, isTimeZone } from './due';
import { PROGRAMME_MSG as M } from './messages';
import { hasControlChars, hasControlCharsInMultiline, noControlChars, TEXT_MSG } from '../text';

export const SITE_STATUSES = ['active', 'archived'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const UNIT_KINDS = ['ahu', 'rtu', 'fcu', 'exhaust', 'purifier', 'other'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];
export const SLOT_STAGES = ['pre', 'final', 'single'] as const;
export type SlotStage = (typeof SLOT_STAGES)[number];

/** Slots one company may have. */
export const MAX_SLOTS_PER_COMPANY = 5_000;
export const MAX_SLOT_QUANTITY = 500;
export const DEFAULT_REMINDER_NOTICE_DAYS = 14;
export const MAX_SITE_CONTACTS = 50;

/* ------------------------------------------------------------------ building blocks */

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Codes Intl names that are not assigned ISO 3166-1 countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/** An assigned ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value) || NOT_COUNTRIES.has(value)) return false;
  const name = REGION_NAMES.of(value);
  return Boolean(name) && name !== value;
}

const uuid = (message: string) =>
  z
    .string({ error: message })
    .refine(isUuid, message)
    .transform((s) => s.toLowerCase());

/** One-line text (names, codes, labels): trimmed, no line breaks, tabs or invisible control characters. */
const requiredText = (label: string, max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, tooLong)
        .refine(...noControlChars(label)),
    );

/**
 * Optional text: trimmed, '' → null (clears the field on PATCH). One line unless `multiline` (notes:
 * line breaks and tabs kept, CRLF read as LF); other control and bidi characters are refused.
 */
const optionalText = (label: string, max: number, tooLong: string, multiline = false) =>
  z
    .string({ error: tooLong })
    .nullable()
    .optional()
    .transform((v) =>
      v === null ? null : v === undefined ? undefined : (multiline ? v.replace(/\r\n/g, '\n') : v).trim() || null,
    )
    .refine((v) => v === undefined || v === null || v.length <= max, tooLong)
    .refine(
      (v) => v === undefined || v === null || !(multiline ? hasControlCharsInMultiline(v) : hasControlChars(v)),
      multiline ? TEXT_MSG.multilineControlChars(label) : TEXT_MSG.controlChars(label),
    );

const intIn = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const merv = (field: string) => intIn(1, 16, M.mervInvalid(field)).nullable().optional();

const isoDate = z.string({ error: M.dateInvalid }).refine(isIsoDate, M.dateInvalid);

const version = z.number({ error: M.versionRequired }).int(M.versionRequired).min(1, M.versionRequired);

/* ------------------------------------------------------------------ sites */

const siteFields = {
  name: requiredText('Site name', 80, M.nameRequired, M.nameTooLong),
  code: requiredText('Site code', 32, M.codeRequired, M.codeTooLong),
  address_line1: optionalText('Address', 200, M.addressTooLong),
  address_line2: optionalText('Address', 200, M.addressTooLong),
  city: optionalText('City', 100, M.cityTooLong),
  region: optionalText('Region', 100, M.regionTooLong),
  postal_code: optionalText('Postal code', 20, M.postalCodeTooLong),
  country: z
    .string({ error: M.countryInvalid })
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? v : v.trim().toUpperCase() || null))
    .refine((v) => v === undefined || v === null || isCountryCode(v), M.countryInvalid),
  delivery_notes: optionalText('Delivery notes', 500, M.deliveryNotesTooLong, true),
  time_zone: z
    .string({ error: M.timeZoneInvalid })
    .transform((v) => v.trim())
    .refine(isTimeZone, M.timeZoneInvalid)
    .optional(),
  contacts: z.array(uuid(M.contactsInvalid), { error: M.contactsInvalid }).max(MAX_SITE_CONTACTS).optional(),
};

export const createSiteSchema = z.object({
  ...siteFields,
  /** A superadmin building a company's programme names the company; anyone else's is their own. */
  company_id: uuid(M.companyNotFound).optional(),
});
export type CreateSiteInput = z.infer<typeof createSiteSchema>;

export const updateSiteSchema = z.object({
  name: siteFields.name.optional(),
  code: siteFields.code.optional(),
  address_line1: siteFields.address_line1,
  address_line2: siteFields.address_line2,
  city: siteFields.city,
  region: siteFields.region,
  postal_code: siteFields.postal_code,
  country: siteFields.country,
  delivery_notes: siteFields.delivery_notes,
  time_zone: siteFields.time_zone,
  contacts: siteFields.contacts,
  status: z.enum(SITE_STATUSES, { error: M.statusInvalid }).optional(),
  version,
});
export type UpdateSiteInput = z.infer<typeof updateSiteSchema>;

export const siteListQuerySchema = z.object({
  companyId: z.preprocess((v) => (v === '' ? undefined : v), uuid(M.idInvalid).optional()).optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SITE_STATUSES, { error: M.statusInvalid }).optional()),
});
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;

/* ------------------------------------------------------------------ units */

const unitFields = {
  label: requiredText('Unit label', 80, M.labelRequired, M.labelTooLong),
  kind: z.enum(UNIT_KINDS, { error: M.unitKindInvalid }),
  location_note: optionalText('Location', 500, M.locationTooLong, true),
  min_merv: merv('min_merv'),
  max_merv: merv('max_merv'),
};

const mervOrder = (v: { min_merv?: number | null; max_merv?: number | null }) =>
  v.min_merv == null || v.max_merv == null || v.min_merv <= v.max_merv;

export const createUnitSchema = z.object(unitFields).refine(mervOrder, { message: M.mervRange, path: ['min_merv'] });
export type CreateUnitInput = z.infer<typeof createUnitSchema>;

export const updateUnitSchema = z.object({
  label: unitFields.label.optional(),
  kind: unitFields.kind.optional(),
  location_note: unitFields.location_note,
  min_merv: unitFields.min_merv,
  max_merv: unitFields.max_merv,
  version,
});
export type UpdateUnitInput = z.infer<typeof updateUnitSchema>;

/* ------------------------------------------------------------------ slots */

const dimension = z.union([z.string(), z.number()], { error: M.fittedInvalid });

export const fittedSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('catalogue'), variant_id: uuid(M.variantInvalid) }),
    z.object({ kind: z.literal('agreed_item'), agreed_item_id: uuid(M.agreedItemInvalid) }),
    z.object({
      kind: z.literal('custom_size'),
      catalogue_id: uuid(M.catalogueInvalid),
      width: dimension,
      height: dimension,
      depth: dimension,
      measure: z.enum(['nominal', 'exact'], { error: M.fittedInvalid }).optional(),
    }),
  ],
  { error: M.fittedInvalid },
);
export type FittedInput = z.infer<typeof fittedSchema>;

const slotFields = {
  stage: z.enum(SLOT_STAGES, { error: M.stageInvalid }),
  fitted: fittedSchema,
  quantity: intIn(1, MAX_SLOT_QUANTITY, M.quantityInvalid),
  interval_unit: z.enum(INTERVAL_UNITS, { error: M.intervalUnitInvalid }),
  interval_count: intIn(1, 730, M.intervalInvalid),
  anchor_date: isoDate,
  notice_days: intIn(0, 60, M.noticeDaysInvalid).optional(),
  override_note: optionalText('Override note', 500, M.overrideNoteTooLong, true),
};

const intervalOk = (v: { interval_unit?: string; interval_count?: number }) =>
  v.interval_unit === undefined ||
  v.interval_count === undefined ||
  isIntervalInRange({ unit: v.interval_unit as (typeof INTERVAL_UNITS)[number], count: v.interval_count });

export const createSlotSchema = z
  .object(slotFields)
  .refine(intervalOk, { message: M.intervalInvalid, path: ['interval_count'] });
export type CreateSlotInput = z.infer<typeof createSlotSchema>;

export const updateSlotSchema = z.object({
  stage: slotFields.stage.optional(),
  fitted: slotFields.fitted.optional(),
  quantity: slotFields.quantity.optional(),
  interval_unit: slotFields.interval_unit.optional(),
  interval_count: slotFields.interval_count.optional(),
  anchor_date: slotFields.anchor_date.optional(),
  notice_days: slotFields.notice_days,
  override_note: slotFields.override_note,
  version,
});
export type UpdateSlotInput = z.infer<typeof updateSlotSchema>;

export const recordChangeSchema = z
  .object({
    changed_on: isoDate,
    quantity: intIn(1, MAX_SLOT_QUANTITY, M.quantityInvalid).optional(),
    variant_id: uuid(M.variantInvalid).optional(),
    agreed_item_id: uuid(M.agreedItemInvalid).optional(),
    pressure_drop_in_wc: z
      .preprocess(
        (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
        z.number({ error: M.pressureDropInvalid }).min(0, M.pressureDropInvalid).max(20, M.pressureDropInvalid),
      )
      .optional(),
    note: optionalText('Note', 500, M.noteTooLong, true),
    override_note: optionalText('Override note', 500, M.overrideNoteTooLong, true),
  })
  .refine((v) => !(v.variant_id && v.agreed_item_id), { message: M.changeFittedBoth, path: ['agreed_item_id'] });
export type RecordChangeInput = z.infer<typeof recordChangeSchema>;

export const skipSchema = z.object({}).strict();

/* ------------------------------------------------------------------ what is due */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string({ error: M.monthInvalid }).regex(MONTH, M.monthInvalid);
const blank = (v: unknown) => (v === '' ? undefined : v);

export const dueQuerySchema = z
  .object({
    from: z.preprocess(blank, month.optional()),
    to: z.preprocess(blank, month.optional()),
    siteId: z.preprocess(blank, uuid(M.idInvalid).optional()),
    status: z.preprocess(blank, z.enum(['due', 'overdue'], { error: M.dueStatusInvalid }).optional()),
    companyId: z.preprocess(blank, uuid(M.idInvalid).optional()),
  })
  .refine(
    (q) => {
      if (!q.from || !q.to) return true;
      const a = Number(q.from.slice(0, 4)) * 12 + Number(q.from.slice(5, 7));
      const b = Number(q.to.slice(0, 4)) * 12 + Number(q.to.slice(5, 7));
      return a <= b && b - a < 24;
    },
    { message: M.monthRange, path: ['to'] },
  );
export type DueQuery = z.infer<typeof dueQuerySchema>;

/** "Request the month": one order request and one quote request for what a site has due in `month`. */
export const requestMonthSchema = z.object({
  site_id: uuid(M.idInvalid),
  month,
});
export type RequestMonthInput = z.infer<typeof requestMonthSchema>;

/** 'March 2027' for '2027-03' (the month a programme request names). */
export function monthName(month: string, style: 'long' | 'month' = 'long'): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return d.toLocaleString('en-US', {
    month: 'long',
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

export const recordsQuerySchema = z.object({
  from: z.preprocess(blank, isoDate.optional()),
  to: z.preprocess(blank, isoDate.optional()),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

export const forecastQuerySchema = z.object({
  months: z.preprocess(
    (v) => (v === '' || v === undefined ? 6 : v),
    intIn(1, 24, 'months must be a whole number from 1 to 24'),
  ),
  categoryId: z.preprocess(blank, uuid(M.catalogueInvalid).optional()),
});
export type ForecastQuery = z.infer<typeof forecastQuerySchema>;

export const programmeExportQuerySchema = z.object({
  companyId: z.preprocess(blank, uuid(M.idInvalid).optional()),
  format: z.preprocess(
    (v) => (v === '' || v === undefined ? 'csv' : v),
    z.enum(['csv', 'xlsx'], { error: "format must be 'csv' or 'xlsx'" }),
  ),
});
export type ProgrammeExportQuery = z.infer<typeof programmeExportQuerySchema>;

/** The import/export columns, in order. */
export const PROGRAMME_COLUMNS = [
  'site code',
  'site name',
  'unit label',
  'stage',
  'part number or size',
  'quantity',
  'interval',
  'last changed',
] as const;

/** `GET sites/import/{id}`: a page of the import's errors. */
export const sitesImportQuerySchema = z.object({
  errorsPage: z.preprocess(
    (v) => (v === '' || v === undefined ? 1 : v),
    intIn(1, 100_000, 'errorsPage must be 1 or more'),
  ),
  errorsLimit: z.preprocess(
    (v) => (v === '' || v === undefined ? 50 : v),
    intIn(1, 500, 'errorsLimit must be a whole number from 1 to 500'),
  ),
});
export type SitesImportQuery = z.infer<typeof sitesImportQuerySchema>;
