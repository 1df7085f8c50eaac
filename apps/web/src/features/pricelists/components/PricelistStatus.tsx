import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import type { PricelistView } from '@portal/contracts';
import { PRICELIST_MSG } from '@portal/domain';
import { downloadPricelist } from '../api';

export const FORMAT_LABEL = { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF' } as const;

export function saveWithToast(list: PricelistView): void {
  downloadPricelist(list).catch(() =>
    notifications.show({ color: 'red', message: PRICELIST_MSG.downloadFailed, autoClose: 5000 }),
  );
}

export function DownloadButton({ list, size = 'xs' }: { list: PricelistView; size?: 'xs' | 'sm' }) {
  return (
    <Button
      size={size}
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={() => saveWithToast(list)}
      aria-label={`Download ${list.file_name}`}
    >
      Download
    </Button>
  );
}

const percent = (l: PricelistView) => (l.total ? Math.min(100, Math.round((l.rows / l.total) * 100)) : 0);

/** Short status for tables: a badge, or a small bar while rows are written. */
export function StatusCell({ list }: { list: PricelistView }) {
  if (list.status === 'running')
    return (
      <Stack gap={2} miw={110}>
        <Progress value={percent(list)} size="sm" aria-label={`Price list ${percent(list)}% written`} />
        <Text size="xs" c="dimmed">
          {list.rows} / {list.total ?? '…'} rows
        </Text>
      </Stack>
    );
  const color = { queued: 'gray.7', ready: 'teal.9', failed: 'red.8' }[list.status];
  const label = { queued: 'Queued', ready: 'Ready', failed: 'Failed' }[list.status];
  return (
    <Badge
      color={color}
      variant="filled"
      miw="fit-content"
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {label}
    </Badge>
  );
}

/** The progress of one list being built, then its download. */
export function PricelistProgress({ list }: { list: PricelistView | undefined }) {
  if (!list || list.status === 'queued')
    return (
      <Stack gap="xs" role="status">
        <Text size="sm">{PRICELIST_MSG.queued}…</Text>
        <Progress value={100} striped animated aria-label="Waiting to start" />
      </Stack>
    );
  if (list.status === 'failed')
    return (
      <Alert color="red" title="Price list failed" role="alert">
        {PRICELIST_MSG.failed}
      </Alert>
    );
  if (list.status === 'running')
    return (
      <Stack gap="xs" role="status">
        <Text size="sm">
          Writing rows: {list.rows} of {list.total ?? '…'}
        </Text>
        <Progress value={percent(list)} aria-label={`Price list ${percent(list)}% written`} />
      </Stack>
    );
  return (
    <Stack gap="xs" role="status">
      <Text size="sm" fw={600}>
        {PRICELIST_MSG.ready}: {list.rows} rows
      </Text>
      <Group>
        <DownloadButton list={list} size="sm" />
        <Text size="xs" c="dimmed">
          {list.file_name}
        </Text>
      </Group>
    </Stack>
  );
}
