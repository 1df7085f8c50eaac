/**
 * `npm start` launcher (run through scripts/start.mjs, which builds first):
 * .env → Postgres (DATABASE_URL | local 5432 | embedded) → migrations → JWT secret →
 * superadmin → demo data → SMTP catcher → API + worker (+ Vite with --dev) → banner.
 * Ctrl-C / SIGTERM: SIGTERM to the children (bounded wait, then SIGKILL), then the catcher
 * and embedded Postgres stop; exit 0. A worker that dies after it was ready is restarted with
 * back-off (`WORKER_RESTART`) while the API keeps serving; any other child that dies unexpectedly
 * (or a worker that never got ready) stops everything (exit 1).
 */
import 'reflect-metadata';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { WORKER_NODE_FLAGS } from '@portal/platform';
import { loadDotEnv } from './dotenv';
import { redactUrl, resolveDatabase, resolveQueueBackend, type ResolvedDatabase } from './resolve-services';
import { migrate } from './migrate';
import { bootstrapSuperadmin, DEMO_PASSWORD, existingDemoAccounts, seedCatalogue, seedDemo } from './seed';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

const ROOT = path.resolve(__dirname, '../..');
/** Local state: the secret, embedded Postgres. `PORTAL_DATA_DIR` moves it (the newcomer tests use a scratch one). */
const DATA_DIR = path.resolve(ROOT, process.env.PORTAL_DATA_DIR || '.data');
const DEFAULT_SUPERADMIN_EMAIL = 'superadmin@filterportal.local';
const DEFAULT_SUPERADMIN_PASSWORD = 'Admin@12345';
const STOP_GRACE_MS = Number(process.env.STOP_GRACE_MS ?? 15_000);
const READY_TIMEOUT_MS = Number(process.env.READY_TIMEOUT_MS ?? 90_000);
/**
 * A dead worker is started again after `firstMs`, doubling up to `maxMs` while it keeps dying; the
 * delay starts over once a worker has stayed up for `stableMs`.
 */
const WORKER_RESTART = {
  firstMs: Number(process.env.WORKER_RESTART_MS ?? 1_000),
  maxMs: 60_000,
  stableMs: 5 * 60_000,
};

/** The next restart delay of a worker that ran `uptimeMs` before dying, after `previous`. */
function nextRestartDelay(previous: number | null, uptimeMs: number): number {
  if (previous === null || uptimeMs >= WORKER_RESTART.stableMs) return WORKER_RESTART.firstMs;
  return Math.min(previous * 2, WORKER_RESTART.maxMs);
}

const isTty = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const color = (code: number, s: string) => (isTty ? `\x1b[${code}m${s}\x1b[0m` : s);
const bold = (s: string) => color(1, s);
const log = (line: string) => console.log(`${color(36, '[start]')} ${line}`);
let lastStep = Date.now();
/** Logs a step with the time it took since the previous one. */
const step = (line: string) => {
  const now = Date.now();
  log(`${line} ${color(2, `(${((now - lastStep) / 1000).toFixed(1)}s)`)}`);
  lastStep = now;
};
const warn = (line: string) => console.log(`${color(33, '[start]')} ${color(33, line)}`);
const fail = (line: string) => console.error(`${color(31, '[start]')} ${color(31, line)}`);

interface Child {
  name: string;
  proc: ChildProcess;
  ready: boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  lastLines: string[];
}

