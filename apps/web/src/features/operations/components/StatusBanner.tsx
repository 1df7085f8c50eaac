import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { OpsSummary } from '../api';

/** The one plain sentence: "All systems normal", or the first failure. */
export function StatusBanner({ status }: { status: OpsSummary['status'] | undefined }) {
  if (!status) return null;
  return (
    <Alert
      role="status"
      aria-live="polite"
      color={status.ok ? 'green' : 'red'}
      variant="light"
      icon={status.ok ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
      data-testid="ops-status"
    >
      {status.sentence}
    </Alert>
  );
}
