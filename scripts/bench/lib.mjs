// @ts-check
// Shared helpers for the benchmarks: fresh database, the compiled API and worker processes (one
// launcher), autocannon runs, and the smoke mode (BENCH_SMOKE=1: every benchmark on a tiny data set
// with sub-second measurements, so `npm test` proves each one still starts and runs on a fresh clone).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** @type {typeof import('../../libs/db/dist/index.js')} */
export const db = require(path.join(root, 'libs/db/dist/index.js'));
/** @type {typeof import('../../libs/platform/dist/index.js')} */
export const platform = require(path.join(root, 'libs/platform/dist/index.js'));

export const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? db.LOCAL_ADMIN_URL;
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing!';

/** Smoke mode (`npm run bench -- --smoke`, a stage of `npm test`): tiny data sets, ~1 s measurements. */
export const SMOKE = process.env.BENCH_SMOKE === '1';
/**
 * The full-size value, or the smoke one in smoke mode.
 * @template T
 * @param {T} full
 * @param {T} smoke
 * @returns {T}
 */
export const scale = (full, smoke) => (SMOKE ? smoke : full);

/**
 * In smoke mode (a stage of `npm test`, beside other stages on one test server of 100 connections)
 * each API and worker keeps few database connections, and price lists are built at normal priority
 * (at idle priority a machine kept busy by other work builds none until it pauses). A measurement
 * keeps the production settings.
 * @type {Record<string, string>}
 */
const SMOKE_ENV = SMOKE
  ? { DATABASE_POOL_SIZE: '6', QUEUE_DATABASE_POOL_SIZE: '1', PRICELIST_BUILD_PRIORITY: 'normal' }
  : {};

/** @typedef {Record<string, string>} Headers */

/**
 * The demo catalogue generators and loader (scripts/src/catalogue, compiled). `generate(n)`: the
 * large catalogue of about n variants — in smoke mode the small demo catalogue (~2,300 variants, every
 * category and product line present) whatever n is.
 */
export function catalogueData() {
  /** @type {typeof import('../dist/catalogue/demo-catalogue.js')} */
  const demo = require(path.join(root, 'scripts/dist/catalogue/demo-catalogue.js'));
  /** @type {typeof import('../dist/catalogue/load.js')} */
  const load = require(path.join(root, 'scripts/dist/catalogue/load.js'));
  return {
    /** @param {number} n */
    generate: (n) => (SMOKE ? demo.generateDemoCatalogue() : demo.generateLargeCatalogue(n)),
    generateDemoCatalogue: demo.generateDemoCatalogue,
    loadCatalogue: load.loadCatalogue,
  };
}

/**
 * A migrated, empty database `name` (dropped first if it exists); its URL.
 * @param {string} name
 */
export async function freshDatabase(name) {
  await db.dropDatabase(SERVER_URL, name);
  const url = await db.ensureDatabase(SERVER_URL, name);
  const ds = await db.createDataSource({ url, poolSize: 1 }).initialize();
  await db.runMigrations(ds);
  await ds.destroy();
  return url;
}

/**
 * Runs `fn` on a fresh database `name`, dropped afterwards whatever happens (kept, for a look
 * afterwards, with BENCH_KEEP_DB=1).
 * @template T
 * @param {string} name
 * @param {(url: string) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withDatabase(name, fn) {
  const url = await freshDatabase(name);
  try {
    return await fn(url);
  } finally {
    if (process.env.BENCH_KEEP_DB === '1') console.log(`bench: database ${name} kept (BENCH_KEEP_DB=1)`);
    else await db.dropDatabase(SERVER_URL, name);
  }
}

/**
 * A port that was free a moment ago (for a server whose public URL must be known up front).
 * @returns {Promise<number>}
 */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** Chromium for the browser benchmarks: CHROMIUM_PATH, else the Debian package's paths; null when none. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && fs.existsSync(p)) ?? null;
}

/** The Chromium to launch (throws with the fix when there is none). */
export function chromiumPath() {
  const found = findChromium();
  if (!found) throw new Error('Chromium not found: install the Debian package `chromium` or set CHROMIUM_PATH');
  return found;
}

/** Resident set size of a process in MiB, from /proc (NaN when unreadable). @param {number} pid */
export function rssMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * @typedef {object} Launched
 * @property {number} pid
 * @property {import('node:child_process').ChildProcess} child
 * @property {unknown} ready what the process sent with its `{ type: 'ready' }` message (the API: its port)
 * @property {() => number} peakMb peak RSS (MiB) since start or the last `resetPeak()` (sampled every 100 ms)
 * @property {() => void} resetPeak
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 10 s
 */

