import { z } from 'zod';
import { isUuid } from '../org';
import {
  createSiteSchema,
  createSlotSchema,
  createUnitSchema,
  dueQuerySchema,
  forecastQuerySchema,
  PROGRAMME_MSG,
  programmeExportQuerySchema,
  recordChangeSchema,
  recordsQuerySchema,
  requestMonthSchema,
  SITE_STATUSES,
  siteListQuerySchema,
  SITES_IMPORT_MSG,
  sitesImportQuerySchema,
  skipSchema,
  SLOT_STAGES,
  UNIT_KINDS,
  updateSiteSchema,
  updateSlotSchema,
  updateUnitSchema,
} from '../programme';
import { binary, defineRoutes, ok, roles } from './route';

const everyone = roles('superadmin', 'admin', 'employee');
const managers = roles('superadmin', 'admin');
const office = roles('superadmin');

/** An id in the path: anything but a UUID is 404, like an unknown or another company's one. */
const idOf = (message: string) => ({
  params: z.object({ id: z.string().refine(isUuid, message) }),
  paramRefusals: { id: { status: 404, message } },
});
const siteId = idOf(PROGRAMME_MSG.siteNotFound);
const unitId = idOf(PROGRAMME_MSG.unitNotFound);
const slotId = idOf(PROGRAMME_MSG.slotNotFound);
const importId = idOf(SITES_IMPORT_MSG.notFound);

const isoDate = z.string();
const day = z.string().describe('YYYY-MM-DD');
const intervalUnit = z.enum(['day', 'week', 'month']);
const fittedKind = z.enum(['catalogue', 'custom_size', 'agreed_item']);

const contactUserSchema = z.object({ _id: z.string(), username: z.string(), email: z.string() });

export const siteViewSchema = z.object({
  _id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  name: z.string(),
  code: z.string(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  delivery_notes: z.string().nullable(),
  time_zone: z.string(),
  contacts: z.array(z.string()),
  contact_users: z.array(contactUserSchema),
  status: z.enum(SITE_STATUSES),
  version: z.number().int(),
  created_at: isoDate,
  updated_at: isoDate,
});

export const siteSummarySchema = siteViewSchema.extend({
  unit_count: z.number().int(),
  slot_count: z.number().int(),
  due_this_month: z.number().int(),
  overdue_count: z.number().int(),
});

export const slotViewSchema = z.object({
  _id: z.string(),
  unit_id: z.string(),
  site_id: z.string(),
  stage: z.enum(SLOT_STAGES),
  fitted: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('catalogue'),
      variant_id: z.string().nullable(),
      part_number: z.string().nullable(),
      product_name: z.string().nullable(),
      merv: z.number().int().nullable(),
      efficiency_class: z.string().nullable(),
    }),
    z.object({
      kind: z.literal('agreed_item'),
      agreed_item_id: z.string(),
      /** The company's own part number, else the office's, else null. */
      part_number: z.string().nullable(),
      description: z.string(),
    }),
    z.object({
      kind: z.literal('custom_size'),
      catalogue_id: z.string().nullable(),
      catalogue_name: z.string().nullable(),
      width: z.number(),
      height: z.number(),
      depth: z.number(),
      measure: z.enum(['nominal', 'exact']).nullable(),
      size: z.string(),
    }),
  ]),
  quantity: z.number().int(),
  interval_unit: intervalUnit,
  interval_count: z.number().int(),
  anchor_date: day,
  notice_days: z.number().int(),
  override_note: z.string().nullable(),
  next_due: day,
  overdue: z.boolean(),
  last_changed_on: day.nullable(),
  version: z.number().int(),
});

export const unitViewSchema = z.object({
  _id: z.string(),
  site_id: z.string(),
  label: z.string(),
  kind: z.enum(UNIT_KINDS),
  location_note: z.string().nullable(),
  min_merv: z.number().int().nullable(),
  max_merv: z.number().int().nullable(),
  version: z.number().int(),
  slots: z.array(slotViewSchema),
});

/** One site with its units and slots, and what the caller may do there. */
export const siteDetailSchema = siteViewSchema.extend({
  has_changes: z.boolean(),
  today: day,
  allowed_actions: z.array(z.enum(['manage', 'record', 'skip', 'request'])),
  units: z.array(unitViewSchema),
});

export const changeViewSchema = z.object({
  _id: z.string(),
  slot_id: z.string(),
  changed_on: day,
  quantity: z.number().int(),
  variant_id: z.string().nullable(),
  fitted: z.string(),
  merv: z.number().int().nullable(),
  efficiency_class: z.string().nullable(),
  pressure_drop_in_wc: z.number().nullable(),
  note: z.string().nullable(),
  recorded_by: z.object({ _id: z.string(), username: z.string() }).nullable(),
  recorded_by_name: z.string(),
  created_at: isoDate,
});

