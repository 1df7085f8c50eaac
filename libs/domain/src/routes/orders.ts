import { z } from 'zod';
import {
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type AgreedItemView,
  type OrderPreview,
  type OrderRequestDetail,
  type OrderRequestListItem,
  type OrderRequestSummary,
} from '@portal/contracts';
import { idSchema, isUuid } from '../org';
import {
  agreedItemListQuerySchema,
  agreedItemPatchSchema,
  cancelOrderSchema,
  companyOrderingSchema,
  confirmOrderSchema,
  createOrderRequestSchema,
  ORDER_MSG,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderVersionSchema,
  rejectOrderSchema,
  shipOrderSchema,
} from '../orders';
import { apiErrorSchema, binary, defineRoutes, idempotencyHeadersSchema, ok, roles, type Access } from './route';

const everyone = roles('superadmin', 'admin', 'employee');
const customer = roles('admin', 'employee');
const companyAdmin = roles('admin');
const office = roles('superadmin');

/* ------------------------------------------------------------------ what the API answers */

const orderStatus = z.enum(ORDER_STATUSES);
const orderAction = z.enum(ORDER_ACTIONS);
const lineKind = z.enum(['catalogue', 'agreed_item']);
const party = z.object({ _id: z.string().nullable(), name: z.string() });

export const orderRequestSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: orderStatus,
  company: party,
  site: z.object({ _id: z.string(), name: z.string() }).nullable(),
  requested_by: party,
  po_number: z.string().nullable(),
  customer_reference: z.string().nullable(),
  needed_by: z.string().nullable(),
  line_count: z.number().int(),
  total: z.number(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const orderLineViewSchema = z.object({
  _id: z.string(),
  kind: lineKind,
  variant_id: z.string().nullable(),
  agreed_item_id: z.string().nullable(),
  part_number: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  line_total: z.number(),
});

export const orderHistoryEntrySchema = z.object({
  action: orderAction,
  from: orderStatus.nullable(),
  to: orderStatus,
  by: z.object({ _id: z.string().nullable(), name: z.string(), role: z.string().nullable() }),
  at: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

/** A row of the list: the summary and the steps the viewer may take on it now (one-click steps). */
export const orderRequestListItemSchema = orderRequestSummarySchema.extend({
  allowed_actions: z.array(orderAction),
});

export const orderRequestDetailSchema = orderRequestSummarySchema.extend({
  note: z.string().nullable(),
  office_ref: z.string().nullable(),
  ships_on: z.string().nullable(),
  tracking: z.string().nullable(),
  decision_reason: z.string().nullable(),
  lines: z.array(orderLineViewSchema),
  history: z.array(orderHistoryEntrySchema),
  allowed_actions: z.array(orderAction),
});

export const orderPreviewSchema = z.object({
  lines: z.array(
    z.object({
      kind: lineKind,
      variant_id: z.string().optional(),
      agreed_item_id: z.string().optional(),
      part_number: z.string().nullable(),
      description: z.string(),
      quantity: z.number().int(),
      unit_price: z.number().nullable(),
      line_total: z.number().nullable(),
      last_price: z.number().nullable(),
      status: z.enum(['ok', 'price_changed', 'unavailable', 'agreement_expired']),
      expired_on: z.string().optional(),
    }),
  ),
  total: z.number(),
});

export const submittedOrderSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: orderStatus,
  total: z.number(),
  repeated: z.boolean(),
});

export const orderStepSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: orderStatus,
  version: z.number().int(),
});

export const agreedItemViewSchema = z.object({
  _id: z.string(),
  description: z.string(),
  customer_part_no: z.string().nullable(),
  part_number: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  depth: z.number().nullable(),
  measure: z.enum(['nominal', 'exact']).nullable(),
  size_type: z.string().nullable(),
  catalogue_id: z.string().nullable(),
  price: z.number(),
  price_held_until: z.string(),
  status: z.enum(['active', 'expired', 'withdrawn']),
  source_quote: z.object({ _id: z.string().nullable(), number: z.string().nullable() }),
  company: party,
});

export const companyOrderingAnswerSchema = z.object({ _id: z.string(), approval_threshold: z.number().nullable() });

/* ------------------------------------------------------------------ the routes */

/** An order request id: anything but a UUID is 404, like an unknown or unreachable request. */
const orderId = {
  params: z.object({
    id: z
      .string()
      .refine(isUuid, ORDER_MSG.notFound)
      .transform((s) => s.toLowerCase()),
  }),
  paramRefusals: { id: { status: 404, message: ORDER_MSG.notFound } },
};

const agreedItemId = {
  params: z.object({
    id: z
      .string()
      .refine(isUuid, ORDER_MSG.agreedItemNotFound)
      .transform((s) => s.toLowerCase()),
  }),
  paramRefusals: { id: { status: 404, message: ORDER_MSG.agreedItemNotFound } },
};

/** A step whose version no longer matches, or an action the state no longer allows, is 409. */
const conflict = { 409: { description: 'The request changed since it was read', schema: apiErrorSchema } };

const step = <B extends z.ZodType>(path: string, summary: string, access: Access, body: B) =>
  ({
    method: 'POST',
    path: `order-requests/:id/${path}`,
    summary,
    access,
    ...orderId,
    body,
    status: 200,
    response: ok(orderStepSchema),
  }) as const;

