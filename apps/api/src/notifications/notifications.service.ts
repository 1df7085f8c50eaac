import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DeleteResponse, NotificationListResponse, NotificationRow } from '@portal/contracts';
import { ORG_MSG, type NotificationListQuery } from '@portal/domain';
import { returnedRows } from '@portal/db';
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
}
