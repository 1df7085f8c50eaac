import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  rooms,
  type DeleteResponse,
  type MarkNotificationsReadResponse,
  type NotificationListResponse,
  type NotificationRow,
  type NotificationUnreadCountResponse,
} from '@portal/contracts';
import { ORG_MSG, type MarkNotificationsRead, type NotificationListQuery } from '@portal/domain';
import { returnedRows } from '@portal/db';
import { publishRealtime } from '@portal/platform';
import { ApiException } from '../common/api-exception';

@Injectable()
export class NotificationsService {
  constructor(private readonly db: DataSource) {}

  /** `GET notification?page&limit&read_status`: newest first, with the total. */
  async list(q: NotificationListQuery): Promise<NotificationListResponse> {
    const rows: (Omit<NotificationRow, 'date'> & { date: Date; total: string })[] = await this.db.query(
      `SELECT id AS "_id", username, email, description, created_at AS date, read_status, count(*) OVER () AS total
         FROM notifications
        WHERE ($1::boolean IS NULL OR read_status = $1)
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [q.read_status ?? null, q.limit, (q.page - 1) * q.limit],
    );
    let totalcount = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && q.page > 1) {
      const [c]: { n: number }[] = await this.db.query(
        `SELECT count(*)::int AS n FROM notifications WHERE ($1::boolean IS NULL OR read_status = $1)`,
        [q.read_status ?? null],
      );
      totalcount = c.n;
    }
    const notification: NotificationRow[] = rows.map(({ total: _t, date, ...r }) => ({
      ...r,
      date: new Date(date).toISOString(),
    }));
    return { status: 200, data: { notification, totalcount } };
  }

  /** `DELETE notification/`: all ids or none (an unknown id rolls the whole delete back). */
  async remove(ids: string[]): Promise<DeleteResponse> {
    return this.db.transaction(async (m) => {
      // TypeORM answers DELETE … RETURNING with [rows, rowCount].
      const deleted = returnedRows<{ id: string }>(
        await m.query(`DELETE FROM notifications WHERE id = ANY($1::uuid[]) RETURNING id`, [ids]),
      );
      if (deleted.length !== ids.length) throw new ApiException(404, ORG_MSG.notification.notFound);
      return { status: 200, message: ORG_MSG.success.notificationsDeleted, data: { deleted: deleted.length } };
    });
  }

  /**
   * `PATCH notification/read`: the ids as a set (an unknown id → 404, nothing changes) or every
   * unread one. Other superadmins' screens hear `notification.read` once the change commits.
   */
  async markRead(body: MarkNotificationsRead): Promise<MarkNotificationsReadResponse> {
    return this.db.transaction(async (m) => {
      let updated: number;
      if ('all' in body) {
        const rows = returnedRows<{ id: string }>(
          await m.query(`UPDATE notifications SET read_status = true WHERE NOT read_status RETURNING id`),
        );
        updated = rows.length;
      } else {
        // Lock the set first: all of them exist, or the call changes nothing.
        const found: { id: string; read_status: boolean }[] = await m.query(
          `SELECT id, read_status FROM notifications WHERE id = ANY($1::uuid[]) FOR UPDATE`,
          [body.ids],
        );
        if (found.length !== body.ids.length) throw new ApiException(404, ORG_MSG.notification.notFound);
        const unread = found.filter((r) => !r.read_status).map((r) => r.id);
        if (unread.length)
          await m.query(`UPDATE notifications SET read_status = true WHERE id = ANY($1::uuid[])`, [unread]);
        updated = unread.length;
      }
      const unread = await this.countUnread(m);
      if (updated > 0)
        await publishRealtime(m, rooms.role('superadmin'), 'notification.read', {
          ids: 'all' in body ? [] : body.ids,
          all: 'all' in body,
          unread,
        });
      return { status: 200, message: ORG_MSG.notification.markedRead, data: { updated, unread } };
    });
  }

  /** `GET notification/unread-count`: the sidebar's badge. */
  async unreadCount(): Promise<NotificationUnreadCountResponse> {
    return { status: 200, data: { unread: await this.countUnread(this.db) } };
  }

  private async countUnread(q: { query: DataSource['query'] }): Promise<number> {
    const [row]: { n: number }[] = await q.query(`SELECT count(*)::int AS n FROM notifications WHERE NOT read_status`);
    return row.n;
  }
}
