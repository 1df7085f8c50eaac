import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@portal/db';
import { lowerCpuPriority } from '@portal/platform';
import { buildPricelist } from './build';
import type { BuildMessage, BuildRequest } from './build-process';

/**
 * The price-list build process (see `BuildProcess`): lowers its own CPU priority, then builds each
 * list it is sent over IPC, one at a time, reporting progress and the outcome. It exits when the
 * worker that started it goes away.
 */
lowerCpuPriority();

let db: DataSource | null = null;
let queue = Promise.resolve();

const send = (m: BuildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.connected) return resolve();
    process.send!(m, undefined, undefined, () => resolve());
  });

process.on('disconnect', () => process.exit(0));
process.on('message', (request: BuildRequest) => {
  queue = queue.then(() => run(request));
});

async function run({ id, databaseUrl, list, path }: BuildRequest): Promise<void> {
  try {
    db ??= await createDataSource({
      url: databaseUrl,
      applicationName: 'portal-pricelist-build',
      poolSize: 1,
    }).initialize();
    const rows = await buildPricelist(db, list, path, (done, total) =>
      send({ type: 'progress', id, rows: done, total }),
    );
    await send({ type: 'done', id, rows });
  } catch (err) {
    await send({ type: 'failed', id, message: (err as Error).message });
  }
}
