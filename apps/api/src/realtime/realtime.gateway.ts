import { Inject, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { rooms, type RealtimeMessage } from '@portal/contracts';
import { PgListener, REALTIME_CHANNEL, type Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { SessionsService } from '../auth/sessions.service';
import type { RequestUser } from '../common/request-user';
import { SOCKET_LIMITS, SOCKET_MSG } from './socket-limits';

/**
 * Socket.IO on the API's origin (path /socket.io). The handshake must carry `auth.token` of a live
 * session; Origin is checked by the adapter. Messages arrive over Postgres NOTIFY from any process.
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
    this.server.to(message.room).emit(message.event, message.data);
    if (message.disconnect) this.server.in(message.room).disconnectSockets(true);
  }

  private async authenticate(socket: Socket): Promise<RequestUser | null> {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string') return null;
    const user = await this.sessions.userForToken(token);
    // A session that may only enrol a second factor gets no live updates.
    return user && !user.enrolmentOnly ? user : null;
  }
}