export const dueLineSchema = z.object({
  slot_id: z.string(),
  unit_label: z.string(),
  stage: z.enum(SLOT_STAGES),
  kind: fittedKind,
  part_number: z.string().nullable(),
  size: z.string(),
  quantity: z.number().int(),
  due_on: day,
  overdue: z.boolean(),
  /** Dollars (an agreed item: its agreed price); null for custom sizes (quoted), an unpriced variant or an agreed item no longer held. */
  unit_price: z.number().nullable(),
  needs_quote: z.boolean(),
});

const requestRefSchema = z.object({ _id: z.string(), number: z.string() });

/** What "request the month" made for a site and month (either side null when there was nothing for it). */
export const programmeRequestSchema = z.object({
  order_request: requestRefSchema.nullable(),
  quote_request: requestRefSchema.nullable(),
});

export const dueSiteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  lines: z.array(dueLineSchema),
  /** Quantity × price over the priced lines, in dollars. */
  total: z.number(),
  needs_quote_count: z.number().int(),
  /** The order and quote requests already made for this site and month; null when not requested yet. */
  requested: programmeRequestSchema.nullable(),
  /** Whether the caller may request this month (the company's admins and the site's contacts). */
  can_request: z.boolean(),
});

export const forecastRowSchema = z.object({
  key: z.string(),
  kind: fittedKind,
  variant_id: z.string().nullable(),
  part_number: z.string().nullable(),
  product_name: z.string().nullable(),
  catalogue_id: z.string().nullable(),
  catalogue_name: z.string().nullable(),
  size: z.string().nullable(),
  /** Quantity due per month (`YYYY-MM`). */
  quantities: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});

const okMessage = <T extends z.ZodType>(data: T) => z.object({ status: z.number().int(), message: z.string(), data });
const removed = okMessage(z.object({ _id: z.string() }));

const count = z.number().int();
export const sitesImportCountsSchema = z.object({
  sites_created: count,
  units_created: count,
  slots_created: count,
  slots_updated: count,
  slots_unchanged: count,
  errors: count,
});
export const sitesImportSchema = z.object({
  _id: z.string(),
  company_id: z.string(),
  status: z.enum(['queued', 'validating', 'ready', 'invalid', 'failed', 'applied']),
  file_name: z.string(),
  message: z.string().nullable(),
  started_by: z.string(),
  created_at: z.string(),
  validated_at: z.string().nullable(),
  applied_at: z.string().nullable(),
  done: count,
  total: count,
  counts: sitesImportCountsSchema,
  errors: z.array(z.object({ row: count.nullable(), column: z.string().nullable(), message: z.string() })),
  errors_total: count,
  errors_page: count,
  errors_limit: count,
});
export type SitesImportView = z.infer<typeof sitesImportSchema>;

export type SiteView = z.infer<typeof siteViewSchema>;
export type SiteSummary = z.infer<typeof siteSummarySchema>;
export type SiteDetail = z.infer<typeof siteDetailSchema>;
export type UnitView = z.infer<typeof unitViewSchema>;
export type SlotView = z.infer<typeof slotViewSchema>;
export type ChangeView = z.infer<typeof changeViewSchema>;
export type DueLineView = z.infer<typeof dueLineSchema>;
export type DueSiteView = z.infer<typeof dueSiteSchema>;
export type ForecastRowView = z.infer<typeof forecastRowSchema>;
export type ProgrammeRequestView = z.infer<typeof programmeRequestSchema>;

