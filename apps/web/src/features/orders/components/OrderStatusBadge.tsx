import { Badge } from '@mantine/core';
import type { OrderStatus } from '@portal/contracts';
import { ORDER_STATUS_LABEL } from '@portal/domain';

const COLOR: Record<OrderStatus, string> = {
  pending_approval: 'yellow.8',
  submitted: 'blue',
  acknowledged: 'indigo',
  confirmed: 'teal',
  shipped: 'green.8',
  rejected: 'red.8',
  cancelled: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light">
      {ORDER_STATUS_LABEL[status]}
    </Badge>
  );
}
