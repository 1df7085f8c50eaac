// Operations dashboard (issue 26): first paint of the Operations screen's data with 200 companies,
// 1,000,000 logged events and 100,000 sent emails; how soon a cause shows (ops.changed after a
// sign-in; a bounce visible on the email tile); and what ten open dashboards cost the catalogue
// product page p99 (A-B-A: none, ten, none, at a fixed rate).
//
// Standalone: `node scripts/bench/ops.mjs` (after `npx tsc -b apps/api apps/worker scripts`);
// `--smoke` seeds a tiny database and runs each step for a second (checks the script, measures nothing).
// Prints a markdown section for docs/BENCHMARKS.md.
//
// "Logged searches": search logging lives on another branch (issue 2x); until it is merged, the
// 1,000,000 rows are audit entries (sign-ins, failed sign-ins, price lists) — the hot table the
// activity feed and usage read. Set BENCH_OPS_SEARCH_SQL to a statement that seeds the search log
// ($1 = row count) once that table exists.
import path from 'node:path';
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import pg from 'pg';
import { io } from 'socket.io-client';
import {
  db,
  freshDatabase,
  platform,
  root,
  runAtRate,
  SERVER_URL,
  signIn,
  sleep,
  startApi,
  percentile,
} from './lib.mjs';

const require = createRequire(import.meta.url);
const { generateDemoCatalogue, generateLargeCatalogue } = require(
  path.join(root, 'scripts/dist/catalogue/demo-catalogue.js'),
);
const { loadCatalogue } = require(path.join(root, 'scripts/dist/catalogue/load.js'));

const SMOKE = process.argv.includes('--smoke');
const SIZE = SMOKE
  ? { companies: 5, usersPer: 3, events: 2_000, emails: 200, variants: 0, dashboards: 2, rate: 20, seconds: 1 }
  : {
      companies: 200,
      usersPer: 5,
      events: 1_000_000,
      emails: 100_000,
      variants: 100_000,
      dashboards: 10,
      rate: 100,
      seconds: 20,
    };
const PASSWORD = 'Bench@12345';
const SECRET = 'bench-webhook-secret-0123456789abcdef';

