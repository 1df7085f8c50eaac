import { Table } from '@mantine/core';
import type { OrderLineView } from '@portal/contracts';
import { money } from './money';

/** A request's lines at the prices it was submitted at. */
export function OrderLinesTable({ lines, total }: { lines: OrderLineView[]; total: number }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped aria-label="Lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Part number</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            <Table.Th ta="right">Line total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l._id}>
              <Table.Td>{l.part_number ?? '—'}</Table.Td>
              <Table.Td>
                {l.description}
                {l.kind === 'agreed_item' ? ' (agreed price)' : ''}
              </Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{money(l.unit_price)}</Table.Td>
              <Table.Td ta="right">{money(l.line_total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4} ta="right">
              Total
            </Table.Th>
            <Table.Th ta="right" data-testid="order-total">
              {money(total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
