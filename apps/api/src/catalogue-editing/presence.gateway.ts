import { Inject, Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { rooms } from '@portal/contracts';
import { isUuid } from '@portal/domain';
import { publishRealtime, type Env } from '@portal/platform';
import type { RequestUser } from '../common/request-user';
import { ENV } from '../infra/tokens';
import { limitedMessage } from '../realtime/socket-limits';
import { joinPresence, leavePresence, productEditors, sweepPresence, type Editors } from './presence.repository';

/**
 * Who is editing which product. Shares the lead's Socket.IO server (same path, so
 * Nest attaches these handlers to it; the handshake/auth middleware is RealtimeGateway's). The
 * editor set lives in Postgres (`catalogue_presence`), so every API instance sees the same editors;
 * `presence.changed` goes out through NOTIFY to the superadmin role room on every instance.
 *
 * Client protocol (superadmin sockets only):
 *  - emit `presence.join` {productId} when opening a product in edit mode, and again every
 *    `presenceHeartbeatSeconds` of `GET config` (a third of env PRESENCE_TTL_SECONDS) while it stays open;
 *    the ack is {editors}. Others receive `presence.changed` {productId, editors}.
 *  - emit `presence.leave` {productId} (or nothing: disconnecting leaves every product).
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class PresenceGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('Presence');

  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

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
        // Per-socket budget: a burst of messages is refused beyond it and handled one at a time.
        limitedMessage(socket, () => fn(body)).then(
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
    if (typeof productId !== 'string' || !isUuid(productId)) return { error: 'Invalid product ID' };
    const id = productId.toLowerCase();
    const joined = await joinPresence(this.db, {
      productId: id,
      socketId: socket.id,
      userId: user.id,
      username: user.username,
      ttlSeconds: this.env.PRESENCE_TTL_SECONDS,
    });
    if (!joined) return { error: 'Product not found' };
    // Expired rows (crashed instance, lost heartbeat) are swept on the way — every editor's heartbeat
    // does this — and the products they left are told their editors.
    const swept = await sweepPresence(this.db);
    for (const left of swept) if (left !== id) await this.broadcast(left, await this.editors(left));
    const editors = await this.editors(id);
    if (joined.fresh || swept.includes(id)) await this.broadcast(id, editors);
    return { editors };
  }

  async leave(socket: Socket, body: unknown): Promise<{ ok: true }> {
    const productId = (body as { productId?: unknown } | null)?.productId;
    const only = typeof productId === 'string' && isUuid(productId) ? productId.toLowerCase() : null;
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
    for (const id of await leavePresence(this.db, socketId, productId))
      await this.broadcast(id, await this.editors(id));
  }

  private editors(productId: string): Promise<Editors> {
    return productEditors(this.db, productId);
  }

  private broadcast(productId: string, editors: Editors): Promise<void> {
    return publishRealtime(this.db, rooms.role('superadmin'), 'presence.changed', { productId, editors });
  }
}
