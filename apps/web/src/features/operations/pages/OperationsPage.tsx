import '@mantine/charts/styles.css';
import { Loader, Stack } from '@mantine/core';
import { PageTitle } from '../../../shared/ui';
import { ActivityFeed } from '../components/ActivityFeed';
import { FailedJobs } from '../components/FailedJobs';
import { OnlineList } from '../components/OnlineList';
import { OpsTiles } from '../components/OpsTiles';
import { StatusBanner } from '../components/StatusBanner';
import { SuppressionsPanel } from '../components/SuppressionsPanel';
import { UsageTable } from '../components/UsageTable';
import { useOpsLiveUpdates, useOpsSummary } from '../hooks';

/** Superadmin: who is here, what is happening, what is failing — everything live (`ops.changed`). */
export default function OperationsPage() {
  useOpsLiveUpdates();
  const summary = useOpsSummary();
  return (
    <>
      <PageTitle>Operations</PageTitle>
      <Stack gap="md">
        <StatusBanner status={summary.data?.status} />
        {summary.data ? <OpsTiles summary={summary.data} /> : <Loader aria-label="Loading" />}
        <OnlineList />
        <ActivityFeed />
        <FailedJobs />
        <SuppressionsPanel />
        <UsageTable />
      </Stack>
    </>
  );
}
