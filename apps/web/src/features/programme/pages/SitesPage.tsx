import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { NewSiteForm } from '../components/NewSiteForm';
import { ProgrammeSpreadsheetTools } from '../import/ProgrammeSpreadsheetTools';
import { useProgrammeLiveUpdates, useSites } from '../hooks';

/** "Sites": every site of the company with what is due this month and what is overdue. */
export default function SitesPage() {
  const role = useAuthStore((s) => s.role);
  const sites = useSites();
  useProgrammeLiveUpdates();
  const base = `/${role}`;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>Sites</PageTitle>
        <Group gap="xs">
          {role === 'admin' && <ProgrammeSpreadsheetTools />}
          <Button component={Link} to={`${base}/programme/due`} variant="light">
            Due
          </Button>
        </Group>
      </Group>
      {sites.data && sites.data.length === 0 && <Text c="dimmed">No sites yet.</Text>}
      {sites.data && sites.data.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Site</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th ta="right">Units</Table.Th>
                <Table.Th ta="right">Due this month</Table.Th>
                <Table.Th ta="right">Overdue</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sites.data.map((s) => (
                <Table.Tr key={s._id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/sites/${s._id}`}>
                      {s.name}
                    </Anchor>
                    {s.status === 'archived' && (
                      <Badge ml="xs" color="gray" variant="light">
                        Archived
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{s.code}</Table.Td>
                  <Table.Td ta="right">{s.unit_count}</Table.Td>
                  <Table.Td ta="right">{s.due_this_month}</Table.Td>
                  <Table.Td ta="right">
                    {s.overdue_count > 0 ? <Badge color="red">{s.overdue_count}</Badge> : 0}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {role === 'admin' && <NewSiteForm />}
    </Stack>
  );
}
