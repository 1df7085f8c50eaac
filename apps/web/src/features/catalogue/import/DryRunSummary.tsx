import { useState } from 'react';
import { Badge, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { DryRunPager, DryRunPreview, type DryRunCount } from '../../../shared/kit';
import { ColumnHeaders } from '../components/ColumnHeaders';
import type { ImportChange, ImportView } from './api';

const KIND_COLOR = { create: 'teal.9', update: 'blue.8', delete: 'red.8' } as const;

const counts = ({ counts: c }: ImportView): DryRunCount[] => [
  { label: 'To create', value: c.create, color: 'teal.9' },
  { label: 'To update', value: c.update, color: 'blue.8' },
  { label: 'Unchanged', value: c.unchanged, color: 'gray.7' },
  { label: 'To delete', value: c.delete, color: 'red.8' },
  { label: 'Errors', value: c.errors, color: c.errors ? 'red.8' : 'gray.7' },
];

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
    <DryRunPreview
      counts={counts(view)}
      beforeErrors={
        <Checkbox label="Errors only" checked={errorsOnly} onChange={(e) => setErrorsOnly(e.currentTarget.checked)} />
      }
      errorsHeading="Errors"
      errors={view.errors}
      errorsTotal={view.errors_total}
      errorsPage={errorsPage}
      onErrorsPage={onErrorsPage}
    >
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
          <DryRunPager total={view.changes_total} page={page} onPage={onPage} label="Change pages" />
        </>
      )}
    </DryRunPreview>
  );
}
