import { Client } from 'pg';
import { queryOne, type SqlRunner } from '@portal/db/queries';
import { buildPricelist } from './build';
import type { BuildMessage, BuildRequest, WorkerActivity } from './build-process';
import { lowerCpuPriority } from './cpu-priority';
import { activityLatch, buildLoadMeter, isLocalPostgres, type BuildConnection } from './host-cpu';
import { hostAwarePacer } from './pacer';

/**
 * The price-list build process (see `BuildProcess`): lowers its own CPU priority (unless
 * PRICELIST_BUILD_PRIORITY is `normal`), then builds the list it is sent over IPC, reporting progress
 * and the outcome; the worker ends it after that list.
 * It keeps to plain pg and the file writers (no TypeORM, queues or image libraries), so it stays
 * small. It exits when the worker that started it goes away.
 */
if (process.env.PRICELIST_BUILD_PRIORITY !== 'normal') lowerCpuPriority();

/**
 * While the rest of the host uses more than a tenth of a core (customers are being served; an idle
 * host uses next to none), a build keeps to a tenth of the time; see `hostAwarePacer`. The CPU of its
 * database backend is its own work; everything else is the rest of the host, the worker that started
 * it included while it runs other jobs such as an import (`buildLoadMeter`).
 */
const PACING = { busyShare: 0.1, busyAboveCores: 0.1, readingMs: 500 };

interface Connection extends BuildConnection {
  db: SqlRunner;
}

/** Whether the worker ran other jobs during a load reading (`WorkerActivity`). */
const workerActivity = activityLatch();
const worker = { pid: process.ppid, working: () => workerActivity.take() };

const send = (m: BuildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.connected) return resolve();
    process.send!(m, undefined, undefined, () => resolve());
  });

/** The build's connection (the process builds one list, then the worker ends it). */
async function connect(): Promise<Connection> {
  const client = new Client({
    connectionString: process.env.DATABASE_URL,
    application_name: 'portal-pricelist-build',
  });
  // A lost connection fails the query in flight, and with it the build.
  client.on('error', () => undefined);
  await client.connect();
  let waited = 0;
  const db: SqlRunner = {
    async query(sql, parameters) {
      const started = performance.now();
      try {
        return await client.query(sql, parameters);
      } finally {
        waited += performance.now() - started;
      }
    },
  };
  const backend = await queryOne<{ pid: number }>(db, 'SELECT pg_backend_pid() AS pid');
  return {
    db,
    localBackendPid: backend && isLocalPostgres(backend.pid) ? backend.pid : null,
    queryMs: () => waited,
  };
}

process.on('disconnect', () => process.exit(0));
process.on('message', (m: BuildRequest | WorkerActivity) => {
  if (m.type === 'activity') workerActivity.set(m.otherJobs);
  else void run(m);
});

async function run({ id, list, path }: BuildRequest): Promise<void> {
  try {
    const connection = await connect();
    const { db } = connection;
    const meter = buildLoadMeter(connection, worker);
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
