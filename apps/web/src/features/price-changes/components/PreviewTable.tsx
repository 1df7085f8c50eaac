import { Table, Text } from '@mantine/core';
import type { PriceChangePreview } from '@portal/contracts';
import { formatPrice } from '@portal/domain';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Which prices a change moves and by how much (the first rows; the counts cover all). */
export function PreviewTable({ preview }: { preview: PriceChangePreview }) {
  if (!preview.prices) return <Text c="dimmed">No price changes.</Text>;
  return (
    <>
      <Text size="sm" mb="xs">
        {plural(preview.prices, 'price')} move: {plural(preview.variants, 'variant')} for{' '}
        {plural(preview.companies, 'company', 'companies')}.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder aria-label="Prices that move">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Company</Table.Th>
              <Table.Th>Part number</Table.Th>
              <Table.Th ta="right">Now</Table.Th>
              <Table.Th ta="right">New</Table.Th>
              <Table.Th ta="right">Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((r) => (
              <Table.Tr key={`${r.company_id}-${r.variant_id}`}>
                <Table.Td>{r.company_name}</Table.Td>
                <Table.Td>{r.part_number}</Table.Td>
                <Table.Td ta="right">{formatPrice(r.old_cents)}</Table.Td>
                <Table.Td ta="right">{formatPrice(r.new_cents)}</Table.Td>
                <Table.Td ta="right">
                  {r.change_percent === null
                    ? '—'
                    : `${r.change_percent > 0 ? '+' : ''}${r.change_percent.toFixed(2)} %`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
