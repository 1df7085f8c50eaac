import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSites } from '../hooks';

/** A company's sites, read-only, on the superadmin's company page. */
export function CompanySitesPanel({ companyId }: { companyId: string }) {
  const sites = useSites(companyId);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Sites
        </Title>
        {sites.data && sites.data.length === 0 && <Text c="dimmed">No sites yet.</Text>}
        {sites.data && sites.data.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Sites">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th ta="right">Slots</Table.Th>
                  <Table.Th ta="right">Due this month</Table.Th>
                  <Table.Th ta="right">Overdue</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sites.data.map((s) => (
                  <Table.Tr key={s._id}>
                    <Table.Td>
                      {s.name}
                      {s.status === 'archived' && (
                        <Badge ml="xs" color="gray" variant="light">
                          Archived
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{s.code}</Table.Td>
                    <Table.Td ta="right">{s.slot_count}</Table.Td>
                    <Table.Td ta="right">{s.due_this_month}</Table.Td>
                    <Table.Td ta="right">{s.overdue_count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
