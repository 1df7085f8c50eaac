import { useId } from 'react';
import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { VariantColumn } from '@portal/domain';
import { AddToRequest } from '../../quotes';
import { sortVariants, variantPrice } from '../format';
import type { DisplayProduct, DisplayVariant } from '../types';

const HEADERS: Record<Exclude<VariantColumn, 'price'>, string> = {
  part_number: 'Part Number',
  actual_size: 'Actual Size',
  size: 'Size',
};

interface Props {
  product: DisplayProduct;
  /** From variantTableColumns (category, search result). */
  columns: readonly VariantColumn[];
  superadmin: boolean;
}

function cell(variant: DisplayVariant, column: VariantColumn, superadmin: boolean) {
  switch (column) {
    case 'part_number':
      return (
        <Group gap={6} wrap="nowrap">
          <Text span fz="sm" fw={500}>
            {variant.part_number}
          </Text>
          {variant.match === 'odd' && (
            <Badge size="sm" variant="light" color="brand">
              Custom size
            </Badge>
          )}
          {variant.out_of_stock && (
            <Badge size="sm" variant="filled" color="red.8">
              Out of stock
            </Badge>
          )}
        </Group>
      );
    case 'actual_size':
      return variant.actual_size || '—';
    case 'size':
      return variant.size || '—';
    case 'price':
      return variantPrice(variant, superadmin);
  }
}

/** One product: its name and a read-only variant table. Scrolls sideways on phones. */
export function ProductVariantTable({ product, columns, superadmin }: Props) {
  const headingId = useId();
  const variants = sortVariants(product.variants ?? []);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="article" aria-labelledby={headingId}>
      <Title order={3} fz="lg" mb="sm" id={headingId}>
        {product.name}
      </Title>
      <Table.ScrollContainer minWidth={columns.length > 2 ? 460 : 280} type="native">
        <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c} scope="col" ta={c === 'price' ? 'right' : undefined}>
                  {c === 'price' ? (superadmin ? 'List Price' : 'Price') : HEADERS[c]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.map((v) => (
              <Table.Tr key={v._id} data-out-of-stock={v.out_of_stock || undefined}>
                {columns.map((c) => (
                  <Table.Td key={c} ta={c === 'price' ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                    {cell(v, c, superadmin)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!superadmin && <AddToRequest productName={product.name} variants={variants} />}
    </Paper>
  );
}
