import { Button, Text } from '@mantine/core';
import type { OpsSuppressionEntry } from '../api';
import type { TableColumn } from '../../../shared/column-table';
import { formatDateTime } from '../../../shared/format';
import { OPS_ROUTES } from '@portal/domain';
import { opsApi, opsKeys } from '../api';
import { useOpsList, useOpsRepair } from '../hooks';
import { OpsListPanel } from './OpsListPanel';

const REASON = { hard_bounce: 'Bounced', complaint: 'Spam complaint', soft_bounces: 'Repeated soft bounces' } as const;

const who = (r: OpsSuppressionEntry) => (r.user ? `${r.user.username}${r.company ? ` (${r.company.name})` : ''}` : '–');

/** Addresses that get no system emails, and "Try again" (audited). */
export function SuppressionsPanel() {
  const list = useOpsList(opsKeys.suppressions, opsApi.suppressions);
  const lift = useOpsRepair(
    OPS_ROUTES.liftSuppression,
    (address: string) => ({ params: { address } }),
    () => 'The address will receive emails again',
  );
  const columns: TableColumn<OpsSuppressionEntry>[] = [
    { header: 'Address', cell: (r) => r.address },
    { header: 'Who', cell: who },
    {
      header: 'Why',
      cell: (r) => (
        <>
          {REASON[r.reason]}
          {r.diagnostic ? (
            <Text size="xs" c="dimmed">
              {r.diagnostic}
            </Text>
          ) : null}
        </>
      ),
    },
    { header: 'Since', cell: (r) => formatDateTime(r.created_at) },
    {
      header: 'Actions',
      cell: (r) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => lift.mutate(r.address)}
          aria-label={`Try again: ${r.address}`}
        >
          Try again
        </Button>
      ),
    },
  ];
  return (
    <OpsListPanel
      title="Email suppressions"
      emptyText="No suppressed addresses"
      rows={list.data ?? []}
      columns={columns}
      rowKey={(r) => r.address}
    />
  );
}
