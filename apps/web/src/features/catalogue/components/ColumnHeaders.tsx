import { Table } from '@mantine/core';

/** A column of a data table: its header text, right-aligned (amounts) or only for screen readers. */
export type ColumnHeader = string | { label: string; align?: 'right'; hidden?: boolean };

/** The header row of a catalogue data table: one column header (`scope="col"`) per column. */
export function ColumnHeaders({ columns }: { columns: readonly ColumnHeader[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          const { label, align, hidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <Table.Th key={label} scope="col" ta={align}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
