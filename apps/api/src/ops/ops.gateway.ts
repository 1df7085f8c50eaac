import { Inject, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { rooms, type ClientEventMap } from '@portal/contracts';
import type { RequestUser } from '../common/request-user';
import { heartbeatSockets, socketJoined, socketsLeft } from './ops.repository';

/** How often this process tells the database its sockets are still there. */
export const PRESENCE_HEARTBEAT_MS = 20_000;

/**
 * Who is online, across API processes: one `socket_presence` row per connected socket, written on
 * connect, removed on disconnect, and heartbeated every 20 s by the process holding it — a socket of a
 * process that died drops out of `ops/online` within 60 s. Also delivers `ops.changed` to this
 * process's superadmin sockets (every process computes its own summary, so nothing crosses processes).
 * Shares RealtimeGateway's Socket.IO server (same path; its handshake authenticates).
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class OpsGateway implements OnGatewayConnection, OnGatewayDisconnect, OnModuleInit, OnApplicationShutdown {
  @WebSocketServer() server: Server;
  private readonly logger = new Logger('OpsPresence');
  private readonly local = new Set<string>();
  private superadmins = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      void heartbeatSockets(this.db, [...this.local]).catch((err: unknown) =>
        this.logger.warn(`presence heartbeat failed: ${(err as Error).message}`),
      );
    }, PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await socketsLeft(this.db, [...this.local]).catch(() => undefined);
  }

  async handleConnection(socket: Socket): Promise<void> {
    const user = socket.data?.user as RequestUser | undefined;
    if (!user) return;
    this.local.add(socket.id);
    if (user.role === 'superadmin') this.superadmins++;
    try {
      await socketJoined(this.db, {
        socketId: socket.id,
        userId: user.id,
        role: user.role,
        companyId: user.companyId ?? null,
      });
    } catch (err) {
      this.logger.warn(`presence join failed: ${(err as Error).message}`);
    }
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    if (!this.local.delete(socket.id)) return;
    if ((socket.data?.user as RequestUser | undefined)?.role === 'superadmin') this.superadmins--;
    try {
      await socketsLeft(this.db, [socket.id]);
    } catch (err) {
      this.logger.warn(`presence leave failed: ${(err as Error).message}`);
    }
  }

  /** Superadmin sockets connected to this process (the dashboard is computed only while watched). */
  watchers(): number {
    return this.superadmins;
  }

  /** `ops.changed` to this process's superadmin sockets only. */
  notifyLocal(data: ClientEventMap['ops.changed']): void {
    this.server?.local.to(rooms.role('superadmin')).emit('ops.changed', data);
  }
}
