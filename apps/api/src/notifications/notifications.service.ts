import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  DeleteResponse,
  MarkNotificationsReadResponse,
  NotificationListResponse,
  NotificationUnreadCountResponse,
} from '@portal/contracts';
import { ORG_MSG, type MarkNotificationsRead, type NotificationListQuery } from '@portal/domain';
import { commitChange } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  countUnread,
  deleteNotifications,
  listNotifications,
  lockNotifications,
  markNotificationsRead,
} from './notifications.repository';

@Injectable()
export class NotificationsService {
  constructor(private readonly db: DataSource) {}

  /**
   * `GET notification?page&limit&read_status&search`: newest first, with the total. The viewer's own
   * actions are left out (they stay in the audit log); `search` matches username, email
   * or the description.
   */
  async list(q: NotificationListQuery, viewerId: string): Promise<NotificationListResponse> {
    const { rows, total } = await listNotifications(this.db, {
      viewerId,
      search: q.search,
      readStatus: q.read_status ?? null,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { status: 200, data: { notification: rows, totalcount: total } };
  }

  /** `DELETE notification/`: all ids or none (an unknown id rolls the whole delete back). */
  async remove(ids: string[]): Promise<DeleteResponse> {
    return this.db.transaction(async (m) => {
      const deleted = await deleteNotifications(m, ids);
      if (deleted !== ids.length) throw new ApiException(404, ORG_MSG.notification.notFound);
      return { status: 200, message: ORG_MSG.success.notificationsDeleted, data: { deleted } };
    });
  }

  /**
   * `PATCH notification/read`: the ids as a set (an unknown id → 404, nothing changes) or every
   * unread one. Other superadmins' screens hear `notification.read` once the change commits.
   */
  async markRead(body: MarkNotificationsRead, user: RequestUser): Promise<MarkNotificationsReadResponse> {
    return this.db.transaction(async (m) => {
      let updated: number;
      if ('all' in body) {
        updated = await markNotificationsRead(m, null);
      } else {
        // Lock the set first: all of them exist, or the call changes nothing.
        const found = await lockNotifications(m, body.ids);
        if (found.length !== body.ids.length) throw new ApiException(404, ORG_MSG.notification.notFound);
        const unread = found.filter((r) => !r.read_status).map((r) => r.id);
        updated = unread.length ? await markNotificationsRead(m, unread) : 0;
      }
      const unread = await countUnread(m, user.id);
      if (updated > 0) {
        const read = { ids: 'all' in body ? [] : body.ids, all: 'all' in body, unread };
        await commitChange(m, user.actor, { events: [{ type: 'notification.read', payload: read }] });
      }
      return { status: 200, message: ORG_MSG.notification.markedRead, data: { updated, unread } };
    });
  }

  /** `GET notification/unread-count`: the sidebar's badge. */
  async unreadCount(viewerId: string): Promise<NotificationUnreadCountResponse> {
    return { status: 200, data: { unread: await countUnread(this.db, viewerId) } };
  }
}
