import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { ApiClient, TestApi } from '../../../test/api';
import { startWorker, type WorkerRuntime } from '../../worker/src/worker-runtime';

/** An in-process worker on the test API's database (mail is swallowed, queues get their own prefix). */
export function startTestWorker(api: TestApi, filesDir: string): Promise<WorkerRuntime> {
  return startWorker(
    {
      DATABASE_URL: api.database.url,
      PUBLIC_URL: 'http://localhost:3999',
      OUTBOX_POLL_MS: 200,
      MAIL_FROM: 'Filter Portal <no-reply@test>',
      SMTP_URL: 'smtp://127.0.0.1:1',
      QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
      FILES_DIR: filesDir,
    },
    { mailer: { send: async () => ({ messageId: 'x' }), close: () => undefined } as never, log: () => undefined },
  );
}

/** A connected Socket.IO client for the signed-in user; added to `sockets` so the spec can close it. */
export function connectSocket(api: TestApi, who: ApiClient, sockets: Socket[]): Promise<Socket> {
  const socket = io(api.baseUrl, {
    path: '/socket.io',
    auth: { token: who.token },
    transports: ['websocket'],
    extraHeaders: { origin: api.origin },
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
