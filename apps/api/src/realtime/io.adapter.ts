import { IoAdapter } from '@nestjs/platform-socket.io';
import type { INestApplicationContext } from '@nestjs/common';
import type { ServerOptions } from 'socket.io';

/** Refuses Socket.IO handshakes from foreign or `null` Origins (browsers always send Origin on WebSockets). */
export class PortalIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly origins: Set<string>,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): ReturnType<IoAdapter['createIOServer']> {
    return super.createIOServer(port, {
      ...(options as ServerOptions),
      cors: undefined,
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, origin === undefined || this.origins.has(origin));
      },
    });
  }
}
