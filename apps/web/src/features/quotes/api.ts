import type { QuoteAction } from '@portal/contracts';
import { CATALOGUE_ROUTES, QUOTE_ROUTES } from '@portal/domain';
import { call, type RouteBody, type RouteData, type RouteQuery } from '../../shared/api';
import { downloadRoute } from '../../shared/download';

/** The body of `POST quote-requests`. */
export type QuoteSubmission = RouteBody<typeof QUOTE_ROUTES.submit>;
/** Lines of `POST quote-requests` as the screens build them. */
export type QuoteLineDraft = QuoteSubmission['lines'][number];
export type SubmitResult = RouteData<typeof QUOTE_ROUTES.submit>;
export type QuoteListQuery = NonNullable<RouteQuery<typeof QUOTE_ROUTES.list>>;
export type QuoteList = RouteData<typeof QUOTE_ROUTES.list>;

export const quoteKeys = {
  all: ['quotes'] as const,
  list: (q: QuoteListQuery) => ['quotes', 'list', q] as const,
  one: (id: string) => ['quotes', 'one', id] as const,
};

export async function fetchQuotes(query: QuoteListQuery, signal?: AbortSignal): Promise<QuoteList> {
  return (await call(QUOTE_ROUTES.list, { query }, { signal })).data;
}

export async function fetchQuote(id: string, signal?: AbortSignal) {
  return (await call(QUOTE_ROUTES.detail, { params: { id } }, { signal })).data;
}

/** Submits with an Idempotency-Key, so a retried click never makes a second request. */
export function submitQuote(body: QuoteSubmission, idempotencyKey: string) {
  return call(QUOTE_ROUTES.submit, { body }, { headers: { 'Idempotency-Key': idempotencyKey }, silent: true });
}

export async function matchPaste(text: string) {
  return (await call(QUOTE_ROUTES.match, { body: { text } }, { silent: true })).data;
}

/** The routes of the state table's actions, by the action's name in `allowed_actions`. */
export const QUOTE_ACTION_ROUTES = {
  assign: QUOTE_ROUTES.assign,
  'request-info': QUOTE_ROUTES.requestInfo,
  'send-quote': QUOTE_ROUTES.sendQuote,
  revise: QUOTE_ROUTES.revise,
  reject: QUOTE_ROUTES.reject,
  reply: QUOTE_ROUTES.reply,
  accept: QUOTE_ROUTES.accept,
  decline: QUOTE_ROUTES.decline,
  withdraw: QUOTE_ROUTES.withdraw,
} as const satisfies Record<UserQuoteAction, unknown>;

/** The actions a person takes (`expire` is the scheduler's). */
export type UserQuoteAction = Exclude<QuoteAction, 'expire'>;

/** Saves the quote's PDF as `quote-{number}.pdf`. */
export function downloadQuotePdf(id: string, number: string): Promise<void> {
  return downloadRoute(QUOTE_ROUTES.pdf, { params: { id } }, `quote-${number}.pdf`);
}

/** A fresh key per form: a retried or double-clicked submit returns the same request. */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The catalogue's categories (a custom size from a pasted list needs the family it belongs to). */
export async function fetchQuoteCategories(signal?: AbortSignal) {
  const res = await call(CATALOGUE_ROUTES.categories, { query: {} }, { signal });
  return Array.isArray(res?.data) ? res.data.map((c) => ({ _id: c._id, name: c.name })) : [];
}
