import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onRealtimeConnect, useRealtimeEvent } from '../../shared/realtime';
import { notificationsKeys, notificationsApi } from './api';
import { useAuthStore } from '../auth';

/**
 * Unread notifications for the sidebar badge (superadmins only: `enabled`). Fetched once, then kept
 * live: `notification.created` adds one, `notification.read` carries the count left; a socket
 * reconnect refetches what it may have missed. One component (the sidebar) keeps it `live`;
 * other readers pass `live: false`, or each event would be counted once per reader.
 */
export function useUnreadNotifications(enabled: boolean, live = true): number | undefined {
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: notificationsKeys.unread,
    queryFn: notificationsApi.unreadCount,
    enabled,
    staleTime: Infinity,
  });
  const myId = useAuthStore((s) => s.user?._id);
  useRealtimeEvent(
    'notification.created',
    (e) => {
      if (e.actor_id && e.actor_id === myId) return; // your own action does not count
      queryClient.setQueryData<number>(notificationsKeys.unread, (n) => (n === undefined ? n : n + 1));
    },
    enabled && live,
  );
  // The count in the event is the reader's (their own actions left out): everyone else refetches theirs.
  useRealtimeEvent(
    'notification.read',
    () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.unread }),
    enabled && live,
  );
  useEffect(() => {
    if (!enabled || !live) return;
    return onRealtimeConnect(() => void queryClient.invalidateQueries({ queryKey: notificationsKeys.unread }));
  }, [enabled, live, queryClient]);
  return enabled ? count.data : undefined;
}
