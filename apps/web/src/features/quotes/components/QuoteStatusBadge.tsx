import { Badge } from '@mantine/core';
import type { QuoteStatus } from '@portal/contracts';
import { QUOTE_STATUS_LABEL } from '@portal/domain';

const COLOR: Record<QuoteStatus, string> = {
  submitted: 'blue',
  in_review: 'indigo',
  info_requested: 'yellow.8',
  quoted: 'teal',
  accepted: 'green.8',
  declined: 'gray',
  expired: 'gray',
  withdrawn: 'gray',
  rejected: 'red.8',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light">
      {QUOTE_STATUS_LABEL[status]}
    </Badge>
  );
}
