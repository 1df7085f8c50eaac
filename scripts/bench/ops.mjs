// @ts-check
// Operations dashboard: first paint of the Operations screen's data with 200 companies,
// 1,000,000 logged searches, 200,000 audit entries and 100,000 sent emails; how soon a cause shows
// (ops.changed after a sign-in; a bounce visible on the email tile); and what ten open dashboards
// cost the catalogue product page p99 (A-B-A: none, ten, none, at a fixed rate).
//
//   node scripts/bench/ops.mjs                   (after `npx tsc -b apps/api apps/worker scripts`)
//   BENCH_SMOKE=1 node scripts/bench/ops.mjs     tiny sizes, sub-second windows (checks the script works)
// In `npm run bench` it is 'ops' (run.mjs). Prints a markdown section for docs/BENCHMARKS.md.
//
// The searches go into the real `search_log`, spread over 90 days, a third with no
// result; the audit entries (sign-ins, failed sign-ins, price lists) are the activity feed's other
// hot table.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connected, dashboard, SCREEN } from './ops-dashboards.mjs';
import {
  catalogueData,
  db,
  launch,
  percentile,
  platform,
  runAtRate,
  scale,
  signIn,
  sleep,
  SMOKE,
  startApi,
  startWorker,
  withDatabase,
} from './lib.mjs';

const SIZE = scale(
  {
    companies: 200,
    usersPer: 5,
    searches: 1_000_000,
    events: 200_000,
    emails: 100_000,
    variants: 100_000,
    dashboards: 10,
    rate: 100,
    seconds: 30,
    pairs: 2,
    warm: 10,
    moves: 5,
  },
  {
    companies: 5,
    usersPer: 3,
    searches: 2_000,
    events: 2_000,
    emails: 200,
    variants: 0,
    dashboards: 2,
    rate: 20,
    seconds: 1,
    pairs: 1,
    warm: 2,
    moves: 1,
  },
);
const PASSWORD = 'Bench@12345';
const SECRET = 'bench-webhook-secret-0123456789abcdef';

/** @typedef {import('./lib.mjs').Headers} Headers */

/**
 * The catalogue, companies and users, audit entries, logged searches and sent emails.
 * @param {string} url
 * @returns {Promise<{ productPage: string }>}
 */
async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', (err) => console.error(`ops bench: seed connection: ${err.message}`));
  await client.connect();
  const t0 = Date.now();
  /** @param {string} what */
  const step = (what) => console.log(`ops bench: ${what} (${Date.now() - t0} ms)`);
  const cat = catalogueData();
  const catalogue = cat.generate(SIZE.variants);
  await client.query('BEGIN');
  const loaded = await cat.loadCatalogue(client, catalogue);
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
  // Logged searches over 90 days by the companies' users: a third found nothing. Rolled up to
  // yesterday below, as the worker leaves them (its upkeep must not run during the measurements);
  // today's raw rows are what the summary and the feed read.
  await client.query(`UPDATE search_log_rollup SET through = (now() AT TIME ZONE 'UTC')::date - 90`);
  await client.query(
    `WITH u AS (
       SELECT array_agg(id ORDER BY id) AS ids, array_agg(company_id ORDER BY id) AS cos, count(*)::int AS n
         FROM users WHERE role <> 'superadmin')
     INSERT INTO search_log (at, kind, company_id, user_id, raw, key, results)
     SELECT now() - make_interval(secs => (g * 7.77)::int % (90 * 86400)), 'find', u.cos[1 + g % u.n], u.ids[1 + g % u.n],
            'XR-' || (g % 50000), 'XR' || (g % 50000), CASE WHEN g % 3 = 0 THEN 0 ELSE 1 + g % 7 END
       FROM u, generate_series(1, $1) g`,
    [SIZE.searches],
  );
  step('logged searches');
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
  const ds = await db.createDataSource({ url, poolSize: 1 }).initialize();
  step(`${await db.rollUpSearchLog(ds)} roll-up rows`);
  await ds.destroy();
  await client.query('ANALYZE');
  const productPage = loaded.ids['v-cells'] ?? Object.values(loaded.ids)[0];
  await client.end();
  console.log(`ops bench: seeded in ${Date.now() - t0} ms`);
  return { productPage };
}

/**
 * The Operations screen's first paint: its load requests, in parallel.
 * @param {string} apiUrl
 * @param {Headers} headers
 */
async function screenLoad(apiUrl, headers) {
  const t = performance.now();
  const res = await Promise.all(SCREEN.map((p) => fetch(`${apiUrl}/api/${p}`, { headers })));
  for (const r of res) if (!r.ok) throw new Error(`${r.url}: ${r.status}`);
  await Promise.all(res.map((r) => r.arrayBuffer()));
  return performance.now() - t;
}

/**
 * @param {string} url a fresh, migrated database
 * @returns {Promise<{ section: string }>}
 */
