import type { ReactNode } from 'react';
import { Badge, Group, Pagination, Stack, Table, Title } from '@mantine/core';

/** Rows of errors (and of changes) shown per page of an import's dry run. */
export const DRY_RUN_PAGE_SIZE = 50;

/** One count of a dry run: its label, how many and the badge colour. */
export interface DryRunCount {
  label: string;
  value: number;
  color: string;
}

/** One error of a dry run: the file row and column it is about (when known) and what is wrong. */
export interface DryRunError {
  row?: number | null;
  column?: string | null;
  message: string;
}

/** The dry run's counts by kind, one badge each. */
export function DryRunCounts({ counts }: { counts: readonly DryRunCount[] }) {
  return (
    <Group gap="xs" aria-label="Dry-run counts" role="group">
      {counts.map(({ label, value, color }) => (
        <Badge key={label} color={color} variant="filled" size="lg">
          {label}: {value}
        </Badge>
      ))}
    </Group>
  );
}

/** Mantine pages over `total` rows of `DRY_RUN_PAGE_SIZE`; nothing when they fit on one page. */
export function DryRunPager({
  total,
  page,
  onPage,
  label,
}: {
  total: number;
  page: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.ceil(total / DRY_RUN_PAGE_SIZE);
  if (pages <= 1) return null;
  return <Pagination total={pages} value={page} onChange={onPage} size="sm" aria-label={label} />;
}

export interface DryRunPreviewProps {
  counts: readonly DryRunCount[];
  /** This page of the errors, and how many there are in all. */
  errors: readonly DryRunError[];
  errorsTotal: number;
  errorsPage: number;
  onErrorsPage: (page: number) => void;
  /** A heading over the errors table, when the preview has more than one section. */
  errorsHeading?: string;
  /** Shown between the counts and the errors (a message, a filter). */
  beforeErrors?: ReactNode;
  /** Shown after the errors (e.g. the planned changes). */
  children?: ReactNode;
}

/** An import's dry run: counts by kind, then its errors per row (row, column, message), paged. */
export function DryRunPreview({
  counts,
  errors,
  errorsTotal,
  errorsPage,
  onErrorsPage,
  errorsHeading,
  beforeErrors,
  children,
}: DryRunPreviewProps) {
  return (
    <Stack gap="sm">
      <DryRunCounts counts={counts} />
      {beforeErrors}
      {errorsTotal > 0 && (
        <>
          {errorsHeading && (
            <Title order={3} fz="md">
              {errorsHeading}
            </Title>
          )}
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder aria-label="Import errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Row</Table.Th>
                  <Table.Th scope="col">Column</Table.Th>
                  <Table.Th scope="col">Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((e, i) => (
                  <Table.Tr key={`${e.row}-${e.column}-${i}`}>
                    <Table.Td>{e.row ?? '—'}</Table.Td>
                    <Table.Td>{e.column || '—'}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <DryRunPager total={errorsTotal} page={errorsPage} onPage={onErrorsPage} label="Error pages" />
        </>
      )}
      {children}
    </Stack>
  );
}
