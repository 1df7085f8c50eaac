import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts';
import { ORDER_OFFICE_STATUSES, ORDER_STATUS_LABEL, todayIn, addDays } from '@portal/domain';
import { serverMessage } from '../../../shared/api/errors';
import { downloadOrderExport } from '../api';
import { StatusCountTiles } from '../../../shared/kit';
import { PageTitle } from '../../../shared/ui';
import { OrderList } from '../components/OrderList';
import { useOrderAction, useOrderLiveUpdates, useOrders } from '../hooks';

const STATUS_FILTER = [
  { value: 'open', label: 'Open' },
  { value: 'all', label: 'All' },
  { value: 'pending_approval', label: 'Waiting for approval' },
  { value: 'shipped', label: 'Shipped' },
];

/** The office's next steps, offered from the list where the API allows them. */
const DESK_STEPS = ['acknowledge', 'confirm', 'ship'] as const;

/** The superadmin's orders desk: counts per status, age badges, the next step from the list, new requests live. */
export default function OrderDeskPage() {
  const [status, setStatus] = useState('open');
  const [fresh, setFresh] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const orders = useOrders({
    limit: 100,
    ...(status === 'open' ? { status: ORDER_OFFICE_STATUSES.join(',') } : status !== 'all' ? { status } : {}),
  });
  const step = useOrderAction();
  useOrderLiveUpdates((e) => {
    if (e.status === 'submitted') setFresh(e.number);
  });
  const counts: Partial<Record<OrderStatus, number>> = orders.data?.counts ?? {};
  return (
    <Stack gap="lg">
      <PageTitle>Orders desk</PageTitle>
      {fresh && (
        <Alert color="blue" role="status" withCloseButton onClose={() => setFresh(null)}>
          New order request {fresh}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <StatusCountTiles
        statuses={ORDER_STATUSES}
        labels={ORDER_STATUS_LABEL}
        counts={counts}
        cols={{ base: 3, sm: 4, lg: 7 }}
      />
      <Group justify="space-between" align="flex-end">
        <SegmentedControl aria-label="Status" value={status} onChange={setStatus} data={STATUS_FILTER} />
        <Group align="flex-end" gap="xs">
          <TextInput label="From" type="date" size="xs" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="To" type="date" size="xs" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button key={format} size="xs" variant="default" onClick={() => void downloadOrderExport(from, to, format)}>
              Export {format.toUpperCase()}
            </Button>
          ))}
        </Group>
      </Group>
      <OrderList
        rows={orders.data?.list ?? []}
        base="/superadmin/orders"
        desk
        steps={DESK_STEPS}
        pending={step.isPending && step.variables ? { id: step.variables.id, action: step.variables.action } : null}
        onStep={(row, action) =>
          step.mutate(
            { id: row._id, action, body: { version: row.version } },
            { onError: (e) => setError(serverMessage(e, 'That did not work. Please try again.')) },
          )
        }
      />
    </Stack>
  );
}
