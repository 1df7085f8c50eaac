import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Box, Button, Group, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconChecks } from '@tabler/icons-react';
import type { MarkNotificationsReadRequest, NotificationView } from '@portal/contracts';
import { ORG_MSG, PAGE_SIZES } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { PageTitle } from '../../../shared/ui';
import { useRealtimeEvent } from '../../../shared/realtime';
import { Pagination, type UserColumn } from '../../../shared/kit';
import { FilteredUsersTable, useListFilters } from '../../../shared/list-screen';
import { useAuthStore } from '../../auth';
import { matchesFilter, notificationsKeys, notificationsApi, prependRow, type NotificationPage } from '../api';
import { NotificationDetail } from '../components/NotificationDetail';
import { useUnreadNotifications } from '../useUnreadNotifications';

const PAGE_SIZE = PAGE_SIZES.notifications;

/** Read/unread dot with a text equivalent for screen readers. */
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

function columns(onOpen: (n: NotificationView, leaving?: boolean) => void): UserColumn<NotificationView>[] {
  return [
    { key: 'username', header: 'Username', render: (n) => n.username },
    { key: 'email', header: 'Email', render: (n) => n.email },
    {
      key: 'action',
      header: 'Action',
      // Issue 27: an entry about a user or company links to it; the others open their detail.
      render: (n) =>
        n.link ? (
          <Anchor component={Link} to={n.link} fz="sm" fw={n.read_status ? 400 : 600} onClick={() => onOpen(n, true)}>
            {n.description}
          </Anchor>
        ) : (
          <Anchor
            component="button"
            type="button"
            ta="left"
            fz="sm"
            fw={n.read_status ? 400 : 600}
            onClick={() => onOpen(n)}
          >
            {n.description}
          </Anchor>
        ),
    },
    { key: 'date', header: 'Date', render: (n) => formatDateTime(n.date) },
    {
      key: 'status',
      header: <VisuallyHidden>Status</VisuallyHidden>,
      render: (n) => <StatusDot read={n.read_status} />,
    },
  ];
}

/** Superadmin notifications: filter, select-all, status dot, 20 per page, bulk delete / mark read, live rows. */
export default function NotificationsPage() {
  const queryClient = useQueryClient();
  const filters = useListFilters();
  const { search, status: readStatus, page, setPage } = filters;
  const myId = useAuthStore((s) => s.user?._id);
  const [detail, setDetail] = useState<NotificationView | null>(null);
  const unread = useUnreadNotifications(true, false);

  const list = useQuery({
    queryKey: notificationsKeys.list(page, readStatus, search.term),
    queryFn: () => notificationsApi.list(page, PAGE_SIZE, readStatus, search.term),
    placeholderData: keepPreviousData,
  });
  const rows = list.isError ? [] : (list.data?.notification ?? []);
  const total = list.isError ? 0 : (list.data?.totalcount ?? 0);

  // A new notification appears at once on every cached first page whose filter it matches; other
  // cached pages shift by one, so they refetch when next shown.
  useRealtimeEvent('notification.created', (n) => {
    if (n.actor_id && n.actor_id === myId) return; // your own action: not in your inbox
    for (const [key, data] of queryClient.getQueriesData<NotificationPage>({ queryKey: notificationsKeys.lists })) {
      const [, , p, filter, term] = key as ReturnType<typeof notificationsKeys.list>;
      if (!data || !matchesFilter(n, filter)) continue;
      if (p === 1 && !term) queryClient.setQueryData<NotificationPage>(key, prependRow(data, n, PAGE_SIZE));
      else void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  });
  // Read here, in another tab or by another superadmin: the lists refetch (rows move between filters).
  useRealtimeEvent(
    'notification.read',
    () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.lists }),
  );

  const markReadCall = useMutation({ mutationFn: notificationsApi.markRead });
  const removeCall = useMutation({ mutationFn: notificationsApi.remove });

  const markRead = async (body: MarkNotificationsReadRequest, quiet = false): Promise<boolean> => {
    try {
      const res = await markReadCall.mutateAsync(body);
      queryClient.setQueryData(notificationsKeys.unread, res.unread);
      if (!quiet) toasts.show({ color: 'teal', message: ORG_MSG.notification.markedRead, autoClose: 3000 });
      await queryClient.invalidateQueries({ queryKey: notificationsKeys.lists });
      return true;
    } catch (err) {
      if (!handledAsSessionEnd(err))
        toasts.show({
          color: 'red',
          message: serverMessage(err, 'The notifications could not be marked as read. Please try again.'),
          autoClose: 5000,
        });
      return false;
    }
  };

  const onOpen = (n: NotificationView, leaving = false) => {
    if (leaving) {
      if (!n.read_status) void markRead({ ids: [n._id] }, true);
      return;
    }
    setDetail(n);
    if (!n.read_status)
      void markRead({ ids: [n._id] }, true).then(
        (ok) => ok && setDetail((d) => (d && d._id === n._id ? { ...d, read_status: true } : d)),
      );
  };
  const cols = useMemo(() => columns(onOpen), []); // eslint-disable-line react-hooks/exhaustive-deps

  const deleteNotifications = async (ids: string[], untick: () => void) => {
    try {
      await removeCall.mutateAsync(ids);
      toasts.show({ color: 'teal', message: ORG_MSG.success.notificationsDeleted, autoClose: 3000 });
      untick();
    } catch (err) {
      console.error('Notification delete failed', err); // the spec's client only logs this failure
    }
    await queryClient.invalidateQueries({ queryKey: notificationsKeys.lists });
    await queryClient.invalidateQueries({ queryKey: notificationsKeys.unread });
  };

  return (
    <Stack gap="lg">
      <PageTitle>Notifications</PageTitle>
      <div>
        <FilteredUsersTable<NotificationView>
          label="Notifications"
          rows={rows}
          columns={cols}
          emptyText="No notifications found."
          loading={list.isLoading}
          rowName={(n) => `notification from ${n.username}`}
          filters={filters}
          searchPlaceholder="Search user, email or action"
          statusLabels={{ all: 'All Notifications', filter: 'Notification filter' }}
          deleteNoun="notification"
          onDelete={deleteNotifications}
          actions={({ selected, clear }) => (
            <>
              <Button
                variant="light"
                leftSection={<IconChecks size={16} aria-hidden />}
                disabled={selected.length === 0}
                onClick={() => void markRead({ ids: selected }).then((ok) => ok && clear())}
              >
                Mark as read
              </Button>
              <Button variant="default" disabled={!unread} onClick={() => void markRead({ all: true })}>
                Mark all as read
              </Button>
            </>
          )}
        />
        <Pagination page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
      </div>
      <NotificationDetail notification={detail} onClose={() => setDetail(null)} />
    </Stack>
  );
}
