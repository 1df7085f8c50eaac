import { useId, type ReactNode } from 'react';
import { Badge, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { VariantColumn } from '@portal/domain';
import { AddToRequest } from '../../quotes';
import { sortVariants, variantPrice } from '../format';
import { useCatalogueRowAction } from '../rowAction';
import type { DisplayProduct, DisplayVariant } from '../types';
import classes from './VariantTable.module.css';

const HEADERS: Record<Exclude<VariantColumn, 'price'>, string> = {
  part_number: 'Part Number',
  actual_size: 'Actual Size',
  size: 'Size',
};

interface Props {
  product: DisplayProduct;
  /** From variantTableColumns (category, search result). */
  columns: readonly VariantColumn[];
  /** List prices (a superadmin's own view); otherwise the company's prices. */
  superadmin: boolean;
  /**
   * Customers only (not a superadmin, even viewing as a company): "Add to request" under the table and
   * the row action the app passes (the order's quantity box and "Add to order") at the end of each row.
   */
  quotes: boolean;
  /** Shown instead of the table (the size grid); the heading stays. */
  children?: ReactNode;
  /** The variant a size-grid click picked: marked and scrolled to. */
  highlightId?: string | null;
}

/** The id of a variant's row, the target of a size-grid cell. */
export const variantRowId = (variantId: string) => `variant-${variantId}`;

export function priceHeader(superadmin: boolean): string {
  return superadmin ? 'List Price' : 'Price';
}

function cell(variant: DisplayVariant, column: VariantColumn, superadmin: boolean) {
  switch (column) {
    case 'part_number':
      return (
        <Group gap={6} wrap="wrap">
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

/**
 * One product: its name and a read-only variant table with a sticky header; on phones each row
 * stacks into label/value lines (VariantTable.module.css), so nothing scrolls sideways.
 */
export function ProductVariantTable({ product, columns, superadmin, quotes, children, highlightId }: Props) {
  const headingId = useId();
  const variants = sortVariants(product.variants ?? []);
  const label = (c: VariantColumn) => (c === 'price' ? priceHeader(superadmin) : HEADERS[c]);
  const rowAction = useCatalogueRowAction();
  const action = quotes ? rowAction : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="article" aria-labelledby={headingId}>
      <Title order={3} fz="lg" mb="sm" id={headingId}>
        {product.name}
      </Title>
      {children ?? (
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-labelledby={headingId}
          className={classes.table}
          stickyHeader
          stickyHeaderOffset={60}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c} scope="col" ta={c === 'price' ? 'right' : undefined}>
                  {label(c)}
                </Table.Th>
              ))}
              {action && (
                <Table.Th scope="col" ta="right" data-column="order">
                  <VisuallyHidden>Order</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.map((v) => (
              <Table.Tr
                key={v._id}
                id={variantRowId(v._id)}
                className={classes.row}
                data-out-of-stock={v.out_of_stock || undefined}
                data-highlight={v._id === highlightId || undefined}
                tabIndex={v._id === highlightId ? -1 : undefined}
              >
                {columns.map((c) => (
                  <Table.Td
                    key={c}
                    ta={c === 'price' ? 'right' : undefined}
                    className={classes.cell}
                    data-column={c}
                    data-label={label(c)}
                  >
                    {cell(v, c, superadmin)}
                  </Table.Td>
                ))}
                {action && (
                  <Table.Td className={classes.cell} data-column="order">
                    {action({
                      variant_id: v._id,
                      part_number: v.part_number,
                      label: [product.name, v.size].filter(Boolean).join(' '),
                    })}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {quotes && <AddToRequest productName={product.name} variants={variants} />}
    </Paper>
  );
}
