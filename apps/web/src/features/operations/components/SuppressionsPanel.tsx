import { Button, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { opsApi, opsKeys } from '../api';
import { LIVE_FALLBACK_MS } from '../hooks';

const REASON = { hard_bounce: 'Bounced', complaint: 'Spam complaint', soft_bounces: 'Repeated soft bounces' } as const;

/** Addresses that get no system emails, and "Try again" (audited). */
export function SuppressionsPanel() {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: opsKeys.suppressions,
    queryFn: ({ signal }) => opsApi.suppressions(signal),
    refetchInterval: LIVE_FALLBACK_MS,
  });
  const lift = useMutation({
    mutationFn: (address: string) => opsApi.lift(address),
    onSuccess: () => notifications.show({ color: 'green', message: 'The address will receive emails again' }),
    onError: (err) => notifications.show({ color: 'red', message: serverMessage(err, 'That did not work') }),
    onSettled: () => qc.invalidateQueries({ queryKey: opsKeys.all }),
  });
  const rows = list.data ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Email suppressions
      </Title>
      {rows.length ? (
        <Table aria-label="Email suppressions" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Address</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th>Since</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.address}>
                <Table.Td>{r.address}</Table.Td>
                <Table.Td>{r.user ? `${r.user.username}${r.company ? ` (${r.company.name})` : ''}` : '–'}</Table.Td>
                <Table.Td>
                  {REASON[r.reason]}
                  {r.diagnostic ? (
                    <Text size="xs" c="dimmed">
                      {r.diagnostic}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => lift.mutate(r.address)}
                    aria-label={`Try again: ${r.address}`}
                  >
                    Try again
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed">No suppressed addresses</Text>
      )}
    </Paper>
  );
}
