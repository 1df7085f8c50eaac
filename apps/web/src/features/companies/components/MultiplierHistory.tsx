import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Center, Loader, Paper, Table, Text, Title } from '@mantine/core';
import type { AuditEntryView } from '@portal/contracts';
import { formatDateTime } from '../../../shared/format';
import { useRealtimeEvent } from '../../../shared/realtime';
import { auditApi, auditKeys, formatAuditValue, MULTIPLIER_FIELDS } from '../../audit';

interface HistoryRow {
  key: string;
  at: string;
  by: string;
  label: string;
  from: string;
  to: string;
}

const COLUMNS = ['Date', 'Changed by', 'Multiplier', 'From', 'To'];

/** One row per multiplier that changed (creation counts as the first value), newest first. */
export function multiplierRows(entries: AuditEntryView[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (const e of entries) {
    if (e.action !== 'company.updated' && e.action !== 'company.created') continue;
    for (const [field, label] of Object.entries(MULTIPLIER_FIELDS)) {
      if (!e.after || !(field in e.after)) continue;
      const from = e.action === 'company.created' ? '—' : formatAuditValue(field, e.before?.[field]);
      rows.push({
        key: `${e._id}:${field}`,
        at: e.created_at,
        by: e.actor.username,
        label,
        from,
        to: formatAuditValue(field, e.after[field]),
      });
    }
  }
  return rows;
}

/** The company's multiplier changes from the audit log: when, who, which, from → to. */
export function MultiplierHistory({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: auditKeys.company(companyId),
    queryFn: () => auditApi.companyHistory(companyId),
  });
  useRealtimeEvent('audit.created', (e) => {
    if (e.entities.includes('company')) void queryClient.invalidateQueries({ queryKey: auditKeys.company(companyId) });
  });
  const rows = multiplierRows(history.data ?? []);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="multiplier-history-title">
      <Title order={2} fz="lg" mb="sm" id="multiplier-history-title">
        Multiplier history
      </Title>
      {history.isLoading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading multiplier history" />
        </Center>
      ) : history.isError ? (
        <Text c="red.8">Could not load the multiplier history.</Text>
      ) : rows.length === 0 ? (
        <Text size="sm">No multiplier changes recorded yet.</Text>
      ) : (
        <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Multiplier history, scrollable">
          <Table striped verticalSpacing="xs" aria-label="Multiplier history">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} visibleFrom="sm">
                    {c}
                  </Table.Th>
                ))}
                <Table.Th hiddenFrom="sm">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(r.at)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{r.by}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.label}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.from}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.to}</Table.Td>
                  {/* A phone reads each change as one line, the new value beside the old. */}
                  <Table.Td hiddenFrom="sm" data-testid="history-change">
                    <Text fz="sm" fw={600}>
                      {r.label}: {r.from} → {r.to}
                    </Text>
                    <Text fz="xs" c="gray.7">
                      {formatDateTime(r.at)} · {r.by}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}
