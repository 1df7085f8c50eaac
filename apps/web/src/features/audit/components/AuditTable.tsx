import { Anchor, Center, Loader, Table, Text } from '@mantine/core';
import type { AuditEntryView } from '@portal/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime } from '../../../shared/format';
import { STACKED_QUERY, stackedTable } from '../../../shared/kit';
import { actionLabel, ENTITY_LABELS } from '../format';
import { ChangesView } from './ChangesView';

export interface AuditTableProps {
  rows: AuditEntryView[];
  loading: boolean;
  /** Company names by id (superadmin); without it the column is hidden. */
  companyNames?: Map<string, string>;
  onActor: (id: string, name: string) => void;
  onRecord: (entity: string, id: string) => void;
}

export function AuditTable({ rows, loading, companyNames, onActor, onRecord }: AuditTableProps) {
  // Issue 27: on a phone the rows stack (action, record and date readable without scrolling).
  const phone = useMediaQuery(STACKED_QUERY) ?? false;
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading entries" />
      </Center>
    );
  }
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Audit entries" className={stackedTable.plain}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Record</Table.Th>
            {companyNames && <Table.Th>Company</Table.Th>}
            <Table.Th>Before → After</Table.Th>
            <Table.Th>IP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={companyNames ? 7 : 6}>
                <Text ta="center" py="md">
                  No entries found.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((e) => (
            <Table.Tr key={e._id} data-testid="audit-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Date">
                {formatDateTime(e.created_at)}
              </Table.Td>
              <Table.Td data-label="Actor">
                {e.actor._id ? (
                  <Anchor
                    component="button"
                    type="button"
                    fz="sm"
                    onClick={() => onActor(e.actor._id!, e.actor.username)}
                    aria-label={`Show only entries by ${e.actor.username}`}
                  >
                    {e.actor.username}
                  </Anchor>
                ) : (
                  <Text fz="sm">{e.actor.username}</Text>
                )}
                {e.actor.role && (
                  <Text span fz="xs" c="gray.7" ml={4}>
                    ({e.actor.role})
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Action">{actionLabel(e.action)}</Table.Td>
              <Table.Td data-label="Record">
                {ENTITY_LABELS[e.entity] ?? e.entity}{' '}
                {e.entity_id && (
                  <Anchor
                    component="button"
                    type="button"
                    fz="xs"
                    onClick={() => onRecord(e.entity, e.entity_id!)}
                    aria-label={`Show the history of ${e.entity} ${e.entity_name ?? e.entity_id}`}
                  >
                    {e.entity_name ?? e.entity_id.slice(0, 8)}
                  </Anchor>
                )}
              </Table.Td>
              {companyNames && (
                <Table.Td data-label="Company">
                  {e.company_id ? (companyNames.get(e.company_id) ?? e.company_id.slice(0, 8)) : '—'}
                </Table.Td>
              )}
              <Table.Td miw={{ base: 0, xs: 260 }} data-label="Before → After">
                <ChangesView before={e.before} after={e.after} />
              </Table.Td>
              <Table.Td fz="xs" data-label="IP">
                {e.ip ?? '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
