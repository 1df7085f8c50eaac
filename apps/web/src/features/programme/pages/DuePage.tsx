import { Badge, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { RequestMonthButton } from '../components/RequestMonthButton';
import { useDue, useProgrammeLiveUpdates } from '../hooks';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function currentMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

/** "Due": one calendar month across sites, with quantities, today's prices and totals. */
export default function DuePage() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? currentMonth();
  const siteId = params.get('site') ?? undefined;
  const due = useDue({ from: month, to: month, ...(siteId ? { siteId } : {}) });
  const role = useAuthStore((s) => s.role);
  useProgrammeLiveUpdates();
  const sites = due.data?.[0]?.sites ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>Due</PageTitle>
        <TextInput
          type="month"
          aria-label="Month"
          value={month}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            next.set('month', e.currentTarget.value);
            setParams(next, { replace: true });
          }}
        />
      </Group>
      {due.data && sites.length === 0 && <Text c="dimmed">Nothing is due this month.</Text>}
      {sites.map((s) => (
        <Paper key={s._id} withBorder p="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz="md">
                {s.name} ({s.code})
              </Title>
              <Text fw={600}>
                {money.format(s.total)}
                {s.needs_quote_count > 0 &&
                  ` · ${s.needs_quote_count} odd size${s.needs_quote_count === 1 ? ' needs' : 's need'} a quote`}
              </Text>
            </Group>
            <RequestMonthButton key={`${s._id}-${month}`} site={s} month={month} base={`/${role}`} />
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Unit</Table.Th>
                    <Table.Th>Filter</Table.Th>
                    <Table.Th ta="right">Qty</Table.Th>
                    <Table.Th>Due</Table.Th>
                    <Table.Th ta="right">Unit price</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.lines.map((l) => (
                    <Table.Tr key={`${l.slot_id}-${l.due_on}`}>
                      <Table.Td>
                        {l.unit_label} · {l.stage}
                      </Table.Td>
                      <Table.Td>{l.part_number ?? l.size}</Table.Td>
                      <Table.Td ta="right">{l.quantity}</Table.Td>
                      <Table.Td>
                        {l.due_on}
                        {l.overdue && (
                          <Badge ml="xs" color="red">
                            Overdue
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {l.needs_quote ? (
                          <Badge variant="light">Needs a quote</Badge>
                        ) : l.unit_price !== null ? (
                          money.format(l.unit_price)
                        ) : (
                          ''
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
