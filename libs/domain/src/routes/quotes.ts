import { z } from 'zod';
import { isUuid } from '../org';
import {
  acceptQuoteSchema,
  createQuoteRequestSchema,
  declineQuoteSchema,
  emptyQuoteActionSchema,
  QUOTE_MSG,
  quoteInfoSchema,
  quoteListQuerySchema,
  quoteMatchSchema,
  quoteMessageSchema,
  rejectQuoteSchema,
  sendQuoteSchema,
} from '../quotes';
import { QUOTE_ACTIONS, QUOTE_LINE_KINDS, QUOTE_STATUSES } from '@portal/contracts';
import { binary, defineRoutes, idempotencyHeadersSchema, ok, roles } from './route';

const quoteStatus = z.enum(QUOTE_STATUSES);
const measure = z.enum(['nominal', 'exact']);
const party = z.object({ _id: z.string().nullable(), name: z.string() });

export const quoteSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: quoteStatus,
  company: party,
  requested_by: party,
  assignee: party.nullable(),
  line_count: z.number().int(),
  customer_reference: z.string().nullable(),
  valid_until: z.string().nullable(),
  revision: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const quoteLineSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  kind: z.enum(QUOTE_LINE_KINDS),
  variant_id: z.string().nullable(),
  part_number: z.string().nullable(),
  description: z.string().nullable(),
  catalogue_id: z.string().nullable(),
  catalogue_name: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  depth: z.number().nullable(),
  measure: measure.nullable(),
  size_type: z.string().nullable(),
  quantity: z.number().int(),
  snapshot_price: z.number().nullable(),
  quoted_price: z.number().nullable(),
  lead_time_days: z.number().int().nullable(),
  line_status: z.enum(['open', 'quoted', 'cannot_quote']),
  line_note: z.string().nullable(),
  /** Superadmins only. */
  today_price: z.number().nullable().optional(),
  /** Superadmins only: the closest catalogue variants of a custom size's family. */
  nearest_variants: z
    .array(
      z.object({
        _id: z.string(),
        part_number: z.string(),
        size: z.string(),
        depth: z.number().nullable(),
        customer_price: z.number(),
      }),
    )
    .optional(),
});

export const quoteDetailSchema = quoteSummarySchema.extend({
  note: z.string().nullable(),
  needed_by: z.string().nullable(),
  expires_at: z.string().nullable(),
  made_to_order: z.boolean(),
  decision_reason: z.string().nullable(),
  version: z.number().int(),
  lines: z.array(quoteLineSchema),
  messages: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(['message', 'request_info', 'reply', 'decline', 'reject']),
      body: z.string(),
      author: z.object({ _id: z.string().nullable(), name: z.string(), role: z.string().nullable() }),
      created_at: z.string(),
    }),
  ),
  allowed_actions: z.array(z.enum(QUOTE_ACTIONS)),
});

export const quoteMatchRowSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  part_number: z.string(),
  quantity: z.number().int().nullable(),
  match: z.enum(['variant', 'odd_size', 'unknown', 'invalid']),
  variant: z
    .object({
      _id: z.string(),
      part_number: z.string(),
      size: z.string(),
      product_name: z.string(),
      customer_price: z.number(),
    })
    .optional(),
  size: z
    .object({
      width: z.number(),
      height: z.number(),
      depth: z.number(),
      measure,
      size_type: z.string().nullable(),
    })
    .optional(),
  error: z.string().optional(),
});

/** What every state-changing action answers. */
const transition = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({ _id: z.string(), number: z.string(), status: quoteStatus, version: z.number().int() }),
});

const everyone = roles('superadmin', 'admin', 'employee');
const customer = roles('admin', 'employee');
const office = roles('superadmin');

/** A quote id: anything but a UUID is 404, like an unknown or unreachable request. */
const quoteId = {
  params: z.object({ id: z.string().refine(isUuid, QUOTE_MSG.notFound) }),
  paramRefusals: { id: { status: 404, message: QUOTE_MSG.notFound } },
};

const action = <B extends z.ZodType>(path: string, summary: string, access: typeof office, body: B) =>
  ({
    method: 'POST',
    path: `quote-requests/:id/${path}`,
    summary,
    access,
    ...quoteId,
    body,
    status: 200,
    response: transition,
  }) as const;

export const QUOTE_ROUTES = defineRoutes('quote-requests', {
  submit: {
    method: 'POST',
    path: 'quote-requests',
    summary: 'Ask the office for a quote. A retried submit with the same Idempotency-Key answers the first request.',
    access: customer,
    body: createQuoteRequestSchema,
    headers: idempotencyHeadersSchema,
    status: 201,
    response: z.object({
      status: z.number().int(),
      message: z.string(),
      data: z.object({
        _id: z.string(),
        number: z.string(),
        status: quoteStatus,
        merged: z.number().int(),
        repeated: z.boolean(),
      }),
    }),
  },
  match: {
    method: 'POST',
    path: 'quote-requests/match',
    summary: 'Read pasted lines into catalogue matches (nothing is saved).',
    access: customer,
    body: quoteMatchSchema,
    status: 200,
    response: ok(z.array(quoteMatchRowSchema)),
  },
  list: {
    method: 'GET',
    path: 'quote-requests',
    summary: 'Quote requests you may see, a page.',
    access: everyone,
    query: quoteListQuerySchema,
    status: 200,
    response: ok(
      z.object({
        list: z.array(quoteSummarySchema),
        total: z.number().int(),
        /** Superadmins only: requests per status. */
        counts: z.record(z.string(), z.number().int()).optional(),
      }),
    ),
  },
  detail: {
    method: 'GET',
    path: 'quote-requests/:id',
    summary: 'One request with its lines, messages, versions and `allowed_actions`.',
    access: everyone,
    ...quoteId,
    status: 200,
    response: ok(quoteDetailSchema),
  },
  pdf: {
    method: 'GET',
    path: 'quote-requests/:id/pdf',
    summary: 'The quote as a PDF.',
    access: everyone,
    ...quoteId,
    status: 200,
    response: binary('application/pdf'),
  },
  message: {
    method: 'POST',
    path: 'quote-requests/:id/messages',
    summary: 'Add a message to the conversation.',
    access: everyone,
    ...quoteId,
    body: quoteMessageSchema,
    status: 201,
    response: z.object({ status: z.number().int(), message: z.string(), data: z.object({ _id: z.string() }) }),
  },
  assign: action('assign', 'Take the request (the office).', office, emptyQuoteActionSchema),
  requestInfo: action('request-info', 'Ask the customer for more information.', office, quoteInfoSchema),
  sendQuote: action('send-quote', 'Send prices (a new version).', office, sendQuoteSchema),
  revise: action('revise', 'Reopen a sent quote for a new version.', office, emptyQuoteActionSchema),
  reject: action('reject', 'Decline to quote.', office, rejectQuoteSchema),
  reply: action('reply', "Answer the office's question.", customer, quoteInfoSchema),
  accept: action('accept', 'Accept the quoted version.', customer, acceptQuoteSchema),
  decline: action('decline', 'Decline the quote.', customer, declineQuoteSchema),
  withdraw: action('withdraw', 'Withdraw the request.', customer, emptyQuoteActionSchema),
});
