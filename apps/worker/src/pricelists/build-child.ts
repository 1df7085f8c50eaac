import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { clientRunner, queryOne, type SqlRunner } from '@portal/db/queries';
import { buildPricelist } from './build';
import type { BuildMessage, BuildRequest } from './build-process';
import { lowerCpuPriority } from './cpu-priority';
import { otherCpuMeter } from './host-cpu';
import { hostAwarePacer } from './pacer';

/**
 * The price-list build process (see `BuildProcess`): lowers its own CPU priority, then builds each
 * list it is sent over IPC, one at a time, reporting progress and the outcome. It keeps to plain pg
 * and the file writers (no TypeORM, queues or image libraries), so it stays small. It exits when the
 * worker that started it goes away.
 */
lowerCpuPriority();

/**
 * While the rest of the host uses more than a tenth of a core (customers are being served; an idle
 * host uses next to none), a build keeps to a tenth of the time; see `hostAwarePacer`. The CPU of its
 * database backend and of the worker that relays its progress is its own work, not the rest of the
 * host's.
 */
const PACING = { busyShare: 0.1, busyAboveCores: 0.1, readingMs: 500 };

interface Connection {
  db: SqlRunner;
  /** The pid of this connection's database backend when that runs on this host. */
  localBackendPid: number | null;
}

let connection: Promise<Connection> | null = null;
let queue = Promise.resolve();

const send = (m: BuildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.connected) return resolve();
    process.send!(m, undefined, undefined, () => resolve());
  });

function isLocalPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/** One connection for the life of the process; a broken one is replaced by the next build. */
function connect(): Promise<Connection> {
  connection ??= (async () => {
    const client = new Client({
      connectionString: process.env.DATABASE_URL,
      application_name: 'portal-pricelist-build',
    });
    client.on('error', () => (connection = null));
    client.on('end', () => (connection = null));
    await client.connect();
    const db = clientRunner(client);
    const backend = await queryOne<{ pid: number }>(db, 'SELECT pg_backend_pid() AS pid');
    return { db, localBackendPid: backend && isLocalPostgres(backend.pid) ? backend.pid : null };
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
    const { db, localBackendPid } = await connect();
    // The worker (this process's parent) relays the build's progress: that is the build's work too.
    const meter = otherCpuMeter(() => (localBackendPid ? [process.ppid, localBackendPid] : [process.ppid]));
    const rows = await buildPricelist(
      db,
      list,
      path,
      (done, total) => send({ type: 'progress', id, rows: done, total }),
      hostAwarePacer({ ...PACING, meter }),
    );
    await send({ type: 'done', id, rows });
  } catch (err) {
    await send({ type: 'failed', id, message: (err as Error).message });
  }
}
