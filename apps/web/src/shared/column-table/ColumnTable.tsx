import type { Key, ReactNode } from 'react';
import { Table, type TableProps, type TableTdProps } from '@mantine/core';

/** One column of a ColumnTable: its header and what each row shows in it. */
export interface TableColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Aligns the header and the cells (e.g. quantities on the right). */
  align?: 'right';
  /** More props of the body cells (width, style). */
  cellProps?: TableTdProps;
}

export interface ColumnTableProps<T> extends Omit<TableProps, 'children' | 'data'> {
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => Key;
  /** `data-testid` of every body row. */
  rowTestId?: string;
}

/** A table drawn from column definitions: one header row, then a body row per item. */
export function ColumnTable<T>({ rows, columns, rowKey, rowTestId, ...table }: ColumnTableProps<T>) {
  return (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Table.Th key={i} ta={c.align}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((c, i) => (
              <Table.Td key={i} ta={c.align} {...c.cellProps}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
