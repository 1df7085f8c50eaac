import { useState } from 'react';
import { SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { OrderList } from '../components/OrderList';
import { useOrderLiveUpdates, useOrders } from '../hooks';

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
  const approvals = waiting.data?.list ?? [];
  return (
    <Stack gap="lg">
      <PageTitle>Orders</PageTitle>
      {admin && approvals.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Waiting for your approval">
          <Title order={2} fz="lg">
            Waiting for your approval
          </Title>
          <OrderList rows={approvals} base={base} label="Waiting for your approval" />
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
