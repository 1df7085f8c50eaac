// Shared helpers for the benchmarks: fresh database, compiled API process, autocannon runs.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const db = require(path.join(root, 'libs/db/dist/index.js'));
export const platform = require(path.join(root, 'libs/platform/dist/index.js'));

export const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? db.LOCAL_ADMIN_URL;
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing!';

export async function freshDatabase(name) {
  await db.dropDatabase(SERVER_URL, name);
  const url = await db.ensureDatabase(SERVER_URL, name);
  const ds = await db.createDataSource({ url, poolSize: 1 }).initialize();
  await db.runMigrations(ds);
  await ds.destroy();
  return url;
}

export async function startApi(databaseUrl) {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'error',
  };
  const child = fork(path.join(root, 'apps/api/dist/main.js'), [], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.on('message', (m) => m?.type === 'ready' && resolve(m.port));
    child.on('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export function run(url, { headers = {}, connections = 20, duration = 8, title }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration, title }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0) return reject(new Error(`${title}: ${result.non2xx} non-2xx responses`));
      resolve({ title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total });
    });
  });
}

export function ratioRow(name, subject, baseline) {
  return `| ${name} | ${subject.rps.toFixed(0)} | ${subject.p99} | ${baseline.rps.toFixed(0)} | ${baseline.p99} | **${(subject.rps / baseline.rps).toFixed(2)}** |`;
}
