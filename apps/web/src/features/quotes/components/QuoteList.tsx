import type { QuoteRequestSummary } from '@portal/contracts';
import { QUOTE_OFFICE_STATUSES } from '@portal/domain';
import { RequestList, type RequestListColumn } from '../../../shared/kit';
import { QuoteStatusBadge } from './QuoteStatusBadge';

const COLUMNS: RequestListColumn<QuoteRequestSummary>[] = [
  { header: 'Lines', align: 'right', cell: (r) => r.line_count },
];

/** Requests as a table; the desk adds the company and an age badge (amber after 1 business day, red after 3). */
export function QuoteList({
  rows,
  base,
  desk = false,
  now,
  empty = 'No quote requests yet.',
}: {
  rows: QuoteRequestSummary[];
  /** What an empty list says (a filtered list: that none match, not that there are none). */
  empty?: string;
  base: string;
  desk?: boolean;
  now?: Date;
}) {
  return (
    <RequestList
      rows={rows}
      base={base}
      label="Quote requests"
      empty={empty}
      minWidth={600}
      desk={desk}
      now={now}
      statusBadge={(r) => <QuoteStatusBadge status={r.status} />}
      waiting={QUOTE_OFFICE_STATUSES}
      columns={COLUMNS}
    />
  );
}