/** Reads `.data/secret`, creating it (mode 0600) with 384 random bits on first run. */
function persistentJwtSecret(): string {
  const file = path.join(DATA_DIR, 'secret');
  fs.mkdirSync(DATA_DIR, { recursive: true });
  try {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return secret;
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

function pipeWithPrefix(
  stream: NodeJS.ReadableStream | null,
  prefix: string,
  sink: NodeJS.WriteStream,
  keep: string[],
): void {
  if (!stream) return;
  const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
  rl.on('line', (line) => {
    keep.push(line);
    if (keep.length > 40) keep.shift();
    sink.write(`${prefix} ${line}\n`);
  });
}

function spawnChild(name: string, args: string[], env: NodeJS.ProcessEnv, prefixColor: number): Child {
  const guard = path.join(__dirname, 'child-guard.js');
  const proc = spawn(process.execPath, ['--require', guard, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const child: Child = {
    name,
    proc,
    ready: false,
    lastLines: [],
    exited: new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal }))),
  };
  const prefix = color(prefixColor, `[${name}]`.padEnd(8));
  pipeWithPrefix(proc.stdout, prefix, process.stdout, child.lastLines);
  pipeWithPrefix(proc.stderr, prefix, process.stderr, child.lastLines);
  proc.on('message', (msg: unknown) => {
    if (msg && typeof msg === 'object' && (msg as { type?: string }).type === 'ready') child.ready = true;
  });
  proc.on('error', (err) => fail(`${name}: ${err.message}`));
  return child;
}

async function stopChild(child: Child): Promise<void> {
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), STOP_GRACE_MS).unref());
  if ((await Promise.race([child.exited, timer])) === 'timeout') {
    warn(`${child.name} did not stop within ${STOP_GRACE_MS / 1000}s — killing it`);
    proc.kill('SIGKILL');
    await child.exited;
  }
}

