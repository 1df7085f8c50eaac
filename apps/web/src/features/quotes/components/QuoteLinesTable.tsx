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

/** A request's lines as the customer sees them: what was asked, and the office's answer. */
export function QuoteLinesTable({ lines }: { lines: QuoteLineView[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped aria-label="Lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price at request</Table.Th>
            <Table.Th ta="right">Quoted</Table.Th>
            <Table.Th>Lead time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l._id}>
              <Table.Td>{l.position}</Table.Td>
              <Table.Td>
                {lineItem(l)}
                {l.line_note && (
                  <Text fz="xs" c="gray.7">
                    {l.line_note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{money(l.snapshot_price)}</Table.Td>
              <Table.Td ta="right">
                {l.line_status === 'cannot_quote' ? 'Cannot quote' : money(l.quoted_price)}
              </Table.Td>
              <Table.Td>{l.lead_time_days === null ? '—' : `${l.lead_time_days} days`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