export const ORDER_ROUTES = defineRoutes('order-requests', {
  submit: {
    method: 'POST',
    path: 'order-requests',
    summary:
      'Order at agreed prices. Over the company threshold an employee’s request waits for an admin. A retried submit with the same Idempotency-Key answers the first request; a different `expected_total` is 409 with the current lines.',
    access: customer,
    body: createOrderRequestSchema,
    headers: idempotencyHeadersSchema,
    status: 201,
    response: ok(submittedOrderSchema),
    alsoAnswers: {
      409: {
        description:
          'The total moved since the preview (`data`: the current lines and total), or the source quote or order cannot be ordered again',
        schema: apiErrorSchema.extend({ data: orderPreviewSchema.optional() }),
      },
    },
  },
  preview: {
    method: 'POST',
    path: 'order-requests/preview',
    summary: 'Price the lines as they would be ordered now (nothing is saved).',
    access: customer,
    body: createOrderRequestSchema,
    status: 200,
    response: ok(orderPreviewSchema),
  },
  list: {
    method: 'GET',
    path: 'order-requests',
    summary: 'Order requests you may see, a page (the office also gets counts per status).',
    access: everyone,
    query: orderListQuerySchema,
    status: 200,
    response: ok(
      z.object({
        list: z.array(orderRequestListItemSchema),
        total: z.number().int(),
        counts: z.partialRecord(orderStatus, z.number().int()).optional(),
      }),
    ),
  },
  export: {
    method: 'GET',
    path: 'order-requests/export',
    summary: 'Every line of the requests submitted between two dates, as CSV or XLSX (the office).',
    access: office,
    query: orderExportQuerySchema,
    status: 200,
    response: binary('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  },
  detail: {
    method: 'GET',
    path: 'order-requests/:id',
    summary: 'One request with its lines, history and `allowed_actions`.',
    access: everyone,
    ...orderId,
    status: 200,
    response: ok(orderRequestDetailSchema),
  },
  pdf: {
    method: 'GET',
    path: 'order-requests/:id/pdf',
    summary: 'The acknowledgement as a PDF.',
    access: everyone,
    ...orderId,
    status: 200,
    response: binary('application/pdf'),
  },
  approve: {
    ...step(
      'approve',
      "Approve an employee's request over the threshold (the company's admin).",
      companyAdmin,
      orderVersionSchema,
    ),
    alsoAnswers: conflict,
  },
  reject: {
    ...step(
      'reject',
      "Reject an employee's request, with a reason (the company's admin).",
      companyAdmin,
      rejectOrderSchema,
    ),
    alsoAnswers: conflict,
  },
  acknowledge: {
    ...step('acknowledge', 'Acknowledge a submitted request (the office).', office, orderVersionSchema),
    alsoAnswers: conflict,
  },
  confirm: {
    ...step('confirm', 'Confirm with the office reference and shipping date.', office, confirmOrderSchema),
    alsoAnswers: conflict,
  },
  ship: { ...step('ship', 'Mark as shipped, with tracking.', office, shipOrderSchema), alsoAnswers: conflict },
  cancel: {
    ...step('cancel', 'Cancel (the state table says who may cancel what).', everyone, cancelOrderSchema),
    alsoAnswers: conflict,
  },
});

export const AGREED_ITEM_ROUTES = defineRoutes('agreed-items', {
  list: {
    method: 'GET',
    path: 'agreed-items',
    summary: "A company's agreed items (from accepted quotes): the company's people read theirs, the office any.",
    access: everyone,
    query: agreedItemListQuerySchema,
    status: 200,
    response: ok(z.object({ list: z.array(agreedItemViewSchema), total: z.number().int() })),
  },
  detail: {
    method: 'GET',
    path: 'agreed-items/:id',
    summary: 'One agreed item with its price history.',
    access: everyone,
    ...agreedItemId,
    status: 200,
    response: ok(
      agreedItemViewSchema.extend({
        price_history: z.array(z.object({ price: z.number(), price_held_until: z.string(), changed_at: z.string() })),
      }),
    ),
  },
  update: {
    method: 'PATCH',
    path: 'agreed-items/:id',
    summary:
      "The office changes the price, how long it holds and the status; a company admin sets the company's own part number.",
    access: roles('superadmin', 'admin'),
    ...agreedItemId,
    body: agreedItemPatchSchema,
    status: 200,
    response: ok(agreedItemViewSchema),
    alsoAnswers: {
      409: { description: 'The customer part number is already used', schema: apiErrorSchema },
    },
  },
});

export const COMPANY_ORDERING_ROUTES = defineRoutes('company-ordering', {
  read: {
    method: 'GET',
    path: 'company/:id/ordering',
    summary: "The company's approval threshold (a superadmin, or that company's admin).",
    access: roles('superadmin', 'admin'),
    params: z.object({ id: idSchema }),
    status: 200,
    response: ok(companyOrderingAnswerSchema),
  },
  update: {
    method: 'PATCH',
    path: 'company/:id/ordering',
    summary: "Set the approval threshold (null: none); a superadmin, or that company's admin.",
    access: roles('superadmin', 'admin'),
    params: z.object({ id: idSchema }),
    body: companyOrderingSchema,
    status: 200,
    response: ok(companyOrderingAnswerSchema),
  },
});

/* The schemas above are the wire types of libs/contracts, field for field: drift fails the build. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatchesContracts: [
  Same<z.output<typeof orderRequestSummarySchema>, OrderRequestSummary>,
  Same<z.output<typeof orderRequestListItemSchema>, OrderRequestListItem>,
  Same<z.output<typeof orderRequestDetailSchema>, OrderRequestDetail>,
  Same<z.output<typeof orderPreviewSchema>, OrderPreview>,
  Same<z.output<typeof agreedItemViewSchema>, AgreedItemView>,
] = [true, true, true, true, true];
void wireMatchesContracts;
