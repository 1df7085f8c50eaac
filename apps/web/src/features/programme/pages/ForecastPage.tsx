import { CATALOGUE_ROUTES, PROGRAMME_ROUTES } from '@portal/domain';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api';
import { PageTitle } from '../../../shared/ui';
import { UnmetDemandPanel } from '../components/UnmetDemandPanel';

/** The supplier's committed demand: filters due per month across every company's programme. */
export default function ForecastPage() {
  const [months, setMonths] = useState('6');
  const [categoryId, setCategoryId] = useState('');
  const categories = useQuery({
    queryKey: ['catalogue', 'categories', 'forecast'],
    queryFn: async ({ signal }) => (await call(CATALOGUE_ROUTES.categories, { query: {} }, { signal })).data,
  });
  const forecast = useQuery({
    queryKey: ['programme', 'forecast', months, categoryId],
    queryFn: async ({ signal }) =>
      (await call(PROGRAMME_ROUTES.forecast, { query: { months, ...(categoryId ? { categoryId } : {}) } }, { signal }))
        .data,
  });
  const data = forecast.data;
  const chart = data?.months.map((m) => ({
    month: m,
    filters: data.rows.reduce((n, r) => n + (r.quantities[m] ?? 0), 0),
  }));
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>Forecast</PageTitle>
        <NativeSelect
          aria-label="Category"
          value={categoryId}
          onChange={(e) => setCategoryId(e.currentTarget.value)}
          data={[
            { value: '', label: 'All categories' },
            ...(categories.data ?? []).map((c) => ({ value: c._id, label: c.name })),
          ]}
        />
        <SegmentedControl
          aria-label="Months"
          value={months}
          onChange={setMonths}
          data={['3', '6', '12'].map((m) => ({ value: m, label: `${m} months` }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="md">
          <Text fw={600} size="sm" mb="xs">
            Committed demand: filters due per month
          </Text>
          {chart && (
            <BarChart
              h={220}
              data={chart}
              dataKey="month"
              series={[{ name: 'filters', color: 'blue.6' }]}
              withTooltip
            />
          )}
        </Paper>
        <UnmetDemandPanel />
      </SimpleGrid>
      {data && data.rows.length === 0 && <Text c="dimmed">No filters are due in these months.</Text>}
      {data && data.rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Forecast">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Filter</Table.Th>
                <Table.Th>Category</Table.Th>
                {data.months.map((m) => (
                  <Table.Th key={m} ta="right">
                    {m}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    {r.kind === 'catalogue'
                      ? r.part_number
                      : r.kind === 'agreed_item'
                        ? `${r.part_number ?? r.product_name} (agreed item)`
                        : `${r.size} (custom size)`}
                  </Table.Td>
                  <Table.Td>{r.catalogue_name}</Table.Td>
                  {data.months.map((m) => (
                    <Table.Td key={m} ta="right">
                      {r.quantities[m] || ''}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{r.total}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
