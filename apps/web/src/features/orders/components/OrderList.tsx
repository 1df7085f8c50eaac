import { Link } from 'react-router';
import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import type { OrderAction, OrderRequestSummary } from '@portal/contracts';
import { ORDER_OFFICE_STATUSES, quoteAgeLevel } from '@portal/domain';
import { OrderStatusBadge } from './OrderStatusBadge';
import { money } from './money';

const AGE_COLOR = { fresh: 'gray', amber: 'yellow.8', red: 'red.8' } as const;
const AGE_LABEL = { fresh: 'new', amber: 'over 1 business day', red: 'over 3 business days' } as const;
/** The office's next step from the list. */
const NEXT_STEP: Partial<Record<OrderRequestSummary['status'], { action: OrderAction; label: string }>> = {
  submitted: { action: 'acknowledge', label: 'Acknowledge' },
  acknowledged: { action: 'confirm', label: 'Confirm' },
  confirmed: { action: 'ship', label: 'Mark shipped' },
};

function age(created: string, now: Date): string {
  const h = Math.floor((now.getTime() - new Date(created).getTime()) / 3_600_000);
  return h < 1 ? 'just now' : h < 48 ? `${h} h` : `${Math.floor(h / 24)} d`;
}

/**
 * Order requests as a table. The desk adds the company, an age badge on what waits for the office
 * (amber after 1 business day, red after 3) and the next step as a button.
 */
export function OrderList({
  rows,
  base,
  desk = false,
  now = new Date(),
  onStep,
  label = 'Order requests',
}: {
  rows: OrderRequestSummary[];
  base: string;
  desk?: boolean;
  now?: Date;
  onStep?: (row: OrderRequestSummary, action: OrderAction) => void;
  label?: string;
}) {
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
            {desk && <Table.Th>Next step</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const level = quoteAgeLevel(r.created_at, now);
            const waiting = ORDER_OFFICE_STATUSES.includes(r.status);
            const step = NEXT_STEP[r.status];
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
                {desk && (
                  <Table.Td>
                    {step && onStep && (
                      <Button size="xs" variant="light" onClick={() => onStep(r, step.action)}>
                        {step.label} {r.number}
                      </Button>
                    )}
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