/**
 * The one launcher of the compiled apps (API and worker): forks `script` under scripts/dist/child-guard.js
 * (the child dies with the bench), resolves once it sends `{ type: 'ready' }`, samples its RSS.
 * @param {string} script path relative to the repository root
 * @param {{ env: NodeJS.ProcessEnv, execArgv?: string[], stdout?: 'inherit' | 'ignore' }} options
 * @returns {Promise<Launched>}
 */
export async function launch(script, { env, execArgv = [], stdout = 'inherit' }) {
  const child = fork(path.join(root, script), [], {
    env,
    stdio: ['ignore', stdout, 'inherit', 'ipc'],
    execArgv: [...execArgv, '--require', path.join(root, 'scripts/dist/child-guard.js')],
  });
  const pid = /** @type {number} */ (child.pid);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid) || 0)), 100);
  sampler.unref();
  /** @type {unknown} */
  const ready = await new Promise((resolve, reject) => {
    child.on('message', (/** @type {any} */ m) => m?.type === 'ready' && resolve(m.port));
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  }).catch((err) => {
    clearInterval(sampler);
    throw err;
  });
  return {
    pid,
    child,
    ready,
    peakMb: () => peak,
    resetPeak: () => void (peak = 0),
    stop: () =>
      new Promise((resolve) => {
        clearInterval(sampler);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/**
 * The compiled worker (apps/worker/dist/main.js) on `databaseUrl`, with the production Node flags.
 * `env` adds to / overrides the defaults (no mail server, 200 ms outbox poll, errors only).
 * @param {string} databaseUrl
 * @param {{ env?: Record<string, string>, stdout?: 'inherit' | 'ignore' }} [options]
 */
export function startWorker(databaseUrl, { env = {}, stdout = 'inherit' } = {}) {
  return launch('apps/worker/dist/main.js', {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: 'http://localhost:3000',
      OUTBOX_POLL_MS: '200',
      LOG_LEVEL: 'error',
      ...SMOKE_ENV,
      ...env,
    },
    execArgv: [...platform.WORKER_NODE_FLAGS],
    stdout,
  });
}

/**
 * The compiled API on a random port. `webDist`: also serve that built web app (browser benchmarks);
 * the API then listens on a port chosen here so that PUBLIC_URL (CORS / CSRF origin) matches it.
 * @param {string} databaseUrl
 * @param {{ webDist?: string, env?: Record<string, string> }} [options]
 */
export async function startApi(databaseUrl, { webDist, env: extraEnv = {} } = {}) {
  const fixedPort = webDist ? await freePort() : 0;
  const api = await launch('apps/api/dist/main.js', {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      PORT: String(fixedPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: webDist ? `http://127.0.0.1:${fixedPort}` : 'http://localhost:3000',
      WEB_DIST: webDist ?? '/nonexistent',
      LOG_LEVEL: 'error',
      // One synthetic buyer searches far faster than a person may (docs/SECURITY.md): the budget is
      // still counted on every search, but never refuses one.
      SEARCH_BUDGET_LOGGED_PER_MINUTE: '10000000',
      SEARCH_BUDGET_COMMITTED_PER_MINUTE: '10000000',
      SEARCH_BUDGET_TYPING_PER_MINUTE: '10000000',
      ...SMOKE_ENV,
      ...extraEnv,
    },
    execArgv: process.env.BENCH_API_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
  });
  return { ...api, url: `http://127.0.0.1:${api.ready}` };
}

/** @typedef {{ title: string, rps: number, p50: number, p97_5: number, p99: number, total: number }} RunResult */

/**
 * A closed-loop autocannon run (in smoke mode: 20 requests over 4 connections).
 * @param {string} url
 * @param {{ headers?: Headers, connections?: number, duration?: number, title: string }} options
 * @returns {Promise<RunResult>}
 */
export function run(url, { headers = {}, connections = 20, duration = 8, title }) {
  const amount = SMOKE ? 20 : undefined;
  if (SMOKE) connections = Math.min(connections, 4);
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration, amount, title }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0) return reject(new Error(`${title}: ${result.non2xx} non-2xx responses`));
      resolve({
        title,
        rps: result.requests.average,
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        total: result.requests.total,
      });
    });
  });
}

/**
 * @param {string} name
 * @param {{ rps: number, p99: number }} subject
 * @param {{ rps: number, p99: number }} baseline
 */
