import { Table, Text } from '@mantine/core';
import type { OrderPreviewLine } from '@portal/contracts';
import { formatQuoteDate } from '@portal/domain';
import { money } from './money';

function note(l: OrderPreviewLine): string | null {
  if (l.status === 'unavailable') return 'No longer available';
  if (l.status === 'agreement_expired')
    return `Agreed price ended ${formatQuoteDate(l.expired_on ?? '', true)}: ask the office to renew`;
  if (l.status === 'price_changed') return `Was ${money(l.last_price)} last time`;
  return null;
}

/** Lines priced now, changed prices and lines that cannot be ordered highlighted. */
export function PreviewTable({ lines, total }: { lines: OrderPreviewLine[]; total: number }) {
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table aria-label="Order preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            <Table.Th ta="right">Line total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            <Table.Tr
              key={i}
              data-status={l.status}
              bg={l.status === 'ok' ? undefined : l.status === 'price_changed' ? 'yellow.0' : 'red.0'}
            >
              <Table.Td>
                <Text fz="sm">{[l.part_number, l.description].filter(Boolean).join(' · ') || '—'}</Text>
                {note(l) && (
                  <Text fz="xs" c={l.status === 'price_changed' ? 'yellow.9' : 'red.8'}>
                    {note(l)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{money(l.unit_price)}</Table.Td>
              <Table.Td ta="right">{money(l.line_total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3} ta="right">
              Total at your prices
            </Table.Th>
            <Table.Th ta="right" data-testid="preview-total">
              {money(total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
