import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsFailedJob } from '@portal/contracts';
import { serverMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { opsApi, opsKeys } from '../api';
import { LIVE_FALLBACK_MS } from '../hooks';

/** The latest failed jobs with the first line of the reason; Retry / Discard (audited). */
export function FailedJobs() {
  const qc = useQueryClient();
  const jobs = useQuery({
    queryKey: opsKeys.jobs,
    queryFn: ({ signal }) => opsApi.failedJobs(signal),
    refetchInterval: LIVE_FALLBACK_MS,
  });
  const act = useMutation({
    mutationFn: ({ job, action }: { job: OpsFailedJob; action: 'retry' | 'discard' }) =>
      action === 'retry' ? opsApi.retry(job) : opsApi.discard(job),
    onSuccess: (res) =>
      notifications.show({ color: 'green', message: (res as { message?: string }).message ?? 'Done' }),
    onError: (err) => notifications.show({ color: 'red', message: serverMessage(err, 'That did not work') }),
    onSettled: () => qc.invalidateQueries({ queryKey: opsKeys.all }),
  });
  const list = jobs.data ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Failed jobs
      </Title>
      {list.length ? (
        <Table aria-label="Failed jobs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Queue</Table.Th>
              <Table.Th>Job</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Failed</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((j) => (
              <Table.Tr key={`${j.queue}/${j._id}`}>
                <Table.Td>{j.queue}</Table.Td>
                <Table.Td>
                  {j.event_type ?? j.name}{' '}
                  <Text span c="dimmed" size="xs">
                    #{j._id.slice(0, 8)}
                  </Text>
                </Table.Td>
                <Table.Td>{j.reason}</Table.Td>
                <Table.Td>{j.failed_at ? formatDateTime(j.failed_at) : '–'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      onClick={() => act.mutate({ job: j, action: 'retry' })}
                      aria-label={`Retry ${j.queue} job ${j._id}`}
                    >
                      Retry
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => act.mutate({ job: j, action: 'discard' })}
                      aria-label={`Discard ${j.queue} job ${j._id}`}
                    >
                      Discard
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed">No failed jobs</Text>
      )}
    </Paper>
  );
}
