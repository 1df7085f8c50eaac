import { Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { variantPrice } from '../format';
import { sizeGrid } from '../sizeGrid';
import type { DisplayProduct, DisplayVariant } from '../types';
import classes from './SizeGrid.module.css';

interface Props {
  product: DisplayProduct;
  /** List prices (superadmin) or the viewed company's prices. */
  listPrices: boolean;
  /** A cell's variant was chosen: show its row in the table. */
  onPick: (variant: DisplayVariant) => void;
}

/**
 * A product's prices by size: rows = width, columns = height (inches), each cell the price of that
 * size — "is there a 20 × 25?" at a glance. A cell opens the variant's row in the table.
 */
export function SizeGrid({ product, listPrices, onPick }: Props) {
  const grid = sizeGrid(product.variants ?? []);
  if (!grid.widths.length) return <Text fz="sm">No standard sizes in this product: the table lists its variants.</Text>;
  const caption = `${product.name}: prices by size, width down, height across (inches)`;
  return (
    <Stack gap="xs">
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={`${product.name} size grid`}>
        <Table withTableBorder withColumnBorders className={classes.grid} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={classes.corner}>
                W \ H
              </Table.Th>
              {grid.heights.map((h) => (
                <Table.Th key={h.label} scope="col" ta="center">
                  {h.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.widths.map((w) => (
              <Table.Tr key={w.label}>
                <Table.Th scope="row" className={classes.rowHead}>
                  {w.label}
                </Table.Th>
                {grid.heights.map((h) => {
                  const variants = grid.cells.get(w.label)?.get(h.label) ?? [];
                  return (
                    <Table.Td key={h.label} ta="center" className={classes.cell}>
                      {variants.map((v) => (
                        <UnstyledButton
                          key={v._id}
                          className={classes.price}
                          data-out-of-stock={v.out_of_stock || undefined}
                          onClick={() => onPick(v)}
                          aria-label={`${w.label} x ${h.label} (${v.size}), ${v.part_number}: ${variantPrice(v, listPrices)}${v.out_of_stock ? ', out of stock' : ''}`}
                        >
                          {variantPrice(v, listPrices)}
                        </UnstyledButton>
                      ))}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {product.variants?.some((v) => v.out_of_stock) && (
        <Text fz="xs" c="gray.7" data-testid="size-grid-legend">
          A price shown{' '}
          <span className={classes.legendSample} data-out-of-stock>
            like this
          </span>{' '}
          is out of stock.
        </Text>
      )}
      {grid.outside.length > 0 && (
        <Text fz="xs" c="gray.7">
          {grid.outside.length} variant{grid.outside.length === 1 ? '' : 's'} without a width × height size: see the
          table.
        </Text>
      )}
    </Stack>
  );
}
