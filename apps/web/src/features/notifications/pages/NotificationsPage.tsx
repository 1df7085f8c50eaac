import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Group, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import type { NotificationRow } from '@portal/contracts';
import { ORG_MSG, PAGE_SIZES } from '@portal/domain';
import { formatDateTime } from '../../../shared/format';
import { PageTitle } from '../../../shared/ui';
import { useRealtimeEvent } from '../../../shared/realtime';
import type { StatusValue } from '../../users/api';
import {
  confirmDelete,
  Pagination,
  StatusFilter,
  UsersTable,
  useRowSelection,
  type UserColumn,
} from '../../users/components';
import { matchesFilter, notificationKeys, notificationsApi, prependRow, type NotificationPage } from '../api';

const PAGE_SIZE = PAGE_SIZES.notifications;

/** Read/unread dot with a text equivalent for screen readers (spec: display only). */
function StatusDot({ read }: { read: boolean }) {
  const label = read ? 'Read' : 'Unread';
  return (
    <Tooltip label={label} withArrow>
      <Group gap={0}>
        <Box
          aria-hidden
          w={10}
          h={10}
          style={{
            borderRadius: '50%',
            background: read ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-blue-6)',
          }}
        />
        <VisuallyHidden>{label}</VisuallyHidden>
      </Group>
    </Tooltip>
  );
}

const COLUMNS: UserColumn<NotificationRow>[] = [
  { key: 'username', header: 'Username', render: (n) => n.username },
  { key: 'email', header: 'Email', render: (n) => n.email },
  { key: 'action', header: 'Action', render: (n) => n.description },
  { key: 'date', header: 'Date', render: (n) => formatDateTime(n.date) },
  { key: 'status', header: <VisuallyHidden>Status</VisuallyHidden>, render: (n) => <StatusDot read={n.read_status} /> },
];

/** Spec §2 Superadmin screen 7: filter, select-all, status dot, 20 per page, bulk delete, live rows. */
export default function NotificationsPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [readStatus, setReadStatus] = useState<StatusValue>('');

  const list = useQuery({
    queryKey: notificationKeys.page(page, readStatus),
    queryFn: () => notificationsApi.list(page, PAGE_SIZE, readStatus),
    placeholderData: keepPreviousData,
  });
  const rows = list.isError ? [] : (list.data?.notification ?? []);
  const total = list.isError ? 0 : (list.data?.totalcount ?? 0);
  const { selected, setSelected, clear } = useRowSelection(rows.map((r) => r._id));

  // A new notification appears at once on every cached first page whose filter it matches; other
  // cached pages shift by one, so they refetch when next shown.
  useRealtimeEvent('notification.created', (n) => {
    for (const [key, data] of queryClient.getQueriesData<NotificationPage>({ queryKey: notificationKeys.all })) {
      const [, p, filter] = key as ReturnType<typeof notificationKeys.page>;
      if (!data || !matchesFilter(n, filter)) continue;
      if (p === 1) queryClient.setQueryData<NotificationPage>(key, prependRow(data, n, PAGE_SIZE));
      else void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  });

  const onFilter = (value: StatusValue) => {
    setReadStatus(value);
    setPage(1);
    clear();
  };

  const onBulkDelete = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      noun: 'notification',
      onConfirm: async () => {
        try {
          await notificationsApi.remove(ids);
          toasts.show({ color: 'teal', message: ORG_MSG.success.notificationsDeleted, autoClose: 3000 });
          clear();
        } catch (err) {
          console.error('Notification delete failed', err); // spec §8: failure only logged
        }
        await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      },
    });

  return (
    <Stack gap="lg">
      <PageTitle>Notifications</PageTitle>
      <div>
        <UsersTable<NotificationRow>
          label="Notifications"
          rows={rows}
          columns={COLUMNS}
          selected={selected}
          onSelectedChange={setSelected}
          emptyText="No notifications found."
          loading={list.isLoading}
          onBulkDelete={onBulkDelete}
          rowName={(n) => `notification from ${n.username}`}
          toolbar={
            <StatusFilter
              value={readStatus}
              onChange={onFilter}
              allLabel="All Notifications"
              label="Notification filter"
            />
          }
        />
        <Pagination page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
      </div>
    </Stack>
  );
}
