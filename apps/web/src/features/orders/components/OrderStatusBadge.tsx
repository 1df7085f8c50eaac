import { Badge } from '@mantine/core';
import type { OrderStatus } from '@portal/contracts';
import { ORDER_STATUS_LABEL } from '@portal/domain';

const COLOR: Record<OrderStatus, string> = {
  pending_approval: 'yellow.9',
  submitted: 'blue.8',
  acknowledged: 'indigo.8',
  confirmed: 'teal.9',
  shipped: 'green.8',
  rejected: 'red.8',
  cancelled: 'gray.8',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light">
      {ORDER_STATUS_LABEL[status]}
    </Badge>
  );
}
