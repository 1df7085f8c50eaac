import { useState } from 'react';
import { SegmentedControl, Stack, Title } from '@mantine/core';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { PasteBox } from '../components/PasteBox';
import { QuoteList } from '../components/QuoteList';
import { useQuoteLiveUpdates, useQuotes } from '../hooks';

const FILTERS: { value: string; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'quoted', label: 'Quoted' },
  { value: 'info_requested', label: 'Needs your answer' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'accepted', label: 'Accepted' },
];

/** "Quotes" for employees (their own) and admins (their company's), with a paste box for a list. */
export default function QuotesPage() {
  const role = useAuthStore((s) => s.role);
  const [status, setStatus] = useState('all');
  const quotes = useQuotes({ limit: 50, ...(status !== 'all' ? { status } : {}) });
  useQuoteLiveUpdates();
  return (
    <Stack gap="lg">
      <PageTitle>Quotes</PageTitle>
      <SegmentedControl data={FILTERS} value={status} onChange={setStatus} aria-label="Filter by status" />
      {quotes.data && (
        <QuoteList
          rows={quotes.data.list}
          base={`/${role}/quotes`}
          empty={status === 'all' ? undefined : 'No quote requests with this status. Choose "All" to see every one.'}
        />
      )}
      <Title order={2} fz="lg">
        Request a quote for a list
      </Title>
      <PasteBox />
    </Stack>
  );
}