export async function benchOps(url) {
  const { productPage } = await seed(url);
  const worker = await startWorker(url);
  const api = await startApi(url, { env: { EMAIL_WEBHOOK_SECRET: SECRET } }).catch(async (err) => {
    await worker.stop();
    throw err;
  });
  /** @type {string[]} */
  const out = [];
  try {
    const root = await signIn(api.url, 'root@bench.example', PASSWORD);
    const emp = await signIn(api.url, 'u1.2@bench.example', PASSWORD);
    // First paint: cold (first load after start) and warm (median of 10).
    const cold = await screenLoad(api.url, root);
    /** @type {number[]} */
    const warm = [];
    for (let i = 0; i < SIZE.warm; i++) warm.push(await screenLoad(api.url, root));
    out.push(
      `| Operations screen data, cold | ${cold.toFixed(0)} ms |`,
      `| … warm (median of ${warm.length}) | ${percentile(warm, 50)} ms |`,
    );

    // A tile moves: sign-in → ops.changed at a watching superadmin socket.
    const watcher = dashboard(api.url, root.authorization.slice('Bearer '.length));
    await connected(watcher);
    await sleep(scale(2500, 2100));
    /** @type {number[]} */
    const moves = [];
    for (let i = 0; i < SIZE.moves; i++) {
      const t = performance.now();
      /** @type {Promise<void>} */
      const got = new Promise((resolve) => watcher.once('ops.changed', () => resolve()));
      await signIn(api.url, 'u1.3@bench.example', PASSWORD);
      await got;
      moves.push(performance.now() - t);
      if (i < SIZE.moves - 1) await sleep(2100);
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

    // Ten dashboards and the catalogue: A-B-A-B-A at a fixed rate, a sign-in every second throughout
    // (so ops.changed keeps firing and every dashboard refetches what moved). Each A waits until the
    // summary loop has gone idle (it runs 30 s past the last read), so the loop counts as the
    // dashboards' cost; the pooled requests of all A and all B phases are compared.
    const page = `${api.url}/api/catalogue/product/${productPage}`;
    let churn = true;
    const churner = (async () => {
      while (churn) {
        await signIn(api.url, 'u2.2@bench.example', PASSWORD).catch(() => undefined);
        await sleep(1000);
      }
    })();
    /** @param {string} title */
    const phase = (title) =>
      runAtRate(page, { headers: emp, rate: SIZE.rate, duration: SIZE.seconds, warmup: 3, title });
    /** @type {number[][]} */
    const none = [];
    /** @type {number[][]} */
    const open = [];
    for (let i = 0; i <= SIZE.pairs; i++) {
      await sleep(scale(31_000, 200));
      none.push((await phase('no dashboards')).times);
      if (i === SIZE.pairs) break;
      // The dashboards run in a process of their own, as browsers elsewhere would.
      const dashboards = await launch('scripts/bench/ops-dashboards.mjs', {
        env: {
          PATH: String(process.env.PATH),
          OPS_API_URL: api.url,
          OPS_TOKEN: root.authorization.slice('Bearer '.length),
          OPS_DASHBOARDS: String(SIZE.dashboards),
        },
      });
      open.push((await phase(`${SIZE.dashboards} dashboards`).finally(() => dashboards.stop())).times);
    }
    churn = false;
    await churner;
    const p99 = (/** @type {number[]} */ t) => percentile(t, 99);
    const baseP99 = p99(none.flat());
    const openP99 = p99(open.flat());
    out.push(
      `| catalogue product page p99 at ${SIZE.rate} req/s, no dashboards (${none.length} phases of ${SIZE.seconds} s: ${none.map(p99).join(' / ')} ms) | ${baseP99} ms |`,
      `| … with ${SIZE.dashboards} dashboards open (${open.length} phases: ${open.map(p99).join(' / ')} ms) | ${openP99} ms (**${(((openP99 - baseP99) / baseP99) * 100).toFixed(1)} %**) |`,
    );
  } finally {
    await api.stop();
    await worker.stop();
  }
  const section = [
    `### Operations dashboard${SMOKE ? ' (smoke run: sizes tiny, figures meaningless)' : ''}`,
    '',
    `${SIZE.companies} companies, ${SIZE.searches.toLocaleString('en')} logged searches, ${SIZE.events.toLocaleString('en')} audit entries, ${SIZE.emails.toLocaleString('en')} sent emails.`,
    '',
    '| measure | result |',
    '|---|---|',
    ...out,
  ].join('\n');
  return { section };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--smoke') && !SMOKE) {
    throw new Error(
      'smoke mode is BENCH_SMOKE=1 (lib.mjs reads it on import): BENCH_SMOKE=1 node scripts/bench/ops.mjs',
    );
  }
  const { section } = await withDatabase(`portal_bench_ops${SMOKE ? '_smoke' : ''}_${process.pid}`, benchOps);
  console.log(section);
  process.exit(0);
}
