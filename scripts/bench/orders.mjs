// @ts-check
// Order requests: submit with 200 lines (p95), preview of 200 lines (p95), the orders desk list over
// 50,000 requests at 50 req/s (p95), commit → `order.changed` on a superadmin's socket (p99).
// Standalone: `node scripts/bench/orders.mjs` (after `npx tsc -b apps/api apps/worker scripts`; also in
// `npm run bench`, --only=orders); `BENCH_SMOKE=1` runs a tiny version (seconds) that only proves the
// script works. Prints a markdown section for docs/BENCHMARKS.md. Targets: submit p95 < 150 ms, preview
// p95 < 100 ms, desk p95 < 50 ms at 50 req/s, commit → socket p99 < 100 ms.
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import {
  catalogueData,
  db,
  percentile,
  platform,
  runAtRate,
  scale,
  signIn,
  SMOKE,
  startApi,
  withDatabase,
} from './lib.mjs';

const PASSWORD = 'Bench@12345';
const PUBLIC_URL = 'http://localhost:3000';

/**
 * @param {string} api
 * @param {import('./lib.mjs').Headers} auth
 * @returns {Promise<import('./lib.mjs').Headers>}
 */
async function csrfHeaders(api, auth) {
  const { token } = await fetch(`${api}/api/csrf-token`, { headers: auth }).then((r) => r.json());
  return { ...auth, 'x-xsrf-token': token, 'content-type': 'application/json' };
}

/**
 * @param {string} api
 * @param {import('./lib.mjs').Headers} headers
 * @param {string} p
 * @param {unknown} body
 * @returns {Promise<any>}
 */
