import { useState } from 'react';
import { Group, SegmentedControl, Stack } from '@mantine/core';
import { QUOTE_STATUSES, type QuoteStatus } from '@portal/contracts';
import { QUOTE_STATUS_LABEL } from '@portal/domain';
import { StatusCountTiles } from '../../../shared/kit';
import { PageTitle } from '../../../shared/ui';
import { QuoteList } from '../components/QuoteList';
import { useQuoteLiveUpdates, useQuotes } from '../hooks';

/** What the office still has to act on or is waiting for. */
const OPEN: QuoteStatus[] = ['submitted', 'in_review', 'info_requested'];

/** The desk's filters: which requests by status, and whose. */
const STATUS_FILTER = [
  { value: 'open', label: 'Open' },
  { value: 'all', label: 'All' },
  { value: 'quoted', label: 'Quoted' },
  { value: 'accepted', label: 'Accepted' },
];
const ASSIGNEE_FILTER = [
  { value: 'all', label: 'Everyone' },
  { value: 'me', label: 'Mine' },
  { value: 'none', label: 'Unassigned' },
];

/** The superadmin's quote desk: counts per status, the requests with their age, new ones live. */
export default function QuoteDeskPage() {
  const [status, setStatus] = useState<string>('open');
  const [assignee, setAssignee] = useState<string>('all');
  const query = {
    limit: 100,
    ...(status === 'open' ? { status: OPEN.join(',') } : status !== 'all' ? { status } : {}),
    ...(assignee !== 'all' ? { assignee: assignee as 'me' | 'none' } : {}),
  };
  const quotes = useQuotes(query);
  useQuoteLiveUpdates();
  const counts = quotes.data?.counts ?? {};
  const rows = quotes.data?.list ?? [];
  return (
    <Stack gap="lg">
      <PageTitle>Quote desk</PageTitle>
      <StatusCountTiles
        statuses={QUOTE_STATUSES}
        labels={QUOTE_STATUS_LABEL}
        counts={counts}
        cols={{ base: 3, sm: 5, lg: 9 }}
      />
      <Group>
        <SegmentedControl aria-label="Status" value={status} onChange={setStatus} data={STATUS_FILTER} />
        <SegmentedControl aria-label="Assignee" value={assignee} onChange={setAssignee} data={ASSIGNEE_FILTER} />
      </Group>
      {quotes.data && (
        <QuoteList
          rows={rows}
          base="/superadmin/quotes"
          desk
          empty={
            Object.values(counts).some(Boolean)
              ? `No requests match these filters; ${Object.values(counts).reduce((a, b) => a + (b ?? 0), 0)} in all. Choose "All" to see every one.`
              : undefined
          }
        />
      )}
    </Stack>
  );
}
