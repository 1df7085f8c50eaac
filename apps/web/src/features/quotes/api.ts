import type {
  CatalogueCategory,
  QuoteAction,
  QuoteMatchRow,
  QuoteRequestDetail,
  QuoteRequestSummary,
  QuoteStatus,
} from '@portal/contracts';
import { api } from '../../shared/api';
import { downloadApiFile } from '../../shared/download';

/** Lines of `POST quote-requests` as the screens build them. */
export type QuoteLineDraft =
  | { kind: 'catalogue'; variant_id: string; quantity: number }
  | {
      kind: 'custom_size';
      catalogue_id: string;
      width: string | number;
      height: string | number;
      depth: string | number;
      measure: 'nominal' | 'exact';
      quantity: number;
    }
  | { kind: 'unlisted'; part_number: string; quantity: number };

export interface QuoteListQuery {
  /** One status, or several separated by commas. */
  status?: string;
  page?: number;
  limit?: number;
  companyId?: string;
  assignee?: 'me' | 'none';
}

export interface QuoteList {
  list: QuoteRequestSummary[];
  total: number;
  counts?: Partial<Record<QuoteStatus, number>>;
}

export const quoteKeys = {
  all: ['quotes'] as const,
  list: (q: QuoteListQuery) => ['quotes', 'list', q] as const,
  one: (id: string) => ['quotes', 'one', id] as const,
};

export async function fetchQuotes(query: QuoteListQuery, signal?: AbortSignal): Promise<QuoteList> {
  return (await api.get<{ data: QuoteList }>('quote-requests', { query: { ...query }, signal })).data;
}

export async function fetchQuote(id: string, signal?: AbortSignal): Promise<QuoteRequestDetail> {
  return (await api.get<{ data: QuoteRequestDetail }>(`quote-requests/${id}`, { signal })).data;
}

export interface SubmitResult {
  _id: string;
  number: string;
  status: QuoteStatus;
  merged: number;
}

/** The body of `POST quote-requests`. */
export interface QuoteSubmission {
  lines: QuoteLineDraft[];
  note?: string;
  customer_reference?: string;
}

/** Submits with an Idempotency-Key, so a retried click never makes a second request. */
export async function submitQuote(
  body: QuoteSubmission,
  idempotencyKey: string,
): Promise<{ data: SubmitResult; message?: string }> {
  return api.post<{ data: SubmitResult; message?: string }>('quote-requests', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

export async function matchPaste(text: string): Promise<QuoteMatchRow[]> {
  return (await api.post<{ data: QuoteMatchRow[] }>('quote-requests/match', { text }, { silent: true })).data;
}

export async function quoteAction(id: string, action: QuoteAction, body: unknown = {}) {
  return api.post<{ data: { status: QuoteStatus; version: number } }>(`quote-requests/${id}/${action}`, body, {
    silent: true,
  });
}

export async function postQuoteMessage(id: string, body: string) {
  return api.post(`quote-requests/${id}/messages`, { body }, { silent: true });
}

/** Saves the quote's PDF as `quote-{number}.pdf`. */
export function downloadQuotePdf(id: string, number: string): Promise<void> {
  return downloadApiFile(`quote-requests/${id}/pdf`, `quote-${number}.pdf`);
}

/** A fresh key per form: a retried or double-clicked submit returns the same request. */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The catalogue's categories (a custom size from a pasted list needs the family it belongs to). */
export async function fetchQuoteCategories(signal?: AbortSignal): Promise<Pick<CatalogueCategory, '_id' | 'name'>[]> {
  const res = await api.get<{ data: CatalogueCategory[] }>('catalogue', { signal });
  return Array.isArray(res?.data) ? res.data.map((c) => ({ _id: c._id, name: c.name })) : [];
}