async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', (err) => console.error(`ops bench: seed connection: ${err.message}`));
  await client.connect();
  const t0 = Date.now();
  const step = (what) => console.log(`ops bench: ${what} (${Date.now() - t0} ms)`);
  const catalogue = SIZE.variants ? generateLargeCatalogue(SIZE.variants) : generateDemoCatalogue();
  await client.query('BEGIN');
  const loaded = await loadCatalogue(client, catalogue);
  await client.query('COMMIT');
  step('catalogue loaded');
  const hash = await platform.hashPassword(PASSWORD);
  await client.query(
    `INSERT INTO companies (name, discount_percentage) SELECT 'Bench Co ' || g, 50 FROM generate_series(1, $1) g`,
    [SIZE.companies],
  );
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id, current_login)
     SELECT 'user ' || c.n || '.' || g, 'u' || c.n || '.' || g || '@bench.example', $2,
            CASE WHEN g = 1 THEN 'admin' ELSE 'employee' END, c.id,
            CASE WHEN c.n % 7 = 0 THEN NULL ELSE now() - make_interval(days => ((c.n * g) % 40)::int) END
       FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM companies) c, generate_series(1, $1) g`,
    [SIZE.usersPer, hash],
  );
  await client.query(
    `INSERT INTO users (username, email, password_hash, role) VALUES ('root', 'root@bench.example', $1, 'superadmin')`,
    [hash],
  );
  // Audit entries spread over 120 days: 80 % sign-ins, 15 % failed sign-ins, 5 % price lists.
  await client.query(
    `WITH u AS (
       SELECT array_agg(id ORDER BY id) AS ids, array_agg(username ORDER BY id) AS names,
              array_agg(role ORDER BY id) AS roles, array_agg(company_id ORDER BY id) AS cos, count(*)::int AS n
         FROM users WHERE role <> 'superadmin')
     INSERT INTO audit_log (action, entity, entity_id, company_id, actor_id, actor_username, actor_role, ip, created_at, after)
     SELECT CASE WHEN g % 20 < 16 THEN 'auth.login' WHEN g % 20 < 19 THEN 'auth.login_failed' ELSE 'pricelist.requested' END,
            CASE WHEN g % 20 < 19 THEN 'session' ELSE 'pricelist' END, gen_random_uuid()::text, u.cos[1 + g % u.n],
            u.ids[1 + g % u.n], u.names[1 + g % u.n], u.roles[1 + g % u.n], '10.0.0.1',
            now() - make_interval(secs => (g * 10.37)::int % (120 * 86400)),
            CASE WHEN g % 20 = 19 THEN '{"format":"pdf","scope_name":"Whole catalogue"}'::jsonb END
       FROM u, generate_series(1, $1) g`,
    [SIZE.events],
  );
  step('audit entries');
  if (process.env.BENCH_OPS_SEARCH_SQL) await client.query(process.env.BENCH_OPS_SEARCH_SQL, [SIZE.events]);
  // Sent emails over 30 days: mostly sent, some deferred/failed/bounced/suppressed.
  await client.query(
    `INSERT INTO sent_emails (event_id, recipient, template, message_id, status, attempts, verp_token, sent_at, updated_at)
     SELECT gen_random_uuid(), 'r' || (g % 5000) || '@bench.example', 'org-welcome', '<' || g || '@bench>',
            (ARRAY['sent','sent','sent','sent','sent','sent','sent','deferred','bounced','suppressed'])[1 + g % 10],
            1, md5(g::text), now() - make_interval(secs => (g * 25.9)::int % (30 * 86400)),
            now() - make_interval(secs => (g * 25.9)::int % (30 * 86400))
       FROM generate_series(1, $1) g`,
    [SIZE.emails],
  );
  await client.query('ANALYZE');
  const vcells = loaded.ids['v-cells'] ?? Object.values(loaded.ids)[0];
  await client.end();
  console.log(`ops bench: seeded in ${Date.now() - t0} ms`);
  return { productPage: vcells };
}

function startWorker(url) {
  const child = fork(path.join(root, 'apps/worker/dist/main.js'), [], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing!',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: 'http://localhost:3000',
      OUTBOX_POLL_MS: '200',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: [...platform.WORKER_NODE_FLAGS, '--require', path.join(root, 'scripts/dist/child-guard.js')],
  });
  const ready = new Promise((resolve, reject) => {
    child.on('message', (m) => m?.type === 'ready' && resolve());
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return { ready, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

/** The requests the Operations screen makes on load, in parallel: its first paint's data. */
const SCREEN = ['ops/summary', 'ops/activity?limit=30', 'ops/jobs/failed', 'ops/usage'];
async function screenLoad(apiUrl, headers) {
  const t = performance.now();
  const res = await Promise.all(SCREEN.map((p) => fetch(`${apiUrl}/api/${p}`, { headers })));
  for (const r of res) if (!r.ok) throw new Error(`${r.url}: ${r.status}`);
  await Promise.all(res.map((r) => r.arrayBuffer()));
  return performance.now() - t;
}

/** A dashboard: a socket that refetches the summary, activity and jobs on every ops.changed. */
function dashboard(apiUrl, headers) {
  const token = headers.authorization.slice('Bearer '.length);
  const socket = io(apiUrl, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    extraHeaders: { origin: 'http://localhost:3000' },
  });
  socket.on(
    'ops.changed',
    () =>
      void Promise.all(
        SCREEN.slice(0, 3).map((p) => fetch(`${apiUrl}/api/${p}`, { headers }).then((r) => r.arrayBuffer())),
      ).catch(() => undefined),
  );
  return socket;
}

export async function benchOps(url) {
  const { productPage } = await seed(url);
  const worker = startWorker(url);
  await worker.ready;
  const api = await startApi(url, { env: { EMAIL_WEBHOOK_SECRET: SECRET } });
  const out = [];
  try {
    const root = await signIn(api.url, 'root@bench.example', PASSWORD);
    const emp = await signIn(api.url, 'u1.2@bench.example', PASSWORD);
    // First paint: cold (first load after start) and warm (median of 10).
    const cold = await screenLoad(api.url, root);
    const warm = [];
    for (let i = 0; i < (SMOKE ? 2 : 10); i++) warm.push(await screenLoad(api.url, root));
    out.push(
      `| Operations screen data, cold | ${cold.toFixed(0)} ms |`,
      `| … warm (median of ${warm.length}) | ${percentile(warm, 50)} ms |`,
    );

    // A tile moves: sign-in → ops.changed at a watching superadmin socket.
    const watcher = dashboard(api.url, root);
    await new Promise((r) => watcher.once('connect', r));
    await sleep(2500);
    const moves = [];
    for (let i = 0; i < (SMOKE ? 1 : 5); i++) {
      const t = performance.now();
      const got = new Promise((r) => watcher.once('ops.changed', r));
      await signIn(api.url, 'u1.3@bench.example', PASSWORD);
      await got;
      moves.push(performance.now() - t);
      await sleep(2100);
    }
    out.push(`| sign-in → ops.changed (max of ${moves.length}) | ${Math.max(...moves).toFixed(0)} ms |`);

    // A bounce is visible: signed webhook → the summary's bounced count moves.
    const before = (await (await fetch(`${api.url}/api/ops/summary`, { headers: root })).json()).data.email.bounced;
    const body = JSON.stringify({
      type: 'bounce',
      recipient: 'r7@bench.example',
      status: '5.1.1',
      message_id: '<7@bench>',
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const t = performance.now();
    const res = await fetch(`${api.url}/api/email-events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-portal-timestamp': ts,
        'x-portal-signature': platform.webhookSignature(SECRET, ts, body),
      },
      body,
    });
    if (res.status !== 202) throw new Error(`webhook: ${res.status}`);
    for (;;) {
      const s = (await (await fetch(`${api.url}/api/ops/summary`, { headers: root })).json()).data.email.bounced;
      if (s > before || performance.now() - t > 10_000) break;
      await sleep(100);
    }
    out.push(`| bounce webhook → email tile | ${(performance.now() - t).toFixed(0)} ms |`);
    watcher.close();

    // Ten dashboards and the catalogue: A-B-A at a fixed rate, a sign-in every second throughout
    // (so ops.changed keeps firing and every dashboard refetches).
    const page = `${api.url}/api/catalogue/product/${productPage}`;
    let churn = true;
    const churner = (async () => {
      while (churn) {
        await signIn(api.url, 'u2.2@bench.example', PASSWORD).catch(() => undefined);
        await sleep(1000);
      }
    })();
    const phase = (title) =>
      runAtRate(page, { headers: emp, rate: SIZE.rate, duration: SIZE.seconds, warmup: SMOKE ? 0.5 : 3, title });
    const a1 = await phase('no dashboards');
    const sockets = Array.from({ length: SIZE.dashboards }, () => dashboard(api.url, root));
    await Promise.all(sockets.map((s) => new Promise((r) => s.once('connect', r))));
    const b = await phase(`${SIZE.dashboards} dashboards`);
    sockets.forEach((s) => s.close());
    await sleep(1000);
    const a2 = await phase('no dashboards again');
    churn = false;
    await churner;
    const baseP99 = (a1.p99 + a2.p99) / 2;
    out.push(
      `| catalogue product page p99 at ${SIZE.rate} req/s, no dashboards | ${a1.p99} / ${a2.p99} ms |`,
      `| … with ${SIZE.dashboards} dashboards open | ${b.p99} ms (**${(((b.p99 - baseP99) / baseP99) * 100).toFixed(1)} %**) |`,
    );
  } finally {
    await api.stop();
    await worker.stop();
  }
  const section = [
    `### Operations dashboard${SMOKE ? ' (smoke run: sizes tiny, figures meaningless)' : ''}`,
    '',
    `${SIZE.companies} companies, ${SIZE.events.toLocaleString('en')} logged events, ${SIZE.emails.toLocaleString('en')} sent emails.`,
    '',
    '| measure | result |',
    '|---|---|',
    ...out,
  ].join('\n');
  return { section };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const name = 'portal_bench_ops';
  const url = await freshDatabase(name);
  try {
    console.log((await benchOps(url)).section);
  } finally {
    await db.dropDatabase(SERVER_URL, name);
  }
}
