import { Link, useParams } from 'react-router';
import { Anchor, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { downloadOrderPdf } from '../api';
import { OrderActions } from '../components/OrderActions';
import { OrderAgain } from '../components/OrderAgain';
import { OrderHistory } from '../components/OrderHistory';
import { OrderLinesTable } from '../components/OrderLinesTable';
import { OrderStatusBadge } from '../components/OrderStatusBadge';
import { useOrder, useOrderLiveUpdates } from '../hooks';

/** One order request: its lines at the prices submitted, what the viewer may do now, and its history. */
export default function OrderDetailPage() {
  const { id } = useParams();
  const role = useAuthStore((s) => s.role);
  const order = useOrder(id);
  useOrderLiveUpdates();
  if (order.isPending) return <Loader aria-label="Loading" />;
  if (order.isError || !order.data) return <Text role="alert">Order request not found</Text>;
  const o = order.data;
  const office = role === 'superadmin';
  const base = `/${role}/orders`;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={base}>
        ← {office ? 'Orders desk' : 'Orders'}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <PageTitle documentTitle={`Order ${o.number}`}>
          Order {o.number} <OrderStatusBadge status={o.status} />
        </PageTitle>
        <Group>
          {!office && <OrderAgain from={{ order_request_id: o._id }} base={base} />}
          <Button variant="default" onClick={() => void downloadOrderPdf(o._id, o.number)}>
            PDF
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Text>
          {o.company.name}
          {o.site ? ` · ${o.site.name}` : ''} · requested by {o.requested_by.name} on{' '}
          {new Date(o.created_at).toLocaleDateString()}
        </Text>
        {o.po_number && <Text>PO number: {o.po_number}</Text>}
        {o.needed_by && <Text>Needed by: {o.needed_by}</Text>}
        {o.note && <Text style={{ whiteSpace: 'pre-wrap' }}>Note: {o.note}</Text>}
        {o.office_ref && <Text>Office reference: {o.office_ref}</Text>}
        {o.ships_on && <Text>Ships on: {o.ships_on}</Text>}
        {o.tracking && <Text>Tracking: {o.tracking}</Text>}
        {o.decision_reason && <Text>Reason: {o.decision_reason}</Text>}
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <OrderLinesTable lines={o.lines} total={o.total} />
            <OrderActions key={o.version} order={o} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Title order={2} fz="lg" mb="xs">
            History
          </Title>
          <OrderHistory history={o.history} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
