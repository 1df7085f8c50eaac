import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QUOTE_ROUTES } from '@portal/domain';
import { serverMessage, useRouteMutation, type CallInput } from '../../shared/api';
import { useRealtimeEvent } from '../../shared/realtime';
import {
  fetchQuote,
  fetchQuotes,
  newIdempotencyKey,
  QUOTE_ACTION_ROUTES,
  quoteKeys,
  submitQuote,
  type QuoteListQuery,
  type QuoteSubmission,
  type SubmitResult,
  type UserQuoteAction,
} from './api';

export function useQuotes(query: QuoteListQuery) {
  return useQuery({ queryKey: quoteKeys.list(query), queryFn: ({ signal }) => fetchQuotes(query, signal) });
}

export function useQuote(id: string | undefined) {
  return useQuery({
    queryKey: quoteKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchQuote(id!, signal),
    enabled: !!id,
  });
}

/** `quote.changed` (no prices in it) → the lists and that request refetch through the API. */
export function useQuoteLiveUpdates(onChange?: (e: { _id: string; number: string; status: string }) => void): void {
  const qc = useQueryClient();
  useRealtimeEvent('quote.changed', (e) => {
    void qc.invalidateQueries({ queryKey: ['quotes', 'list'] });
    void qc.invalidateQueries({ queryKey: quoteKeys.one(e._id) });
    onChange?.(e);
  });
}

type QuoteActionRoute = (typeof QUOTE_ACTION_ROUTES)[UserQuoteAction];

/**
 * Runs one action of the state table on a request and refreshes what shows it. The body is the one
 * its form built (each action's schema checks it on the server).
 */
export function useQuoteAction(id: string) {
  return useRouteMutation((v: { action: UserQuoteAction; body?: unknown }) => QUOTE_ACTION_ROUTES[v.action], {
    input: ({ body = {} }) => ({ params: { id }, body }) as CallInput<QuoteActionRoute>,
    call: { silent: true },
    invalidates: [quoteKeys.all],
  });
}

export function useQuoteMessage(id: string) {
  return useRouteMutation(QUOTE_ROUTES.message, {
    input: (body: string) => ({ params: { id }, body: { body } }),
    call: { silent: true },
    invalidates: [quoteKeys.one(id)],
  });
}

/** How a send ended: the request made (with the server's remark), or why it failed. */
export type QuoteSendOutcome = { ok: true; result: SubmitResult; message?: string } | { ok: false; error: string };

/**
 * Sends quote requests from one form. The form keeps its idempotency key until a send succeeds, so a
 * retried or double-clicked send returns the same request; the next send gets a new key.
 */
export function useQuoteSubmission() {
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const send = async (body: QuoteSubmission): Promise<QuoteSendOutcome> => {
    setBusy(true);
    try {
      const res = await submitQuote(body, key);
      setKey(newIdempotencyKey());
      return { ok: true, result: res.data, message: res.message };
    } catch (err) {
      return { ok: false, error: serverMessage(err, 'The request could not be sent. Please try again.') };
    } finally {
      setBusy(false);
    }
  };
  return { send, busy };
}
