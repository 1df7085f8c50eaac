import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { rooms, type ClientEventMap } from '@portal/contracts';
import { publishRealtime } from '@portal/platform';
import type { RequestUser } from '../common/request-user';
import { UUID_RE } from './catalogue-editing.service';

/** A presence row lives this long unless the client re-sends `presence.join` (heartbeat every ~30 s). */
export const PRESENCE_TTL_SECONDS = 90;

type Editors = ClientEventMap['presence.changed']['editors'];

/**
 * Who is editing which product. Shares the lead's Socket.IO server (same path, so
 * Nest attaches these handlers to it; the handshake/auth middleware is RealtimeGateway's). The
 * editor set lives in Postgres (`catalogue_presence`), so every API instance sees the same editors;
 * `presence.changed` goes out through NOTIFY to the superadmin role room on every instance.
 *
 * Client protocol (superadmin sockets only):
 *  - emit `presence.join` {productId} when opening a product in edit mode, and again every 30 s;
 *    the ack is {editors}. Others receive `presence.changed` {productId, editors}.
 *  - emit `presence.leave` {productId} (or nothing: disconnecting leaves every product).
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class PresenceGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('Presence');

  constructor(private readonly db: DataSource) {}

  private user(socket: Socket): RequestUser | null {
    const user = socket.data?.user as RequestUser | undefined;
    return user?.role === 'superadmin' ? user : null;
  }

  /**
   * Listeners are attached per socket rather than with @SubscribeMessage: the app's global HTTP
   * guards (bearer + CSRF) would otherwise run on socket messages. Sockets are authenticated once,
   * in RealtimeGateway's handshake middleware (socket.data.user).
   */
  handleConnection(socket: Socket): void {
    const on = (event: string, fn: (body: unknown) => Promise<unknown>) =>
      socket.on(event, (body: unknown, ack?: unknown) => {
        fn(body).then(
          (result) => typeof ack === 'function' && ack(result),
          (err: unknown) => {
            this.logger.warn(`${event} failed: ${(err as Error).message}`);
            if (typeof ack === 'function') ack({ error: 'Presence is unavailable right now' });
          },
        );
      });
    on('presence.join', (body) => this.join(socket, body));
    on('presence.leave', (body) => this.leave(socket, body));
  }

  async join(socket: Socket, body: unknown): Promise<{ editors: Editors } | { error: string }> {
    return this.doJoin(socket, body);
  }

  private async doJoin(socket: Socket, body: unknown): Promise<{ editors: Editors } | { error: string }> {
    const user = this.user(socket);
    if (!user) return { error: 'You are not authorized to perform this action.' };
    const productId = (body as { productId?: unknown } | null)?.productId;
    if (typeof productId !== 'string' || !UUID_RE.test(productId)) return { error: 'Invalid product ID' };
    const id = productId.toLowerCase();
    const inserted: { fresh: boolean }[] = await this.db.query(
      `INSERT INTO catalogue_presence (product_id, socket_id, user_id, username, expires_at)
       SELECT $1, $2, $3, $4, now() + make_interval(secs => $5) WHERE EXISTS (SELECT 1 FROM products WHERE id = $1)
       ON CONFLICT (product_id, socket_id) DO UPDATE SET expires_at = EXCLUDED.expires_at
       RETURNING (xmax = 0) AS fresh`,
      [id, socket.id, user.id, user.username, PRESENCE_TTL_SECONDS],
    );
    if (!inserted.length) return { error: 'Product not found' };
    // Expired rows (crashed instance, lost heartbeat) are swept on the way.
    await this.db.query(`DELETE FROM catalogue_presence WHERE expires_at < now()`);
    const editors = await this.editors(id);
    if (inserted[0].fresh) await this.broadcast(id, editors);
    return { editors };
  }

  async leave(socket: Socket, body: unknown): Promise<{ ok: true }> {
    const productId = (body as { productId?: unknown } | null)?.productId;
    const only = typeof productId === 'string' && UUID_RE.test(productId) ? productId.toLowerCase() : null;
    await this.removeSocket(socket.id, only);
    return { ok: true };
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    try {
      await this.removeSocket(socket.id, null);
    } catch (err) {
      this.logger.warn(`presence cleanup failed: ${(err as Error).message}`);
    }
  }

  private async removeSocket(socketId: string, productId: string | null): Promise<void> {
    const rows: { product_id: string }[] = await this.db.query(
      `WITH gone AS (DELETE FROM catalogue_presence WHERE socket_id = $1 AND ($2::uuid IS NULL OR product_id = $2)
                     RETURNING product_id)
       SELECT DISTINCT product_id FROM gone`,
      [socketId, productId],
    );
    for (const r of rows) await this.broadcast(r.product_id, await this.editors(r.product_id));
  }

  private async editors(productId: string): Promise<Editors> {
    return this.db.query(
      `SELECT user_id AS "userId", min(username) AS username FROM catalogue_presence
        WHERE product_id = $1 AND expires_at > now() GROUP BY user_id ORDER BY min(username), user_id`,
      [productId],
    );
  }

  private broadcast(productId: string, editors: Editors): Promise<void> {
    return publishRealtime(this.db, rooms.role('superadmin'), 'presence.changed', { productId, editors });
  }
}
