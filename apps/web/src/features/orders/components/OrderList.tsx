import { ORDER_OFFICE_STATUSES } from '@portal/domain';
import { RequestList, type RequestListColumn } from '../../../shared/kit';
import type { OrderListRow, OrderStep } from '../api';
import { ListSteps, type ListStepHandler } from './ListSteps';
import { OrderStatusBadge } from './OrderStatusBadge';
import { money } from './money';

const COLUMNS: RequestListColumn<OrderListRow>[] = [
  { header: 'PO number', cell: (r) => r.po_number ?? '—' },
  { header: 'Total', align: 'right', cell: (r) => money(r.total) },
];

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
  now,
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
  const actions: RequestListColumn<OrderListRow> | undefined =
    steps?.length && onStep
      ? {
          header: desk ? 'Next step' : 'Decision',
          cell: (r) => (
            <ListSteps
              row={r}
              offered={steps}
              onStep={onStep}
              pending={pending?.id === r._id ? pending.action : null}
            />
          ),
        }
      : undefined;
  return (
    <RequestList
      rows={rows}
      base={base}
      label={label}
      empty="No order requests yet."
      minWidth={640}
      desk={desk}
      now={now}
      statusBadge={(r) => <OrderStatusBadge status={r.status} />}
      waiting={ORDER_OFFICE_STATUSES}
      columns={COLUMNS}
      actions={actions}
    />
  );
}
