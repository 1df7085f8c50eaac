import { useState } from 'react';
import { Badge, Checkbox, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { ColumnHeaders } from '../components/ColumnHeaders';
import type { ImportChange, ImportView } from './api';

export const PAGE_SIZE = 50;

const KIND_COLOR = { create: 'teal.9', update: 'blue.8', delete: 'red.8' } as const;

function Counts({ view }: { view: ImportView }) {
  const c = view.counts;
  const items = [
    ['To create', c.create, 'teal.9'],
    ['To update', c.update, 'blue.8'],
    ['Unchanged', c.unchanged, 'gray.7'],
    ['To delete', c.delete, 'red.8'],
    ['Errors', c.errors, c.errors ? 'red.8' : 'gray.7'],
  ] as const;
  return (
    <Group gap="xs" aria-label="Dry-run counts" role="group">
      {items.map(([label, n, color]) => (
        <Badge key={label} color={color} variant="filled" size="lg">
          {label}: {n}
        </Badge>
      ))}
    </Group>
  );
}

function Pager({
  total,
  page,
  onPage,
  label,
}: {
  total: number;
  page: number;
  onPage: (p: number) => void;
  label: string;
}) {
  const pages = Math.ceil(total / PAGE_SIZE);
  if (pages <= 1) return null;
  return <Pagination total={pages} value={page} onChange={onPage} size="sm" aria-label={label} />;
}

function Fields({ change }: { change: ImportChange }) {
  const entries = Object.entries(change.fields);
  return (
    <Stack gap={2}>
      {entries.map(([field, d]) => (
        <Text key={field} size="sm">
          <Text span fw={600}>
            {field}
          </Text>
          : {d.from ?? '—'} → {d.to ?? '—'}
        </Text>
      ))}
    </Stack>
  );
}

interface DryRunSummaryProps {
  view: ImportView;
  page: number;
  errorsPage: number;
  onPage: (p: number) => void;
  onErrorsPage: (p: number) => void;
}

/** Counts, the errors table (row / column / message) and the paged diff old → new. */
export function DryRunSummary({ view, page, errorsPage, onPage, onErrorsPage }: DryRunSummaryProps) {
  const [errorsOnly, setErrorsOnly] = useState(view.counts.errors > 0);
  return (
    <Stack gap="sm">
      <Counts view={view} />
      <Checkbox label="Errors only" checked={errorsOnly} onChange={(e) => setErrorsOnly(e.currentTarget.checked)} />
      {view.errors_total > 0 && (
        <>
          <Title order={3} fz="md">
            Errors
          </Title>
          <Table striped withTableBorder aria-label="Import errors">
            <ColumnHeaders columns={['Row', 'Column', 'Message']} />
            <Table.Tbody>
              {view.errors.map((e, i) => (
                <Table.Tr key={`${e.row}-${e.column}-${i}`}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.column || '—'}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager total={view.errors_total} page={errorsPage} onPage={onErrorsPage} label="Error pages" />
        </>
      )}
      {!errorsOnly && (
        <>
          <Title order={3} fz="md">
            Changes
          </Title>
          {view.changes_total === 0 ? (
            <Text c="gray.7">No changes: the catalogue already matches this file.</Text>
          ) : (
            <Table striped withTableBorder aria-label="Planned changes">
              <ColumnHeaders columns={['Row', 'Part number', 'Change', 'Old → new']} />
              <Table.Tbody>
                {view.changes.map((c) => (
                  <Table.Tr key={`${c.kind}-${c.part_number}`}>
                    <Table.Td>{c.row ?? '—'}</Table.Td>
                    <Table.Td>{c.part_number}</Table.Td>
                    <Table.Td>
                      <Badge color={KIND_COLOR[c.kind]} variant="filled">
                        {c.kind}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Fields change={c} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Pager total={view.changes_total} page={page} onPage={onPage} label="Change pages" />
        </>
      )}
    </Stack>
  );
}
