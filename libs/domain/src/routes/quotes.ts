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
import { binary, defineRoutes, idempotencyHeadersSchema, roles, statusAnswer } from './route';

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
    response: statusAnswer,
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
    response: statusAnswer,
  },
  match: {
    method: 'POST',
    path: 'quote-requests/match',
    summary: 'Read pasted lines into catalogue matches (nothing is saved).',
    access: customer,
    body: quoteMatchSchema,
    status: 200,
    response: statusAnswer,
  },
  list: {
    method: 'GET',
    path: 'quote-requests',
    summary: 'Quote requests you may see, a page.',
    access: everyone,
    query: quoteListQuerySchema,
    status: 200,
    response: statusAnswer,
  },
  detail: {
    method: 'GET',
    path: 'quote-requests/:id',
    summary: 'One request with its lines, messages, versions and `allowed_actions`.',
    access: everyone,
    ...quoteId,
    status: 200,
    response: statusAnswer,
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
    response: statusAnswer,
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