async function post(api, headers, p, body) {
  const res = await fetch(`${api}/api/${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`POST ${p}: ${res.status} ${json.message}`);
  return json.data;
}

/**
 * @param {string} databaseUrl a fresh, migrated database
 * @returns {Promise<{ notes: string[] }>}
 */
export async function benchOrders(databaseUrl) {
  const sizes = scale(
    { submits: 100, previews: 100, requests: 50_000, rate: 50, seconds: 20, sockets: 200 },
    { submits: 3, previews: 3, requests: 500, rate: 10, seconds: 2, sockets: 5 },
  );
  const { loadCatalogue, generateDemoCatalogue } = catalogueData();
  const ds = await db.createDataSource({ url: databaseUrl, poolSize: 2 }).initialize();
  const hash = await platform.hashPassword(PASSWORD);
  await ds.transaction((m) => loadCatalogue(m, generateDemoCatalogue()));
  const [{ id: company }] = await ds.query(
    `INSERT INTO companies (name, discount_percentage) VALUES ('Bench Air', 45.5) RETURNING id`,
  );
  const insert = `INSERT INTO users (username, email, password_hash, role, company_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`;
  await ds.query(insert, ['Root', 'root@bench.test', hash, 'superadmin', null]);
  // 30 submissions per user per hour: enough employees for every measured submit.
  const employees = Math.ceil(sizes.submits / 30) + 1;
  for (let i = 0; i < employees; i++)
    await ds.query(insert, [`Emp ${i}`, `emp${i}@bench.test`, hash, 'employee', company]);
  /** @type {string[]} */
  const variants = (await ds.query(`SELECT id FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 200`)).map(
    (/** @type {{ id: string }} */ r) => r.id,
  );

  const api = await startApi(databaseUrl, { env: { PUBLIC_URL } });
  /** @type {string[]} */
  const notes = [];
  try {
    const rootAuth = await signIn(api.url, 'root@bench.test', PASSWORD);
    const rootHeaders = await csrfHeaders(api.url, rootAuth);
    /** @type {import('./lib.mjs').Headers[]} */
    const emp = [];
    for (let i = 0; i < employees; i++)
      emp.push(await csrfHeaders(api.url, await signIn(api.url, `emp${i}@bench.test`, PASSWORD)));
    const body200 = {
      lines: variants.map((variant_id, i) => ({ kind: 'catalogue', variant_id, quantity: 1 + (i % 7) })),
    };

    // 1. Preview of 200 lines (writes nothing).
    /** @type {number[]} */
    const previewTimes = [];
    for (let i = 0; i < sizes.previews; i++) {
      const t = performance.now();
      await post(api.url, emp[0], 'order-requests/preview', body200);
      previewTimes.push(performance.now() - t);
    }
    notes.push(
      `| Preview, 200 catalogue lines (sequential, ${sizes.previews} requests) | p50 ${percentile(previewTimes, 50)} ms · p95 **${percentile(previewTimes, 95)} ms** | < 100 ms |`,
    );

    // 2. Submit with 200 lines (priced in the transaction, with the total the preview showed).
    /** @type {number[]} */
    const submitTimes = [];
    for (let i = 0; i < sizes.submits; i++) {
      const t = performance.now();
      await post(api.url, emp[i % employees], 'order-requests', body200);
      submitTimes.push(performance.now() - t);
    }
    notes.push(
      `| Submit, 200 catalogue lines (sequential, ${sizes.submits} requests) | p50 ${percentile(submitTimes, 50)} ms · p95 **${percentile(submitTimes, 95)} ms** | < 150 ms |`,
    );

    // 3. The desk list over N requests (filled by SQL), at a fixed rate.
    await ds.query(
      `INSERT INTO order_requests (company_id, requested_by, requester_name, status, total_cents, line_count, created_at)
       SELECT $1, (SELECT id FROM users WHERE email = 'emp0@bench.test'), 'Emp 0',
              (ARRAY['submitted','acknowledged','confirmed','shipped','cancelled'])[1 + g % 5], 12345, 3,
              now() - interval '2 hours' - g * interval '1 minute'
         FROM generate_series(1, $2) g`,
      [company, sizes.requests - sizes.submits],
    );
    await ds.query(`ANALYZE order_requests`);
    const desk = await runAtRate(`${api.url}/api/order-requests?limit=20&status=submitted,acknowledged,confirmed`, {
      headers: rootAuth,
      rate: sizes.rate,
      duration: sizes.seconds,
      title: 'orders desk',
    });
    notes.push(
      `| Orders desk (\`GET order-requests?limit=20&status=…open\`, with counts; ${sizes.requests.toLocaleString('en')} requests) at ${sizes.rate} req/s | p50 ${desk.p50} ms · p95 **${desk.p95} ms** · p99 ${desk.p99} ms | p95 < 50 ms |`,
    );

    // 4. Commit → socket: the office acknowledges a submitted request; its socket hears order.changed.
    /** @type {{ id: string }[]} */
    const targets = await ds.query(
      `SELECT id FROM order_requests WHERE status = 'submitted' ORDER BY created_at DESC LIMIT $1`,
      [sizes.sockets],
    );
    const socket = io(api.url, {
      path: '/socket.io',
      auth: { token: rootAuth.authorization.slice(7) },
      transports: ['websocket'],
      extraHeaders: { origin: PUBLIC_URL },
      reconnection: false,
    });
    await /** @type {Promise<void>} */ (
      new Promise((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)))
    );
    /** @type {number[]} */
    const fromRequest = [];
    /** @type {number[]} */
    const fromResponse = [];
    for (const target of targets) {
      /** @type {Promise<number>} */
      const heard = new Promise((resolve) => {
        /** @param {{ _id: string }} m */
        const on = (m) => {
          if (m._id !== target.id) return;
          socket.off('order.changed', on);
          socket.off('batch', onBatch);
          resolve(performance.now());
        };
        /** @param {{ events: { event: string, data: { _id: string } }[] }} b */
        const onBatch = (b) => b.events.filter((e) => e.event === 'order.changed').forEach((e) => on(e.data));
        socket.on('order.changed', on);
        socket.on('batch', onBatch);
      });
      const t0 = performance.now();
      await post(api.url, rootHeaders, `order-requests/${target.id}/acknowledge`, { version: 1 });
      const t1 = performance.now();
      const t2 = await heard;
      fromRequest.push(t2 - t0);
      fromResponse.push(Math.max(0, t2 - t1));
    }
    socket.close();
    notes.push(
      `| Commit → \`order.changed\` on a superadmin socket (${targets.length} acknowledgements) | request start → socket p99 **${percentile(fromRequest, 99)} ms** (upper bound: includes the request) · response → socket p99 ${percentile(fromResponse, 99)} ms | p99 < 100 ms |`,
    );
  } finally {
    await api.stop();
    await ds.destroy();
  }
  return {
    notes: [
      `### Order requests${SMOKE ? ' (smoke run: sizes reduced, numbers meaningless)' : ''}`,
      '',
      '| measure | result | target |',
      '| --- | --- | --- |',
      ...notes,
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--smoke') && !SMOKE) {
    throw new Error(
      'smoke mode is BENCH_SMOKE=1 (lib.mjs reads it on import): BENCH_SMOKE=1 node scripts/bench/orders.mjs',
    );
  }
  const { notes } = await withDatabase(`portal_bench_orders${SMOKE ? '_smoke' : ''}`, benchOrders);
  console.log(notes.join('\n'));
  process.exit(0);
}
