import { Inject, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { rooms, type ClientEventMap, type RealtimeMessage } from '@portal/contracts';
import { PgListener, REALTIME_CHANNEL, type Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { SessionsService } from '../auth/sessions.service';
import { requestUser, type RequestUser } from '../common/request-user';
import { SOCKET_LIMITS, SOCKET_MSG } from './socket-limits';

/** Sockets that asked for one message per change (`auth.envelope: true` at the handshake): the web app. */
export const ENVELOPE_ROOM = 'envelope';

/**
 * Socket.IO on the API's origin (path /socket.io). The handshake must carry `auth.token` of a live
 * session; Origin is checked by the adapter. Messages arrive over Postgres NOTIFY from any process.
 * A change's pushes to one audience travel as one message; every client hears each event under its
 * own name, in commit order, unless it asked for the envelope (`batch`) at the handshake.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnModuleInit, OnApplicationShutdown {
  @WebSocketServer() server: Server;
  private readonly logger = new Logger('Realtime');
  private listener: PgListener | null = null;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly sessions: SessionsService,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      void this.authenticate(socket).then(
        (user) => {
          if (!user) return next(new Error('unauthorized'));
          // Sockets per session on this instance (each holds memory and receives every push).
          const open = server.sockets.adapter.rooms.get(rooms.session(user.sessionId))?.size ?? 0;
          if (open >= SOCKET_LIMITS.perSession) return next(new Error(SOCKET_MSG.tooManySockets));
          socket.data.user = user;
          void socket.join([
            ...(socket.handshake.auth?.envelope === true ? [ENVELOPE_ROOM] : []),
            rooms.user(user.id),
            rooms.session(user.sessionId),
            rooms.role(user.role),
            ...(user.companyId ? [rooms.company(user.companyId)] : []),
          ]);
          next();
        },
        (err: Error) => {
          this.logger.warn(`socket handshake failed: ${err.message}`);
          next(new Error('unauthorized'));
        },
      );
    });
  }

  async onModuleInit(): Promise<void> {
    this.listener = new PgListener({
      url: this.env.DATABASE_URL,
      channels: [REALTIME_CHANNEL],
      onNotify: (_channel, payload) => this.deliver(payload),
      onError: (err) => this.logger.warn(`realtime listener: ${err.message}; reconnecting`),
    });
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }

  private deliver(payload: string): void {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(payload) as RealtimeMessage;
    } catch {
      return;
    }
    if (!this.server) return;
    if (message.event === 'batch') this.deliverBatch(message.room, message.data as ClientEventMap['batch']);
    else this.server.to(message.room).emit(message.event, message.data);
    if (message.disconnect) this.server.in(message.room).disconnectSockets(true);
  }

  /** Named events, in order, to everyone in `room`; the envelope as it is to the sockets that asked for it. */
  private deliverBatch(room: string | string[], batch: ClientEventMap['batch']): void {
    for (const e of batch.events) this.server.to(room).except(ENVELOPE_ROOM).emit(e.event, e.data);
    const adapterRooms = this.server.sockets.adapter.rooms;
    const wanting = adapterRooms.get(ENVELOPE_ROOM);
    if (!wanting?.size) return;
    const audience = (Array.isArray(room) ? room : [room]).map((r) => adapterRooms.get(r));
    const ids = [...wanting].filter((id) => audience.some((members) => members?.has(id)));
    if (ids.length) this.server.to(ids).emit('batch', batch);
  }

  private async authenticate(socket: Socket): Promise<RequestUser | null> {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string') return null;
    const user = await this.sessions.userForToken(token);
    // A session that may only enrol a second factor gets no live updates.
    return user && !user.enrolmentOnly ? requestUser(user, socket.handshake.address) : null;
  }
}
