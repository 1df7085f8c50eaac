import { Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { ERRORS_PAGE_SIZE, type SitesImportView } from './api';

function Counts({ view }: { view: SitesImportView }) {
  const c = view.counts;
  const items = [
    ['Sites to create', c.sites_created, 'teal.9'],
    ['Units to create', c.units_created, 'teal.9'],
    ['Slots to create', c.slots_created, 'teal.9'],
    ['Slots to update', c.slots_updated, 'blue.8'],
    ['Unchanged', c.slots_unchanged, 'gray.7'],
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

interface ImportPreviewProps {
  view: SitesImportView;
  errorsPage: number;
  onErrorsPage: (page: number) => void;
}

/** The dry run's counts and its errors per row (row, column, message), paged. */
export function ImportPreview({ view, errorsPage, onErrorsPage }: ImportPreviewProps) {
  const pages = Math.ceil(view.errors_total / ERRORS_PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Counts view={view} />
      {view.message && <Text c="red.8">{view.message}</Text>}
      {view.errors_total > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder aria-label="Import errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.errors.map((e, i) => (
                <Table.Tr key={`${e.row}-${e.column}-${i}`}>
                  <Table.Td>{e.row ?? '—'}</Table.Td>
                  <Table.Td>{e.column ?? '—'}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination total={pages} value={errorsPage} onChange={onErrorsPage} size="sm" aria-label="Error pages" />
      )}
    </Stack>
  );
}
