import type { MarkNotificationsReadRequest, NotificationListResponse, NotificationView } from '@portal/contracts';
import { NOTIFICATION_ROUTES } from '@portal/domain';
import { call } from '../../shared/api';
import type { StatusValue } from '../users/api';

/**
 * Query keys: everything under ['notifications']. List updates go through `lists`, so they never
 * walk into the badge's count entry (`unread`).
 */
export const notificationsKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (page: number, readStatus: StatusValue, search = '') =>
    ['notifications', 'list', page, readStatus, search] as const,
  unread: ['notifications', 'unread'] as const,
};

export type NotificationPage = NotificationListResponse['data'];

export const notificationsApi = {
  list: (page: number, limit: number, readStatus: StatusValue, search = '') =>
    call(NOTIFICATION_ROUTES.list, {
      query: { page, limit, read_status: readStatus, ...(search ? { search } : {}) },
    }).then((r) => r.data),
  remove: (ids: string[]) => call(NOTIFICATION_ROUTES.remove, { body: { ids } }, { silent: true }),
  markRead: (body: MarkNotificationsReadRequest) =>
    call(NOTIFICATION_ROUTES.markRead, { body }, { silent: true }).then((r) => r.data),
  unreadCount: () => call(NOTIFICATION_ROUTES.unreadCount).then((r) => r.data.unread),
};

/** Does a notification belong on a page filtered by `readStatus` ('' = all)? */
export function matchesFilter(n: Pick<NotificationView, 'read_status'>, readStatus: StatusValue): boolean {
  return readStatus === '' || String(n.read_status) === readStatus;
}

/** Page 1 with a new row on top (no duplicate, still `limit` rows). */
export function prependRow(page: NotificationPage, row: NotificationView, limit: number): NotificationPage {
  if (page.notification.some((n) => n._id === row._id)) return page;
  return { notification: [row, ...page.notification].slice(0, limit), totalcount: page.totalcount + 1 };
}
