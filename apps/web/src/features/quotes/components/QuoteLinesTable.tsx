import { Table, Text } from '@mantine/core';
import type { QuoteLineView } from '@portal/contracts';
import { formatPrice } from '@portal/domain';

export const money = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : formatPrice(Math.round(v * 100));

export function lineItem(l: QuoteLineView): string {
  if (l.kind === 'unlisted') return `Part ${l.part_number ?? ''}`;
  if (l.kind === 'custom_size') return `${l.description ?? ''} · ${l.catalogue_name ?? ''}`;
  return `${l.part_number ?? ''} · ${l.description ?? ''}`;
}

/** A quoted line's total in cents (quantity × the quoted unit price); null while it has no price. */
export function lineTotalCents(l: QuoteLineView): number | null {
  if (l.line_status === 'cannot_quote' || l.quoted_price === null || l.quoted_price === undefined) return null;
  return Math.round(l.quoted_price * 100) * l.quantity;
}

const quotedText = (l: QuoteLineView) => (l.line_status === 'cannot_quote' ? 'Cannot quote' : money(l.quoted_price));
const leadText = (l: QuoteLineView) => (l.lead_time_days === null ? '—' : `${l.lead_time_days} days`);

/**
 * A request's lines as the customer sees them: what was asked, the office's answer, each line's total
 * and the quote's. On a phone the quantity, price and lead time sit under the item, so the price is
 * on screen beside the total (no sideways scroll).
 */
export function QuoteLinesTable({ lines }: { lines: QuoteLineView[] }) {
  const totals = lines.map(lineTotalCents);
  const priced = totals.filter((t): t is number => t !== null);
  const total = priced.reduce((a, b) => a + b, 0);
  return (
    <Table striped aria-label="Lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th visibleFrom="sm">#</Table.Th>
          <Table.Th>Item</Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            Qty
          </Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            Price at request
          </Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            Quoted
          </Table.Th>
          <Table.Th visibleFrom="sm">Lead time</Table.Th>
          <Table.Th ta="right">Line total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l, i) => (
          <Table.Tr key={l._id}>
            <Table.Td visibleFrom="sm">{l.position}</Table.Td>
            <Table.Td>
              {lineItem(l)}
              <Text fz="sm" hiddenFrom="sm" data-testid="line-terms">
                {l.quantity} × {quotedText(l)} · {leadText(l)}
              </Text>
              {l.line_note && (
                <Text fz="xs" c="gray.7">
                  {l.line_note}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm">
              {l.quantity}
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm">
              {money(l.snapshot_price)}
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm">
              {quotedText(l)}
            </Table.Td>
            <Table.Td visibleFrom="sm">{leadText(l)}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {totals[i] === null ? '—' : formatPrice(totals[i])}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      {priced.length > 0 && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={6} ta="right" visibleFrom="sm">
              Quote total
            </Table.Th>
            <Table.Th ta="right" hiddenFrom="sm">
              Quote total
            </Table.Th>
            <Table.Td ta="right" fw={700} data-testid="quote-total">
              {formatPrice(total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}
