import { z } from 'zod';
import { idSchema } from '../org';
import {
  createPriceChangeSchema,
  PRICE_CHANGE_STATUSES,
  priceChangeListQuerySchema,
  updatePriceChangeSchema,
} from '../price-changes';
import { binary, defineRoutes, ok, roles } from './route';

const office = roles('superadmin');
const customer = roles('admin', 'employee');

const priceLine = z.enum(['discount', 'rigidflow', 'minipro', 'polyroll']);
const priceChangeStatus = z.enum(PRICE_CHANGE_STATUSES);

/** One price change as the office sees it (multipliers as percentages, '45.50'). */
export const priceChangeViewSchema = z.object({
  _id: z.string(),
  kind: z.enum(['company_multipliers', 'list_prices']),
  status: priceChangeStatus,
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  import_id: z.string().nullable(),
  import_file_name: z.string().nullable(),
  multipliers: z.array(z.object({ line: priceLine, from: z.string(), to: z.string() })),
  effective_at: z.string(),
  notice_days: z.number().int(),
  notice_at: z.string(),
  notice_sent_at: z.string().nullable(),
  version: z.number().int(),
  message: z.string().nullable(),
  created_by_name: z.string(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  allowed_actions: z.array(z.enum(['edit', 'cancel'])),
});

/** What the change would do to prices (integer cents), its first rows. */
export const priceChangePreviewSchema = z.object({
  companies: z.number().int(),
  variants: z.number().int(),
  prices: z.number().int(),
  rows: z.array(
    z.object({
      company_id: z.string(),
      company_name: z.string(),
      variant_id: z.string(),
      part_number: z.string(),
      product_name: z.string(),
      old_cents: z.number().int(),
      new_cents: z.number().int(),
      change_percent: z.number().nullable(),
    }),
  ),
});

const priceChangeId = { params: z.object({ id: idSchema }) };

export const PRICE_CHANGE_ROUTES = defineRoutes('price-changes', {
  create: {
    method: 'POST',
    path: 'price-changes',
    summary:
      "Schedule a price change on a date: a company's multipliers, or a validated import's list prices (the import is then held for it).",
    access: office,
    body: createPriceChangeSchema,
    status: 201,
    response: z.object({
      status: z.number().int(),
      message: z.string(),
      data: z.object({ _id: z.string(), status: priceChangeStatus, effective_at: z.string() }),
    }),
  },
  list: {
    method: 'GET',
    path: 'price-changes',
    summary: 'Price changes, a page (soonest first), by status and company.',
    access: office,
    query: priceChangeListQuerySchema,
    status: 200,
    response: ok(z.object({ list: z.array(priceChangeViewSchema), total: z.number().int() })),
  },
  notices: {
    method: 'GET',
    path: 'price-changes/notices',
    summary: "The announced changes to your company's prices (the catalogue's banner). No prices.",
    access: customer,
    status: 200,
    response: ok(
      z.object({ list: z.array(z.object({ _id: z.string(), effective_at: z.string(), list_ready: z.boolean() })) }),
    ),
  },
  noticeList: {
    method: 'GET',
    path: 'price-changes/:id/pricelist',
    summary:
      "The announced change's price list of the whole catalogue at the new prices, as built for your company's notice (the banner's link).",
    access: customer,
    ...priceChangeId,
    status: 200,
    response: binary('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  },
  detail: {
    method: 'GET',
    path: 'price-changes/:id',
    summary: 'One price change with a preview of the prices it moves.',
    access: office,
    ...priceChangeId,
    status: 200,
    response: ok(priceChangeViewSchema.extend({ preview: priceChangePreviewSchema })),
  },
  update: {
    method: 'PATCH',
    path: 'price-changes/:id',
    summary: 'Move a scheduled change (date, notice, percentages), with the version read; 409 when it moved on.',
    access: office,
    ...priceChangeId,
    body: updatePriceChangeSchema,
    status: 200,
    response: ok(priceChangeViewSchema),
  },
  cancel: {
    method: 'POST',
    path: 'price-changes/:id/cancel',
    summary: 'Cancel a scheduled change (a held import is ready again).',
    access: office,
    ...priceChangeId,
    status: 200,
    response: ok(priceChangeViewSchema),
  },
});