export function ratioRow(name, subject, baseline) {
  return `| ${name} | ${subject.rps.toFixed(0)} | ${subject.p99} | ${baseline.rps.toFixed(0)} | ${baseline.p99} | **${(subject.rps / baseline.rps).toFixed(2)}** |`;
}

/** Same shape as the API's session check: JWT (HS256, audience) + the session/user lookup SQL. */
export const SESSION_LOOKUP_SQL = `SELECT s.id AS session_id, u.id, u.username, u.email, u.role, u.company_id, u.picture, c.name AS company_name
  FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
 WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status AND (u.company_id IS NULL OR c.status)`;

/**
 * @typedef {{ session_id: string, id: string, username: string, email: string, role: string,
 *   company_id: string | null, picture: string | null, company_name: string | null }} SessionUser
 * @typedef {import('fastify').FastifyRequest<{ Params: Record<string, string>, Querystring: Record<string, string> }>} BaselineRequest
 * @typedef {(req: BaselineRequest, pool: import('pg').Pool, user: SessionUser, reply: import('fastify').FastifyReply) => Promise<unknown>} BaselineHandler
 */

/**
 * A bare Fastify + pg server: each route authenticates exactly as the API does (JWT verify + session
 * lookup) and then runs `handler(req, pool, user, reply)` — the same SQL as the API's service.
 * @param {string} databaseUrl
 * @param {Record<string, BaselineHandler>} routes
 */
