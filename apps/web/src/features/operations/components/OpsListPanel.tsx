import type { Key } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import { ColumnTable, type TableColumn } from '../../../shared/column-table';

interface Props<T> {
  /** The heading, also the table's accessible name. */
  title: string;
  /** Shown instead of the table while the list is empty. */
  emptyText: string;
  rows: T[];
  columns: TableColumn<T>[];
  rowKey: (row: T) => Key;
}

/** A dashboard card with one list: its heading, then the table or the empty text. */
export function OpsListPanel<T>({ title, emptyText, rows, columns, rowKey }: Props<T>) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {rows.length ? (
        <ColumnTable aria-label={title} striped rows={rows} columns={columns} rowKey={rowKey} />
      ) : (
        <Text c="dimmed">{emptyText}</Text>
      )}
    </Paper>
  );
}
