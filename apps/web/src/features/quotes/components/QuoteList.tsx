import { Link } from 'react-router';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { QuoteRequestSummary } from '@portal/contracts';
import { QUOTE_OFFICE_STATUSES, quoteAgeLevel } from '@portal/domain';
import { QuoteStatusBadge } from './QuoteStatusBadge';

const AGE_COLOR = { fresh: 'gray', amber: 'yellow.8', red: 'red.8' } as const;
const AGE_LABEL = { fresh: 'new', amber: 'over 1 business day', red: 'over 3 business days' } as const;

function age(created: string, now: Date): string {
  const h = Math.floor((now.getTime() - new Date(created).getTime()) / 3_600_000);
  return h < 1 ? 'just now' : h < 48 ? `${h} h` : `${Math.floor(h / 24)} d`;
}

/** Requests as a table; the desk adds the company and an age badge (amber after 1 business day, red after 3). */
export function QuoteList({
  rows,
  base,
  desk = false,
  now = new Date(),
  empty = 'No quote requests yet.',
}: {
  rows: QuoteRequestSummary[];
  /** What an empty list says (a filtered list: that none match, not that there are none). */
  empty?: string;
  base: string;
  desk?: boolean;
  now?: Date;
}) {
  if (!rows.length) return <Text c="gray.7">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={600} type="native">
      <Table striped highlightOnHover aria-label="Quote requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Status</Table.Th>
            {desk && <Table.Th>Company</Table.Th>}
            <Table.Th>Requested by</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th>{desk ? 'Age' : 'Sent'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const level = quoteAgeLevel(r.created_at, now);
            const waiting = QUOTE_OFFICE_STATUSES.includes(r.status);
            return (
              <Table.Tr key={r._id} data-age={desk && waiting ? level : undefined}>
                <Table.Td>
                  <Anchor component={Link} to={`${base}/${r._id}`}>
                    {r.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <QuoteStatusBadge status={r.status} />
                </Table.Td>
                {desk && <Table.Td>{r.company.name}</Table.Td>}
                <Table.Td>{r.requested_by.name}</Table.Td>
                <Table.Td ta="right">{r.line_count}</Table.Td>
                <Table.Td>
                  {desk && waiting ? (
                    <Badge
                      color={AGE_COLOR[level]}
                      variant={level === 'fresh' ? 'outline' : 'filled'}
                      title={AGE_LABEL[level]}
                    >
                      {age(r.created_at, now)}
                    </Badge>
                  ) : (
                    new Date(r.created_at).toLocaleDateString()
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