export async function startBaseline(databaseUrl, routes) {
  const { default: Fastify } = await import('fastify');
  const { default: pgLib } = await import('pg');
  const { createHmac } = await import('node:crypto');
  const { jwtVerify } = await import('jose');
  const pool = new pgLib.Pool({ connectionString: databaseUrl, max: scale(20, 4) });
  // An idle connection ended from outside (the bench database dropped after a failure) is no crash.
  pool.on('error', () => undefined);
  const key = createHmac('sha256', JWT_SECRET).update('access-token').digest();
  /**
   * The session's user row for a bearer token, or null (throws on a bad signature).
   * @param {string} token
   * @returns {Promise<SessionUser | null>}
   */
  const authenticate = async (token) => {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'filter-portal' });
    const { rows } = await pool.query(SESSION_LOOKUP_SQL, [payload.sid, payload.sub]);
    return rows[0] ?? null;
  };
  const app = Fastify();
  for (const [path, handler] of Object.entries(routes)) {
    app.get(path, async (/** @type {BaselineRequest} */ req, reply) => {
      const user = await authenticate((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return reply.code(401).send({ status: 401 });
      return handler(req, pool, user, reply);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (app.server.address()).port}`,
    pool,
    server: app.server,
    authenticate,
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/**
 * Signs in through the real API; returns the bearer header.
 * @param {string} apiUrl
 * @param {string} email
 * @param {string} password
 * @returns {Promise<Headers>}
 */
export async function signIn(apiUrl, email, password) {
  const t = await fetch(`${apiUrl}/api/csrf-token`);
  const cookie = t.headers
    .getSetCookie()
    .map((s) => s.split(';')[0])
    .join('; ');
  const { token } = await t.json();
  const login = await fetch(`${apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie },
    body: JSON.stringify({ email, password }),
  }).then((r) => r.json());
  if (!login.token) throw new Error(`bench login failed for ${email}: ${JSON.stringify(login)}`);
  return { authorization: `Bearer ${login.token}` };
}

/**
 * Exact percentile (ms, 1 decimal) of per-request response times.
 * @param {number[]} times
 * @param {number} p
 */
export function percentile(times, p) {
  if (!times.length) return NaN;
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

/**
 * Latency at a fixed offered rate, open loop: one request every 1000/rate ms, evenly spaced, however
 * long earlier ones take (at most `connections` in flight; more wait in the client's queue), each
 * timed from when it was due, so a stall counts against every request it delays (no coordinated
 * omission). autocannon's `overallRate` is not used for this: it lets each connection fire its
 * per-second quota back to back at the start of every second, so its latencies measure its own bursts.
 * In smoke mode: 1 s, no warm-up, at most 50 req/s. `url`: one URL, or several taken in turn (round robin).
 * `n`: the requests timed.
 * @param {string | string[]} url
 * @param {{ headers?: Headers, rate: number, duration?: number, title: string, connections?: number, warmup?: number }} options
 */
export async function runAtRate(url, { headers = {}, rate, duration = 8, title, connections = 20, warmup = 2 }) {
  if (SMOKE) {
    duration = Math.min(duration, 0.5);
    warmup = 0;
    rate = Math.min(rate, 50);
  }
  const { Agent } = await import('undici');
  const agent = new Agent({ connections });
  try {
    await openLoop(url, { headers, rate, dispatcher: agent }, [{ seconds: warmup }]);
    /** @type {number[]} */
    const times = [];
    const r = await openLoop(url, { headers, rate, dispatcher: agent }, [{ seconds: duration, times }]);
    if (r.non2xx > 0) throw new Error(`${title}: ${r.non2xx} non-2xx responses`);
    return {
      title,
      rps: r.count / r.elapsed,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      n: times.length,
      times,
    };
  } finally {
    await agent.close();
  }
}

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * The open loop behind `runAtRate`: one request every 1000/rate ms through consecutive `windows`
 * (`{ seconds, before?, times?, settleS? }`). `before` runs as its window starts; each request's
 * time from when it was due goes into its window's `times`, except in the window's first `settleS`.
 * Resolves when every response is in: `{ non2xx, count, elapsed }` (s). Several URLs: taken in turn.
 * @typedef {{ seconds: number, before?: () => unknown, times?: number[], settleS?: number }} LoopWindow
 * @param {string | string[]} url
 * @param {{ headers?: Headers, rate: number, dispatcher: import('undici').Dispatcher }} options
 * @param {LoopWindow[]} windows
 */
export async function openLoop(url, { headers = {}, rate, dispatcher }, windows) {
  const { request } = await import('undici');
  const urls = typeof url === 'string' ? [url] : url;
  const interval = 1000 / rate;
  const start = performance.now() + 10;
  /** @type {Promise<void>[]} */
  const inflight = [];
  let non2xx = 0;
  let offset = 0;
  for (const w of windows) {
    const windowStart = start + offset * 1000;
    offset += w.seconds;
    await sleep(windowStart - performance.now());
    await w.before?.();
    const count = Math.round(rate * w.seconds);
    for (let i = 0; i < count; i++) {
      const due = windowStart + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const counted = i * interval >= (w.settleS ?? 0) * 1000;
      inflight.push(
        request(urls[inflight.length % urls.length], { headers, dispatcher }).then(async (res) => {
          // Read the body without decoding it: turning a 365 KiB page into a string 200 times a second
          // stalls this process's own event loop, and those stalls would be counted as the server's.
          for await (const chunk of res.body) void chunk;
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          if (counted) w.times?.push(performance.now() - due);
        }),
      );
    }
  }
  await Promise.all(inflight);
  return { non2xx, count: inflight.length, elapsed: (performance.now() - start) / 1000 };
}

/**
 * The API's catalogue cache counters and its memory, through the API's IPC stats hook
 * (`{ type: 'catalogue-cache-stats' }`, apps/api/src/main.ts).
 * @param {Launched} api
 * @returns {Promise<{ stats: any, memory: NodeJS.MemoryUsage }>}
 */
export function apiCacheStats(api) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('API cache stats: no answer in 5 s')), 5000);
    /** @param {any} m */
    const onMessage = (m) => {
      if (m?.type !== 'catalogue-cache-stats') return;
      clearTimeout(timer);
      api.child.off('message', onMessage);
      resolve({ stats: m.stats, memory: m.memory });
    };
    api.child.on('message', onMessage);
    api.child.send({ type: 'catalogue-cache-stats' });
  });
}

/**
 * One line on the API's catalogue cache: distinct pages and bytes held, the second cache of
 * compressed renderings, evictions by scope version and by capacity, heap and RSS.
 * @param {{ stats: any, memory: NodeJS.MemoryUsage }} s
 */
export function cacheStatsText({ stats, memory }) {
  const mib = (/** @type {number} */ n) => (n / 1024 / 1024).toFixed(1);
  const evicted = Object.entries(stats.evictedByVersion)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `${stats.pages} cached pages in ${mib(stats.bytes)} of ${mib(stats.budget)} MiB (${stats.pages ? (stats.bytes / stats.pages / 1024).toFixed(1) : '–'} KiB each; hits ${stats.hits}, misses ${stats.misses}; evicted by a newer version: ${evicted || 'none'}, by capacity: ${stats.evictedByCapacity}); compressed renderings per percentage: ${stats.rendered.entries} in ${mib(stats.rendered.bytes)} of ${mib(stats.rendered.budget)} MiB (hits ${stats.rendered.hits}, misses ${stats.rendered.misses}); API heap ${mib(memory.heapUsed)} MiB, RSS ${mib(memory.rss)} MiB`;
}