async function main(): Promise<void> {
  const started = Number(process.env.LAUNCH_STARTED_AT) || Date.now();
  const dev = process.argv.includes('--dev');
  const envFile = loadDotEnv(ROOT);
  if (envFile) log(`Loaded ${path.relative(ROOT, envFile) || '.env'}`);

  const children: Child[] = [];
  let db: ResolvedDatabase | null = null;
  let catcher: SmtpCatcher | null = null;
  let stopping: Promise<void> | null = null;

  const shutdown = (code: number, reason?: string): Promise<void> => {
    if (stopping) return stopping;
    stopping = (async () => {
      if (reason) (code === 0 ? log : fail)(reason);
      await Promise.all(children.map((c) => stopChild(c)));
      if (catcher) await catcher.stop().catch(() => undefined);
      if (db) {
        if (db.source === 'embedded') log('Stopping embedded Postgres…');
        await db.stop().catch((err: unknown) => fail(`embedded Postgres stop: ${String(err)}`));
      }
      log(code === 0 ? 'Stopped.' : `Stopped (exit ${code}).`);
      process.exit(code);
    })();
    return stopping;
  };
  let signals = 0;
  const onSignal = (sig: NodeJS.Signals) => {
    signals++;
    if (signals > 1) {
      warn(`${sig} again — killing everything now`);
      for (const c of children) c.proc.kill('SIGKILL');
      return;
    }
    void shutdown(0, `${sig} received — shutting down…`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Started by scripts/start.mjs with an IPC channel: if it goes away, so do we.
  if (process.send) {
    process.once('disconnect', () => void shutdown(0, 'launcher went away — shutting down…'));
    (process.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  try {
    const apiMain = path.join(ROOT, 'apps/api/dist/main.js');
    const workerMain = path.join(ROOT, 'apps/worker/dist/main.js');
    for (const f of [apiMain, workerMain]) {
      if (!fs.existsSync(f))
        throw new Error(`${path.relative(ROOT, f)} is missing — run \`npm run build:server\` (npm start does this)`);
    }

    const publicPort = Number(process.env.PORT || 3000);
    const webPort = Number(process.env.WEB_PORT || 5173);
    const apiPort = dev ? Number(process.env.API_PORT || publicPort + 1) : publicPort;
    const host = process.env.HOST || '0.0.0.0';
    for (const [what, p] of [['PORT', apiPort], ...(dev ? [['WEB_PORT', webPort]] : [])] as [string, number][]) {
      if (!(await portIsFree(p, host))) {
        throw new Error(`Port ${p} is already in use (is another copy running?). Stop it or set ${what}=<free port>.`);
      }
    }

    // 1. Postgres
    db = await resolveDatabase({
      log,
      embeddedDir: path.join(DATA_DIR, 'pg'),
      embeddedPort: Number(process.env.EMBEDDED_PG_PORT) || undefined,
    });
    const sourceText = {
      env: 'DATABASE_URL',
      local: 'local server on 127.0.0.1:5432',
      embedded: `embedded Postgres (data in ${path.relative(ROOT, path.join(DATA_DIR, 'pg'))})`,
    }[db.source];
    step(`Postgres: ${sourceText} → ${redactUrl(db.databaseUrl)}`);

    // 2. Schema
    const m = await migrate(db.databaseUrl);
    step(m.applied.length ? `Migrations applied: ${m.applied.join(', ')}` : 'Database schema is current');

    // 3. Secrets and accounts
    const jwtSecret = process.env.JWT_SECRET || persistentJwtSecret();
    const saEmail = process.env.SUPERADMIN_EMAIL || DEFAULT_SUPERADMIN_EMAIL;
    const saPasswordIsDefault = !process.env.SUPERADMIN_PASSWORD;
    const saPassword = process.env.SUPERADMIN_PASSWORD || DEFAULT_SUPERADMIN_PASSWORD;
    const sa = await bootstrapSuperadmin(db.databaseUrl, saEmail, saPassword);
    if (sa.created) step(`Superadmin ${sa.email} created`);
    else if (sa.role !== 'superadmin')
      warn(`SUPERADMIN_EMAIL ${sa.email} belongs to an existing ${sa.role} account — left unchanged`);

    const demo = await seedDemo(db.databaseUrl);
    if (demo.seeded) step(`Demo data loaded: ${demo.companies} companies, ${demo.users} users`);
    const catalogue = await seedCatalogue(db.databaseUrl);
    if (catalogue.seeded) {
      step(
        `Demo catalogue loaded: ${catalogue.categories} categories, ${catalogue.products} products, ${catalogue.variants} variants`,
      );
    }
    const demoAccounts = await existingDemoAccounts(db.databaseUrl);

    // 4. Mail
    let smtpUrl = process.env.SMTP_URL;
    if (!smtpUrl) {
      catcher = await startSmtpCatcher({ fallbackToFreePort: true });
      smtpUrl = catcher.smtpUrl;
    }

    // 5. API + worker (+ Vite)
    const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${dev ? webPort : publicPort}`).replace(/\/$/, '');
    const allowed = new Set(
      (process.env.ALLOWED_ORIGINS || '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    if (dev) allowed.add(`http://localhost:${webPort}`).add(`http://127.0.0.1:${webPort}`);
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: db.databaseUrl,
      JWT_SECRET: jwtSecret,
      PORT: String(apiPort),
      PUBLIC_URL: publicUrl,
      SMTP_URL: smtpUrl,
      SUPERADMIN_EMAIL: saEmail,
      WEB_DIST: path.join(ROOT, 'apps/web/dist'),
      NODE_ENV: dev ? 'development' : 'production',
      ALLOWED_ORIGINS: [...allowed].join(','),
    };
    delete childEnv.SUPERADMIN_PASSWORD;
    delete childEnv.FORCE_EMBEDDED_PG;
    delete childEnv.LAUNCH_STARTED_AT;
    if (!childEnv.REDIS_URL) delete childEnv.REDIS_URL;
    if (!childEnv.ALLOWED_ORIGINS) delete childEnv.ALLOWED_ORIGINS;

    step(`Starting API${dev ? ', worker and Vite' : ' and worker'}…`);
    const api = spawnChild('api', [apiMain], childEnv, 35);
    const spawnWorker = () => spawnChild('worker', [...WORKER_NODE_FLAGS, workerMain], childEnv, 32);
    children.push(api, spawnWorker());
    if (dev) {
      const viteBin = path.join(ROOT, 'node_modules/vite/bin/vite.js');
      children.push(
        spawnChild(
          'web',
          [viteBin, '--config', 'apps/web/vite.config.ts', '--strictPort'],
          {
            ...childEnv,
            API_PORT: String(apiPort),
            WEB_PORT: String(webPort),
            NODE_ENV: 'development',
          },
          34,
        ),
      );
    }
    let workerWasReady = false;
    let restartDelay: number | null = null;
    const lastOutput = (c: Child) =>
      c.lastLines.length ? `\n  last output of ${c.name}:\n    ${c.lastLines.slice(-10).join('\n    ')}` : '';
    const watch = (c: Child) => {
      const since = Date.now();
      void c.exited.then(({ code, signal }) => {
        if (stopping) return;
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        workerWasReady ||= c.name === 'worker' && c.ready;
        if (c.name === 'worker' && workerWasReady) {
          // The API keeps serving; the worker's jobs wait in the queue (stalled ones are picked up again).
          restartDelay = nextRestartDelay(restartDelay, Date.now() - since);
          warn(
            `worker stopped unexpectedly (${how}) — starting it again in ${restartDelay / 1000}s; the API keeps serving.` +
              lastOutput(c),
          );
          setTimeout(() => {
            if (stopping) return;
            const next = spawnWorker();
            children[children.indexOf(c)] = next;
            watch(next);
          }, restartDelay);
          return;
        }
        const phase = api.ready ? 'unexpectedly' : 'during start-up';
        void shutdown(1, `${c.name} stopped ${phase} (${how}) — stopping everything.${lastOutput(c)}`);
      });
    };
    children.forEach(watch);

    // Ready = the API reported 'ready' over IPC (it is listening) and nothing died meanwhile.
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!api.ready) {
      if (stopping) return;
      if (Date.now() > deadline) {
        await shutdown(1, `API did not report ready within ${READY_TIMEOUT_MS / 1000}s — stopping.`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (stopping) return;
    step('API is listening');

    const queue =
      resolveQueueBackend(childEnv) === 'redis'
        ? `BullMQ on Redis (${redactUrl(childEnv.REDIS_URL!)})`
        : 'BullMQ on Postgres (REDIS_URL unset)';
    const line = '─'.repeat(72);
    const out: string[] = [
      '',
      line,
      `  ${bold('Filter Portal is running')}  (ready in ${((Date.now() - started) / 1000).toFixed(1)}s)`,
      '',
      `  Open            ${bold(publicUrl)}`,
      ...(dev ? [`  API (direct)    http://localhost:${apiPort}/api`] : []),
      `  API docs        ${publicUrl}/api/docs`,
      `  Mail inbox      ${catcher ? catcher.inboxUrl : `sent via SMTP_URL (${redactUrl(smtpUrl)})`}`,
      `  Postgres        ${sourceText}`,
      `  Job queue       ${queue}`,
      '',
      `  Superadmin      ${sa.email}`,
      sa.created
        ? `  Password        ${saPassword}${saPasswordIsDefault ? color(33, '   ← default for local use; change it after signing in') : ''}`
        : `  Password        (existing account — unchanged${saPasswordIsDefault ? `; default was ${DEFAULT_SUPERADMIN_PASSWORD}` : ''})`,
    ];
    if (demoAccounts.length) {
      out.push('', `  Demo accounts (password ${bold(DEMO_PASSWORD)} unless changed):`);
      for (const a of demoAccounts) {
        const notes = [!a.companyActive ? 'company inactive' : '', !a.active ? 'disabled' : '']
          .filter(Boolean)
          .join(', ');
        out.push(`    ${a.role.padEnd(9)} ${a.email.padEnd(42)} ${a.company}${notes ? color(2, ` (${notes})`) : ''}`);
      }
    }
    out.push('', '  Press Ctrl-C to stop.', line, '');
    console.log(out.join('\n'));
  } catch (err) {
    await shutdown(1, `Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

void main();
