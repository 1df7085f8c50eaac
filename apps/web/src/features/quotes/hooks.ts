import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuoteAction } from '@portal/contracts';
import { useRealtimeEvent } from '../../shared/realtime';
import { fetchQuote, fetchQuotes, postQuoteMessage, quoteAction, quoteKeys, type QuoteListQuery } from './api';

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

/** Runs one action of the state table on a request and refreshes what shows it. */
export function useQuoteAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: QuoteAction; body?: unknown }) => quoteAction(id, action, body),
    onSettled: () => qc.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}

export function useQuoteMessage(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postQuoteMessage(id, body),
    onSettled: () => qc.invalidateQueries({ queryKey: quoteKeys.one(id) }),
  });
}
