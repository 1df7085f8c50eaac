import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { quoteAgeLevel } from '@portal/domain';

const AGE_COLOR = { fresh: 'gray', amber: 'yellow.8', red: 'red.8' } as const;
const AGE_LABEL = { fresh: 'new', amber: 'over 1 business day', red: 'over 3 business days' } as const;

/** How long ago a request was sent: "just now", hours up to two days, then days. */
export function requestAge(created: string, now: Date): string {
  const h = Math.floor((now.getTime() - new Date(created).getTime()) / 3_600_000);
  return h < 1 ? 'just now' : h < 48 ? `${h} h` : `${Math.floor(h / 24)} d`;
}

/** What every request list row has (order requests, quote requests). */
export interface RequestListRow {
  _id: string;
  number: string;
  status: string;
  created_at: string;
  company: { name: string };
  requested_by: { name: string };
}

/** A column of a request list: its header and what each row shows. */
export interface RequestListColumn<R> {
  header: string;
  align?: 'right';
  cell: (row: R) => ReactNode;
}

export interface RequestListProps<R extends RequestListRow> {
  rows: readonly R[];
  /** A row's number links to `${base}/${_id}`. */
  base: string;
  /** The table's accessible name. */
  label: string;
  /** What an empty list says. */
  empty: string;
  minWidth: number;
  /** The office's desk: adds the company and, on what waits for the office, an age badge. */
  desk?: boolean;
  now?: Date;
  statusBadge: (row: R) => ReactNode;
  /** The statuses in which a request waits for the office. */
  waiting: readonly string[];
  /** The feature's own columns, between "Requested by" and "Sent" / "Age". */
  columns: readonly RequestListColumn<R>[];
  /** A last column of row actions (e.g. the steps `allowed_actions` allows). */
  actions?: RequestListColumn<R>;
}

/**
 * Requests as a table: number (a link), status, the company on the desk, who requested, the feature's
 * columns, when it was sent — on the desk, for what waits for the office, an age badge (amber after
 * 1 business day, red after 3) — and optional row actions.
 */
export function RequestList<R extends RequestListRow>({
  rows,
  base,
  label,
  empty,
  minWidth,
  desk = false,
  now = new Date(),
  statusBadge,
  waiting,
  columns,
  actions,
}: RequestListProps<R>) {
  if (!rows.length) return <Text c="gray.7">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Status</Table.Th>
            {desk && <Table.Th>Company</Table.Th>}
            <Table.Th>Requested by</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.align}>
                {c.header}
              </Table.Th>
            ))}
            <Table.Th>{desk ? 'Age' : 'Sent'}</Table.Th>
            {actions && <Table.Th>{actions.header}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const level = quoteAgeLevel(r.created_at, now);
            const aged = desk && waiting.includes(r.status);
            return (
              <Table.Tr key={r._id} data-age={aged ? level : undefined}>
                <Table.Td>
                  <Anchor component={Link} to={`${base}/${r._id}`}>
                    {r.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{statusBadge(r)}</Table.Td>
                {desk && <Table.Td>{r.company.name}</Table.Td>}
                <Table.Td>{r.requested_by.name}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.header} ta={c.align}>
                    {c.cell(r)}
                  </Table.Td>
                ))}
                <Table.Td>
                  {aged ? (
                    <Badge
                      color={AGE_COLOR[level]}
                      variant={level === 'fresh' ? 'outline' : 'filled'}
                      title={AGE_LABEL[level]}
                    >
                      {requestAge(r.created_at, now)}
                    </Badge>
                  ) : (
                    new Date(r.created_at).toLocaleDateString()
                  )}
                </Table.Td>
                {actions && <Table.Td>{actions.cell(r)}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The desk's count per status, one tile each (named by the status, for screen readers too). */
export function StatusCountTiles<S extends string>({
  statuses,
  labels,
  counts,
  cols,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  counts: Partial<Record<S, number>>;
  cols: { base: number; sm: number; lg: number };
}) {
  return (
    <SimpleGrid cols={cols}>
      {statuses.map((s) => (
        <Paper key={s} withBorder p="xs" radius="md" role="group" aria-label={labels[s]}>
          <Text fz="xs" c="gray.7">
            {labels[s]}
          </Text>
          <Text fz="xl" fw={700} data-testid={`count-${s}`}>
            {counts[s] ?? 0}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
