import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { QuoteStatus } from '@portal/contracts';
import { useRealtimeEvent } from '../../shared/realtime';
import { fetchQuotes, quoteKeys } from './api';

/** The statuses in which a request waits for the customer: a price to accept, a question to answer. */
export const AWAITING_CUSTOMER: QuoteStatus[] = ['quoted', 'info_requested'];
const QUERY = { status: AWAITING_CUSTOMER.join(','), limit: 1 };

/**
 * How many of the customer's requests wait for them (the Quotes badge), kept live by `quote.changed`;
 * a request that has just started waiting for them also shows a toast. Off for the office.
 */
export function useQuotesAwaitingAnswer(enabled: boolean): number | undefined {
  const qc = useQueryClient();
  const count = useQuery({
    queryKey: quoteKeys.list(QUERY),
    queryFn: ({ signal }) => fetchQuotes(QUERY, signal),
    enabled,
    select: (data) => data.total,
  });
  useRealtimeEvent(
    'quote.changed',
    (e) => {
      void qc.invalidateQueries({ queryKey: quoteKeys.list(QUERY) });
      if (!AWAITING_CUSTOMER.includes(e.status)) return;
      notifications.show({
        color: 'blue',
        title: `Quote request ${e.number} ${e.status === 'quoted' ? 'is priced' : 'needs your answer'}`,
        message:
          e.status === 'quoted'
            ? 'The office has priced it. Open Quotes to accept or decline.'
            : 'The office has a question. Open Quotes to answer it.',
        autoClose: 10_000,
      });
    },
    enabled,
  );
  return enabled ? count.data : undefined;
}
