import { Button, Group, Text } from '@mantine/core';
import type { OpsFailedJob } from '../api';
import type { TableColumn } from '../../../shared/column-table';
import { formatDateTime } from '../../../shared/format';
import { OPS_ROUTES } from '@portal/domain';
import { jobInput, opsApi, opsKeys } from '../api';
import { useOpsList, useOpsRepair } from '../hooks';
import { OpsListPanel } from './OpsListPanel';

type JobAction = 'retry' | 'discard';

const JOB_ACTIONS: { action: JobAction; label: string; variant?: 'default' }[] = [
  { action: 'retry', label: 'Retry' },
  { action: 'discard', label: 'Discard', variant: 'default' },
];

/** The latest failed jobs with the first line of the reason; Retry / Discard (audited). */
export function FailedJobs() {
  const jobs = useOpsList(opsKeys.jobs, opsApi.failedJobs);
  const repairs = {
    retry: useOpsRepair(OPS_ROUTES.retryJob, jobInput, (res) => res.message),
    discard: useOpsRepair(OPS_ROUTES.discardJob, jobInput, (res) => res.message),
  };
  const columns: TableColumn<OpsFailedJob>[] = [
    { header: 'Queue', cell: (j) => j.queue },
    {
      header: 'Job',
      cell: (j) => (
        <>
          {j.event_type ?? j.name}{' '}
          <Text span c="dimmed" size="xs">
            #{j._id.slice(0, 8)}
          </Text>
        </>
      ),
    },
    { header: 'Reason', cell: (j) => j.reason },
    { header: 'Failed', cell: (j) => (j.failed_at ? formatDateTime(j.failed_at) : '–') },
    {
      header: 'Actions',
      cell: (j) => (
        <Group gap="xs" wrap="nowrap">
          {JOB_ACTIONS.map(({ action, label, variant }) => (
            <Button
              key={action}
              size="xs"
              variant={variant}
              onClick={() => repairs[action].mutate(j)}
              aria-label={`${label} ${j.queue} job ${j._id}`}
            >
              {label}
            </Button>
          ))}
        </Group>
      ),
    },
  ];
  return (
    <OpsListPanel
      title="Failed jobs"
      emptyText="No failed jobs"
      rows={jobs.data ?? []}
      columns={columns}
      rowKey={(j) => `${j.queue}/${j._id}`}
    />
  );
}
