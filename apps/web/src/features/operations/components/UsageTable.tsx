import { Badge, Group, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { Sparkline } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import { opsApi, opsKeys } from '../api';

const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)} %`);

/** Usage per company over the last 30 days, a 90-day sign-in sparkline, and the dormant filter. */
export function UsageTable() {
  const [dormant, setDormant] = useState(false);
  const usage = useQuery({ queryKey: opsKeys.usage(dormant), queryFn: ({ signal }) => opsApi.usage(dormant, signal) });
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Usage per company
        </Title>
        <Switch
          label="Only companies with no sign-in for 30 days"
          checked={dormant}
          onChange={(e) => setDormant(e.currentTarget.checked)}
        />
      </Group>
      <Table.ScrollContainer minWidth={800}>
        <Table aria-label="Usage per company" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Company</Table.Th>
              <Table.Th>Active users (7 / 30 days)</Table.Th>
              <Table.Th>Sign-ins</Table.Th>
              <Table.Th>Searches (no result)</Table.Th>
              <Table.Th>Price lists</Table.Th>
              <Table.Th>Quote requests</Table.Th>
              <Table.Th>Last activity</Table.Th>
              <Table.Th>Sign-ins, 90 days</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(usage.data ?? []).map((u) => (
              <Table.Tr key={u.company._id}>
                <Table.Td>
                  <Link to={`/superadmin/companies/${u.company._id}`}>{u.company.name}</Link>{' '}
                  {u.dormant && (
                    <Badge color="dark.6" variant="filled" size="xs">
                      dormant
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {u.active_users_7d} / {u.active_users_30d} of {u.users}
                </Table.Td>
                <Table.Td>{u.signins}</Table.Td>
                <Table.Td>{u.searches === null ? '–' : `${u.searches} (${pct(u.zero_result_share)})`}</Table.Td>
                <Table.Td>{u.pricelists}</Table.Td>
                <Table.Td>{u.quote_requests ?? '–'}</Table.Td>
                <Table.Td>{u.last_activity ? formatDate(u.last_activity) : 'never'}</Table.Td>
                <Table.Td w={140}>
                  <Sparkline
                    w={120}
                    h={28}
                    data={u.daily_signins}
                    curveType="linear"
                    color="blue"
                    fillOpacity={0.4}
                    strokeWidth={1.5}
                    role="img"
                    aria-label={`Sign-ins of ${u.company.name} per day over 90 days`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {usage.data && !usage.data.length && (
        <Text c="dimmed" ta="center" p="md">
          No companies
        </Text>
      )}
    </Paper>
  );
}
