import { Text, Timeline } from '@mantine/core';
import type { OrderHistoryEntry } from '@portal/contracts';
import { ORDER_STATUS_LABEL } from '@portal/domain';

const VERB: Record<OrderHistoryEntry['action'], string> = {
  submit: 'Submitted',
  approve: 'Approved',
  reject: 'Rejected',
  acknowledge: 'Acknowledged by the office',
  confirm: 'Confirmed',
  ship: 'Shipped',
  cancel: 'Cancelled',
};

function detailText(d: Record<string, unknown> | null): string | null {
  if (!d) return null;
  const parts: string[] = [];
  if (typeof d.reason === 'string') parts.push(`Reason: ${d.reason}`);
  if (typeof d.office_ref === 'string') parts.push(`Office reference: ${d.office_ref}`);
  if (typeof d.ships_on === 'string') parts.push(`Ships on ${d.ships_on}`);
  if (typeof d.tracking === 'string') parts.push(`Tracking: ${d.tracking}`);
  return parts.length ? parts.join(' · ') : null;
}

/** Every step from the submission on, with who and when. */
export function OrderHistory({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <section aria-label="History">
      <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
        {history.map((h, i) => (
          <Timeline.Item key={i} title={`${VERB[h.action]} — ${ORDER_STATUS_LABEL[h.to]}`}>
            <Text fz="sm" c="gray.7">
              {h.by.name} · {new Date(h.at).toLocaleString()}
            </Text>
            {detailText(h.details) && <Text fz="sm">{detailText(h.details)}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </section>
  );
}
