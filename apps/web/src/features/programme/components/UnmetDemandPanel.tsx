import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DEMAND_ROUTES } from '@portal/domain';
import { call } from '../../../shared/api';

/**
 * Beside the committed demand (what programmes will need), the unmet demand: part numbers customers
 * searched for and did not find in the demand report's default period.
 */
export function UnmetDemandPanel() {
  const unmet = useQuery({
    queryKey: ['demand', 'parts', 'unmet-top'],
    queryFn: async ({ signal }) =>
      (await call(DEMAND_ROUTES.parts, { query: { zeroOnly: 'true', limit: 10 } }, { signal })).data,
  });
  const rows = unmet.data?.list ?? [];
  return (
    <Paper withBorder p="md" aria-labelledby="unmet-demand-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="unmet-demand-title">
          Unmet demand
        </Title>
        <Text size="sm" c="dimmed">
          Part numbers customers searched for and did not find.{' '}
          <Anchor component={Link} to="/superadmin/demand" size="sm">
            Open the demand report
          </Anchor>
        </Text>
        {unmet.data && rows.length === 0 && <Text size="sm">No unanswered searches in this period.</Text>}
        {rows.length > 0 && (
          <Table striped aria-label="Unmet demand">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Searched for</Table.Th>
                <Table.Th ta="right">Searches</Table.Th>
                <Table.Th ta="right">Companies</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>{r.examples[0] ?? r.key}</Table.Td>
                  <Table.Td ta="right">{r.zero_results}</Table.Td>
                  <Table.Td ta="right">{r.companies}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