export const PROGRAMME_ROUTES = defineRoutes('programme', {
  due: {
    method: 'GET',
    path: 'programme/due',
    summary: 'What is due, per month and site (overdue changes in the current month), priced for the company.',
    access: everyone,
    query: dueQuerySchema,
    status: 200,
    response: ok(z.object({ months: z.array(z.object({ month: z.string(), sites: z.array(dueSiteSchema) })) })),
  },
  request: {
    method: 'POST',
    path: 'programme/requests',
    summary:
      "Request a site's month (its contacts and the company's admins): one order request for what has a price and one quote request for the custom sizes, in one transaction; a repeat returns the same two.",
    access: roles('admin', 'employee'),
    body: requestMonthSchema,
    status: 201,
    response: okMessage(programmeRequestSchema),
  },
  forecast: {
    method: 'GET',
    path: 'programme/forecast',
    summary: "The supplier's committed demand per variant (and custom size) and month, across every company.",
    access: office,
    query: forecastQuerySchema,
    status: 200,
    response: ok(z.object({ months: z.array(z.string()), rows: z.array(forecastRowSchema) })),
  },
  list: {
    method: 'GET',
    path: 'sites',
    summary: "Sites of the caller's company (superadmins: every company's, or one with `companyId`), with counts.",
    access: everyone,
    query: siteListQuerySchema,
    status: 200,
    response: ok(z.object({ list: z.array(siteSummarySchema), total: z.number().int() })),
  },
  export: {
    method: 'GET',
    path: 'sites/export',
    summary: "The company's programme as CSV or XLSX, in the import's columns (re-imports unchanged).",
    access: managers,
    query: programmeExportQuerySchema,
    status: 200,
    response: binary('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  },
  importStart: {
    method: 'POST',
    path: 'sites/import',
    summary:
      'Upload a programme file (multipart `file`; superadmins add `companyId`): 202, the worker runs the dry run.',
    access: managers,
    multipart: { fields: { file: 'file', companyId: 'string' } },
    status: 202,
    response: okMessage(z.object({ _id: z.string(), status: z.string() })),
  },
  importGet: {
    method: 'GET',
    path: 'sites/import/:id',
    summary: 'A programme import: status, what applying it would create and update, and a page of row errors.',
    access: managers,
    ...importId,
    query: sitesImportQuerySchema,
    status: 200,
    response: ok(sitesImportSchema),
  },
  importApply: {
    method: 'POST',
    path: 'sites/import/:id/apply',
    summary: 'Apply a checked programme import in one transaction (missing sites, units and slots created).',
    access: managers,
    ...importId,
    status: 200,
    response: okMessage(sitesImportSchema),
  },
  create: {
    method: 'POST',
    path: 'sites',
    summary: 'Add a site (superadmins name the company).',
    access: managers,
    body: createSiteSchema,
    status: 201,
    response: okMessage(siteDetailSchema),
  },
  detail: {
    method: 'GET',
    path: 'sites/:id',
    summary: 'One site with its units, slots and `allowed_actions`.',
    access: everyone,
    ...siteId,
    status: 200,
    response: ok(siteDetailSchema),
  },
  update: {
    method: 'PATCH',
    path: 'sites/:id',
    summary: 'Change a site (optimistic `version`); archive or restore it.',
    access: managers,
    ...siteId,
    body: updateSiteSchema,
    status: 200,
    response: ok(siteDetailSchema),
  },
  remove: {
    method: 'DELETE',
    path: 'sites/:id',
    summary: 'Delete a site without recorded changes (one with a record is archived instead).',
    access: managers,
    ...siteId,
    status: 200,
    response: removed,
  },
  records: {
    method: 'GET',
    path: 'sites/:id/records.pdf',
    summary: "The site's filter change record as a PDF (optionally between `from` and `to`).",
    access: everyone,
    ...siteId,
    query: recordsQuerySchema,
    status: 200,
    response: binary('application/pdf'),
  },
  units: {
    method: 'GET',
    path: 'sites/:id/units',
    summary: "The site's units with their slots.",
    access: everyone,
    ...siteId,
    status: 200,
    response: ok(z.object({ list: z.array(unitViewSchema) })),
  },
  addUnit: {
    method: 'POST',
    path: 'sites/:id/units',
    summary: 'Add a unit (air handler, rooftop unit …) to a site.',
    access: managers,
    ...siteId,
    body: createUnitSchema,
    status: 201,
    response: okMessage(unitViewSchema),
  },
  updateUnit: {
    method: 'PATCH',
    path: 'units/:id',
    summary: 'Change a unit (optimistic `version`).',
    access: managers,
    ...unitId,
    body: updateUnitSchema,
    status: 200,
    response: ok(unitViewSchema),
  },
  addSlot: {
    method: 'POST',
    path: 'units/:id/slots',
    summary: 'Add a filter slot (a catalogue variant or a custom size, its quantity and interval) to a unit.',
    access: managers,
    ...unitId,
    body: createSlotSchema,
    status: 201,
    response: okMessage(slotViewSchema),
  },
  updateSlot: {
    method: 'PATCH',
    path: 'slots/:id',
    summary: 'Change a filter slot (optimistic `version`); a new interval or anchor moves the next due date.',
    access: managers,
    ...slotId,
    body: updateSlotSchema,
    status: 200,
    response: ok(slotViewSchema),
  },
  removeSlot: {
    method: 'DELETE',
    path: 'slots/:id',
    summary: 'Remove a filter slot (its recorded changes stay in the record).',
    access: managers,
    ...slotId,
    status: 200,
    response: removed,
  },
  history: {
    method: 'GET',
    path: 'slots/:id/changes',
    summary: "The slot's recorded changes, newest first.",
    access: everyone,
    ...slotId,
    status: 200,
    response: ok(z.object({ list: z.array(changeViewSchema) })),
  },
  recordChange: {
    method: 'POST',
    path: 'slots/:id/changes',
    summary: 'Record a filter change (site contacts and admins); the next due date moves on.',
    access: everyone,
    ...slotId,
    body: recordChangeSchema,
    status: 201,
    response: okMessage(slotViewSchema),
  },
  skip: {
    method: 'POST',
    path: 'slots/:id/skip',
    summary: 'Skip the due change (site contacts and admins); the next due date moves on one interval.',
    access: everyone,
    ...slotId,
    body: skipSchema,
    status: 200,
    response: okMessage(slotViewSchema),
  },
});
