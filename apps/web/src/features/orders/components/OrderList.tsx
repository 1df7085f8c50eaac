import { Link } from 'react-router';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { ORDER_OFFICE_STATUSES, quoteAgeLevel } from '@portal/domain';
import type { OrderListRow, OrderStep } from '../api';
import { ListSteps, type ListStepHandler } from './ListSteps';
import { OrderStatusBadge } from './OrderStatusBadge';
import { money } from './money';

const AGE_COLOR = { fresh: 'gray', amber: 'yellow.8', red: 'red.8' } as const;
const AGE_LABEL = { fresh: 'new', amber: 'over 1 business day', red: 'over 3 business days' } as const;

function age(created: string, now: Date): string {
  const h = Math.floor((now.getTime() - new Date(created).getTime()) / 3_600_000);
  return h < 1 ? 'just now' : h < 48 ? `${h} h` : `${Math.floor(h / 24)} d`;
}

/**
 * Order requests as a table. The desk adds the company and an age badge on what waits for the office
 * (amber after 1 business day, red after 3). With `steps`, a last column offers those of them the API
 * allows on each row (`allowed_actions`) as one-click buttons: the office's next step on the desk, an
 * admin's approve / reject on what waits for their approval.
 */
export function OrderList({
  rows,
  base,
  desk = false,
  now = new Date(),
  steps,
  onStep,
  pending,
  label = 'Order requests',
}: {
  rows: OrderListRow[];
  base: string;
  desk?: boolean;
  now?: Date;
  steps?: readonly OrderStep[];
  onStep?: ListStepHandler;
  /** The step being sent, and for which request. */
  pending?: { id: string; action: OrderStep } | null;
  label?: string;
}) {
  const withSteps = !!(steps?.length && onStep);
  if (!rows.length) return <Text c="gray.7">No order requests yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Status</Table.Th>
            {desk && <Table.Th>Company</Table.Th>}
            <Table.Th>Requested by</Table.Th>
            <Table.Th>PO number</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>{desk ? 'Age' : 'Sent'}</Table.Th>
            {withSteps && <Table.Th>{desk ? 'Next step' : 'Decision'}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const level = quoteAgeLevel(r.created_at, now);
            const waiting = ORDER_OFFICE_STATUSES.includes(r.status);
            return (
              <Table.Tr key={r._id} data-age={desk && waiting ? level : undefined}>
                <Table.Td>
                  <Anchor component={Link} to={`${base}/${r._id}`}>
                    {r.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={r.status} />
                </Table.Td>
                {desk && <Table.Td>{r.company.name}</Table.Td>}
                <Table.Td>{r.requested_by.name}</Table.Td>
                <Table.Td>{r.po_number ?? '—'}</Table.Td>
                <Table.Td ta="right">{money(r.total)}</Table.Td>
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
                {withSteps && (
                  <Table.Td>
                    <ListSteps
                      row={r}
                      offered={steps!}
                      onStep={onStep!}
                      pending={pending?.id === r._id ? pending.action : null}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
