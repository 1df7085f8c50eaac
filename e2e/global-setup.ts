import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createDataSource, dropDatabase, ensureDatabase, runMigrations, LOCAL_ADMIN_URL } from '@portal/db';
import { hashPassword, WORKER_NODE_FLAGS } from '@portal/platform';
import { COMPANIES, E2E_PRESENCE_TTL_SECONDS, PASSWORD, USERS } from './fixtures';
import { E2E_PORT } from './playwright.config';
// Compiled by `tsc -b` (scripts project); plain CommonJS, so Playwright's loader can require it.
const { startSmtpCatcher } = require('../scripts/dist/smtp-catcher.js') as typeof import('../scripts/src/smtp-catcher');
const { loadCatalogue } =
  require('../scripts/dist/catalogue/load.js') as typeof import('../scripts/src/catalogue/load');
const { generateDemoCatalogue } =
  require('../scripts/dist/catalogue/demo-catalogue.js') as typeof import('../scripts/src/catalogue/demo-catalogue');

const SERVER_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? LOCAL_ADMIN_URL;

function startChild(
  file: string,
  env: Record<string, string>,
  name: string,
  nodeFlags: readonly string[] = [],
): Promise<ChildProcess> {
  const child = fork(file, [], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...nodeFlags, '--require', path.resolve(__dirname, '../scripts/dist/child-guard.js')],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { type?: string }) => m?.type === 'ready' && resolve(child));
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** A fresh database with known accounts, and the built app (API + web) on E2E_PORT. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const name = `portal_e2e_${process.pid}`;
  await dropDatabase(SERVER_URL, name);
  const url = await ensureDatabase(SERVER_URL, name);
  const ds = await createDataSource({ url, poolSize: 2 }).initialize();
  // A throw-away database: the app's commits need not wait for the WAL flush (visibility is unchanged).
  await ds.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  await runMigrations(ds);
  const hash = await hashPassword(PASSWORD);
  const [{ id: acme }] = await ds.query(
    `INSERT INTO companies (name, discount_percentage) VALUES ('Acme Air', 45.5) RETURNING id`,
  );
  const insert = `INSERT INTO users (username, email, password_hash, role, company_id, status) VALUES ($1,$2,$3,$4,$5,$6)`;
  await ds.query(insert, [USERS.superadmin.username, USERS.superadmin.email, hash, 'superadmin', null, true]);
  await ds.query(insert, [USERS.superadmin2.username, USERS.superadmin2.email, hash, 'superadmin', null, true]);
  await ds.query(insert, [USERS.admin.username, USERS.admin.email, hash, 'admin', acme, true]);
  await ds.query(insert, [USERS.employee.username, USERS.employee.email, hash, 'employee', acme, true]);
  await ds.query(insert, [USERS.disabled.username, USERS.disabled.email, hash, 'employee', acme, false]);
  await ds.query(insert, [USERS.throttled.username, USERS.throttled.email, hash, 'employee', acme, true]);
  await ds.query(insert, [USERS.forgetful.username, USERS.forgetful.email, hash, 'employee', acme, true]);
  await ds.query(insert, [USERS.settings.username, USERS.settings.email, hash, 'employee', acme, true]);
  await ds.query(insert, [USERS.changer.username, USERS.changer.email, hash, 'employee', acme, true]);
  await ds.query(insert, [USERS.mover.username, USERS.mover.email, hash, 'employee', acme, true]);
  await ds.query(insert, [USERS.totp.username, USERS.totp.email, hash, 'employee', acme, true]);
  await ds.query(insert, [USERS.watched.username, USERS.watched.email, hash, 'employee', acme, true]);
  await ds.query(insert, [USERS.walker.username, USERS.walker.email, hash, 'employee', acme, true]);
  // One company per dedicated admin (settings.e2e.ts, org-screens.e2e.ts).
  for (const [company, admin] of [
    [COMPANIES.logo, USERS.logoAdmin],
    [COMPANIES.quiet, USERS.quietAdmin],
    [COMPANIES.live, USERS.liveAdmin],
    [COMPANIES.enrol, USERS.enrolAdmin],
    [COMPANIES.invite, USERS.inviteAdmin],
  ] as const) {
    const sql = `INSERT INTO companies (name, discount_percentage) VALUES ($1, 100) RETURNING id`;
    const [{ id }] = await ds.query(sql, [company]);
    await ds.query(insert, [admin.username, admin.email, hash, 'admin', id, true]);
  }
  {
    const sql = `INSERT INTO companies (name, discount_percentage) VALUES ($1, 50) RETURNING id`;
    const [{ id }] = await ds.query(sql, [COMPANIES.price]);
    await ds.query(insert, [USERS.pricer.username, USERS.pricer.email, hash, 'employee', id, true]);
  }
  {
    const sql = `INSERT INTO companies (name, discount_percentage) VALUES ($1, 45.67) RETURNING id`;
    const [{ id }] = await ds.query(sql, [COMPANIES.schedule]);
    await ds.query(insert, [USERS.scheduleAdmin.username, USERS.scheduleAdmin.email, hash, 'admin', id, true]);
    await ds.query(insert, [USERS.scheduleEmployee.username, USERS.scheduleEmployee.email, hash, 'employee', id, true]);
  }
  await ds.transaction((m) => loadCatalogue(m, generateDemoCatalogue()));
  await ds.destroy();

  const root = path.resolve(__dirname, '..');
  // The local mail catcher (as `npm start` runs it): tests read emails from its JSON inbox.
  const catcher = await startSmtpCatcher({ smtpPort: 0, httpPort: 0 });
  process.env.E2E_INBOX_URL = catcher.inboxUrl;
  // two-factor.e2e.ts sets the security policy directly (the superadmin account stays password-only).
  process.env.E2E_DATABASE_URL = url;
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATABASE_URL: url,
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing!',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${E2E_PORT}`,
    // E2E_WEB_DIST: a private build, so a concurrent `vite build` of apps/web/dist cannot break a run.
    WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'),
    MAIN_SITE_URL: 'https://www.example.com',
    SMTP_URL: catcher.smtpUrl,
    OUTBOX_POLL_MS: '500',
    // Editors' presence expires after 9 s without a heartbeat (every 3 s), so the presence test waits
    // past it in seconds rather than minutes (E2E_PRESENCE_TTL_SECONDS in fixtures.ts).
    PRESENCE_TTL_SECONDS: String(E2E_PRESENCE_TTL_SECONDS),
    LOG_LEVEL: 'warn',
    // The benchmark smoke runs beside these tests on the same test server (100 connections by default;
    // at load 10 the two together reached 91 with two connections per queue).
    QUEUE_DATABASE_POOL_SIZE: '1',
    // Price lists (and the notices that attach one) are built even while the machine is kept busy by
    // other work; at idle priority they would wait for it to pause.
    PRICELIST_BUILD_PRIORITY: 'normal',
  };
  const api = await startChild(path.join(root, 'apps/api/dist/main.js'), env, 'api');
  const worker = await startChild(path.join(root, 'apps/worker/dist/main.js'), env, 'worker', WORKER_NODE_FLAGS);

  return async () => {
    await Promise.all([stopChild(api), stopChild(worker)]);
    await catcher.stop();
    await dropDatabase(SERVER_URL, name);
  };
}
