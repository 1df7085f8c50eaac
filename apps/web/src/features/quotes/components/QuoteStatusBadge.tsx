import { Badge } from '@mantine/core';
import type { QuoteStatus } from '@portal/contracts';
import { QUOTE_STATUS_LABEL } from '@portal/domain';

/* A pale pill of the status's hue with dark text of the same hue, at least 4.5:1 (a shade given to
   Mantine's light variant paints the whole pill in that shade, under text of nearly the same colour).
   Mantine's darkest green and yellow are too light for text on their own pale pill. */
const HUE: Record<QuoteStatus, { color: string; text: string }> = {
  submitted: { color: 'blue', text: 'blue.9' },
  in_review: { color: 'indigo', text: 'indigo.9' },
  info_requested: { color: 'yellow', text: '#6b4200' },
  quoted: { color: 'teal', text: '#06624a' },
  accepted: { color: 'green', text: '#1d5e2b' },
  declined: { color: 'gray', text: 'gray.8' },
  expired: { color: 'gray', text: 'gray.8' },
  withdrawn: { color: 'gray', text: 'gray.8' },
  rejected: { color: 'red', text: 'red.9' },
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { color, text } = HUE[status];
  return (
    <Badge color={color} variant="light" c={text} data-status={status}>
      {QUOTE_STATUS_LABEL[status]}
    </Badge>
  );
}
