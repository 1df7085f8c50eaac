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

/** A port that was free a moment ago (for a server whose public URL must be known up front). */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The compiled API on a random port. `webDist`: also serve that built web app (browser benchmarks);
 * the API then listens on a port chosen here so that PUBLIC_URL (CORS / CSRF origin) matches it.
 */
export async function startApi(databaseUrl, { webDist, env: extraEnv = {} } = {}) {
  const fixedPort = webDist ? await freePort() : 0;
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    PORT: String(fixedPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: webDist ? `http://127.0.0.1:${fixedPort}` : 'http://localhost:3000',
    WEB_DIST: webDist ?? '/nonexistent',
    LOG_LEVEL: 'error',
    ...extraEnv,
  };
  const child = fork(path.join(root, 'apps/api/dist/main.js'), [], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [
      '--require',
      path.join(root, 'scripts/dist/child-guard.js'),
      ...(process.env.BENCH_API_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
    ],
  });
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

export function ratioRow(name, subject, baseline) {
  return `| ${name} | ${subject.rps.toFixed(0)} | ${subject.p99} | ${baseline.rps.toFixed(0)} | ${baseline.p99} | **${(subject.rps / baseline.rps).toFixed(2)}** |`;
}

/** Same shape as the API's session check: JWT (HS256, audience) + the session/user lookup SQL. */
export const SESSION_LOOKUP_SQL = `SELECT s.id AS session_id, u.id, u.username, u.email, u.role, u.company_id, u.picture, c.name AS company_name
  FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
 WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status AND (u.company_id IS NULL OR c.status)`;

/**
 * A bare Fastify + pg server: each route authenticates exactly as the API does (JWT verify + session
 * lookup) and then runs `handler(req, pool, user, reply)` — the same SQL as the API's service.
 */
export async function startBaseline(databaseUrl, routes) {
  const { default: Fastify } = await import('fastify');
  const { default: pgLib } = await import('pg');
  const { createHmac } = await import('node:crypto');
  const { jwtVerify } = await import('jose');
  const pool = new pgLib.Pool({ connectionString: databaseUrl, max: 20 });
  const key = createHmac('sha256', JWT_SECRET).update('access-token').digest();
  /** The session's user row for a bearer token, or null (throws on a bad signature). */
  const authenticate = async (token) => {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'filter-portal' });
    const { rows } = await pool.query(SESSION_LOOKUP_SQL, [payload.sid, payload.sub]);
    return rows[0] ?? null;
  };
  const app = Fastify();
  for (const [path, handler] of Object.entries(routes)) {
    app.get(path, async (req, reply) => {
      const user = await authenticate((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return reply.code(401).send({ status: 401 });
      return handler(req, pool, user, reply);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    pool,
    server: app.server,
    authenticate,
    stop: async () => (await app.close(), await pool.end()),
  };
}

/** Signs in through the real API; returns the bearer header. */
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

/** Latency at a fixed offered load (e.g. 200 req/s) — the p99 target is stated at a rate. */
/** Exact percentile (ms, 1 decimal) of per-request response times. */
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
 */
export async function runAtRate(url, { headers = {}, rate, duration = 8, title, connections = 20, warmup = 2 }) {
  const { Agent } = await import('undici');
  const agent = new Agent({ connections });
  try {
    await openLoop(url, { headers, rate, dispatcher: agent }, [{ seconds: warmup }]);
    const times = [];
    const r = await openLoop(url, { headers, rate, dispatcher: agent }, [{ seconds: duration, times }]);
    if (r.non2xx > 0) throw new Error(`${title}: ${r.non2xx} non-2xx responses`);
    return {
      title,
      rps: r.count / r.elapsed,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
    };
  } finally {
    await agent.close();
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * The open loop behind `runAtRate`: one request every 1000/rate ms through consecutive `windows`
 * (`{ seconds, before?, times?, settleS? }`). `before` runs as its window starts; each request's
 * time from when it was due goes into its window's `times`, except in the window's first `settleS`.
 * Resolves when every response is in: `{ non2xx, count, elapsed }` (s).
 */
export async function openLoop(url, { headers = {}, rate, dispatcher }, windows) {
  const { request } = await import('undici');
  const interval = 1000 / rate;
  const start = performance.now() + 10;
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
        request(url, { headers, dispatcher }).then(async (res) => {
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
