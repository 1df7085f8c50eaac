import { Client } from 'pg';
import { clientRunner, type SqlRunner } from '@portal/db/queries';
import { buildPricelist } from './build';
import type { BuildMessage, BuildRequest } from './build-process';
import { lowerCpuPriority } from './cpu-priority';

/**
 * The price-list build process (see `BuildProcess`): lowers its own CPU priority, then builds each
 * list it is sent over IPC, one at a time, reporting progress and the outcome. It keeps to plain pg
 * and the file writers (no TypeORM, queues or image libraries), so it stays small. It exits when the
 * worker that started it goes away.
 */
lowerCpuPriority();

let connection: Promise<SqlRunner> | null = null;
let queue = Promise.resolve();

const send = (m: BuildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.connected) return resolve();
    process.send!(m, undefined, undefined, () => resolve());
  });

/** One connection for the life of the process; a broken one is replaced by the next build. */
function connect(): Promise<SqlRunner> {
  connection ??= (async () => {
    const client = new Client({
      connectionString: process.env.DATABASE_URL,
      application_name: 'portal-pricelist-build',
    });
    client.on('error', () => (connection = null));
    client.on('end', () => (connection = null));
    await client.connect();
    return clientRunner(client);
  })().catch((err: unknown) => {
    connection = null;
    throw err;
  });
  return connection;
}

process.on('disconnect', () => process.exit(0));
process.on('message', (request: BuildRequest) => {
  queue = queue.then(() => run(request));
});

async function run({ id, list, path }: BuildRequest): Promise<void> {
  try {
    const db = await connect();
    const rows = await buildPricelist(db, list, path, (done, total) =>
      send({ type: 'progress', id, rows: done, total }),
    );
    await send({ type: 'done', id, rows });
  } catch (err) {
    await send({ type: 'failed', id, message: (err as Error).message });
  }
}
