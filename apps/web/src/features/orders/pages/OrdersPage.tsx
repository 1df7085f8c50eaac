import { useState } from 'react';
import { Alert, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { serverMessage } from '../../../shared/api/errors';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import type { OrderListRow, OrderStep } from '../api';
import { OrderList } from '../components/OrderList';
import { useOrderAction, useOrderLiveUpdates, useOrders } from '../hooks';

/** An admin decides from the list what waits for their approval. */
const APPROVAL_STEPS = ['approve', 'reject'] as const;
const DONE: Partial<Record<OrderStep, string>> = { approve: 'approved', reject: 'rejected' };

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending_approval', label: 'Waiting for approval' },
  { value: 'submitted,acknowledged,confirmed', label: 'Open' },
  { value: 'shipped', label: 'Shipped' },
];

/** "Orders" for employees (their own) and admins (their company's; what waits for their approval first). */
export default function OrdersPage() {
  const role = useAuthStore((s) => s.role);
  const [status, setStatus] = useState('all');
  const [q, setQ] = useState('');
  const base = `/${role}/orders`;
  const admin = role === 'admin';
  const waiting = useOrders({ status: 'pending_approval', limit: 100 }, admin);
  const orders = useOrders({
    limit: 50,
    ...(status !== 'all' ? { status } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
  });
  useOrderLiveUpdates();
  const step = useOrderAction();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const decide = (row: OrderListRow, action: OrderStep, reason?: string) =>
    step.mutate(
      { id: row._id, action, body: { version: row.version, ...(reason ? { reason } : {}) } },
      {
        onSuccess: () => setNote({ ok: true, text: `Order request ${row.number} ${DONE[action] ?? 'updated'}` }),
        onError: (e) => setNote({ ok: false, text: serverMessage(e, 'That did not work. Please try again.') }),
      },
    );
  const approvals = waiting.data?.list ?? [];
  return (
    <Stack gap="lg">
      <PageTitle>Orders</PageTitle>
      {note && (
        <Alert
          color={note.ok ? 'teal' : 'red'}
          role={note.ok ? 'status' : 'alert'}
          withCloseButton
          onClose={() => setNote(null)}
        >
          {note.text}
        </Alert>
      )}
      {admin && approvals.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Waiting for your approval">
          <Title order={2} fz="lg">
            Waiting for your approval
          </Title>
          <OrderList
            rows={approvals}
            base={base}
            label="Waiting for your approval"
            steps={APPROVAL_STEPS}
            onStep={decide}
            pending={step.isPending && step.variables ? { id: step.variables.id, action: step.variables.action } : null}
          />
        </Stack>
      )}
      <SegmentedControl data={FILTERS} value={status} onChange={setStatus} aria-label="Filter by status" />
      <TextInput
        label="Search"
        placeholder="Number, PO number or part number"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maxLength={100}
        w={320}
      />
      {orders.data && <OrderList rows={orders.data.list} base={base} />}
    </Stack>
  );
}
