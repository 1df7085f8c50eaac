// @ts-check
// Quote requests: submit with 200 lines (p95), the desk list over 10,000 requests at
// 50 req/s (p95), commit → `quote.changed` on a superadmin's socket (p99) and a 200-line quote PDF.
// Standalone: `node scripts/bench/quotes.mjs` (after `npx tsc -b apps/api apps/worker scripts`; also in
// `npm run bench`, --only=quotes); `BENCH_SMOKE=1` runs a tiny version (seconds) that only proves the
// script works. Prints a markdown section for docs/BENCHMARKS.md. Targets: submit p95 < 150 ms, desk
// p95 < 50 ms at 50 req/s, commit → socket p99 < 100 ms, 200-line PDF < 2 s.
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
 * The bearer header plus a CSRF token, for writes.
 * @param {string} api
 * @param {import('./lib.mjs').Headers} auth
 * @returns {Promise<import('./lib.mjs').Headers>}
 */
async function csrfHeaders(api, auth) {
  const { token } = await fetch(`${api}/api/csrf-token`, { headers: auth }).then((r) => r.json());
  return { ...auth, 'x-xsrf-token': token, 'content-type': 'application/json' };
}

/**
 * POST `body` as JSON to /api/`p`; the answer's `data` (throws on a non-2xx answer).
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
export async function benchQuotes(databaseUrl) {
  const sizes = scale(
    { submits: 100, requests: 10_000, rate: 50, seconds: 20, sockets: 200, pdfs: 5 },
    { submits: 3, requests: 500, rate: 10, seconds: 2, sockets: 10, pdfs: 1 },
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
  // 20 submissions per user per hour: enough employees for every measured submit.
  const employees = Math.ceil(sizes.submits / 20) + 1;
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

    // 1. Submit with 200 lines.
    /** @type {number[]} */
    const submitTimes = [];
    for (let i = 0; i < sizes.submits; i++) {
      const t = performance.now();
      await post(api.url, emp[i % employees], 'quote-requests', body200);
      submitTimes.push(performance.now() - t);
    }
    notes.push(
      `| Submit, 200 catalogue lines (sequential, ${sizes.submits} requests) | p50 ${percentile(submitTimes, 50)} ms · p95 **${percentile(submitTimes, 95)} ms** | < 150 ms |`,
    );

    // 2. The desk list over N requests (filled by SQL), at a fixed rate.
    await ds.query(
      `INSERT INTO quote_requests (company_id, requested_by, requester_name, status, line_count, created_at)
       SELECT $1, (SELECT id FROM users WHERE email = 'emp0@bench.test'), 'Emp 0',
              (ARRAY['submitted','in_review','quoted','accepted','declined'])[1 + g % 5], 3, now() - g * interval '1 minute'
         FROM generate_series(1, $2) g`,
      [company, sizes.requests - sizes.submits],
    );
    await ds.query(`ANALYZE quote_requests`);
    const desk = await runAtRate(`${api.url}/api/quote-requests?limit=20`, {
      headers: rootAuth,
      rate: sizes.rate,
      duration: sizes.seconds,
      title: 'desk list',
    });
    notes.push(
      `| Desk list (\`GET quote-requests?limit=20\`, ${sizes.requests.toLocaleString('en')} requests) at ${sizes.rate} req/s | p50 ${desk.p50} ms · p95 **${desk.p95} ms** · p99 ${desk.p99} ms | p95 < 50 ms |`,
    );

    // 3. Commit → socket: a thread message moves the request; the superadmin's socket hears quote.changed.
    const [target] = await ds.query(
      `SELECT id FROM quote_requests WHERE requester_name = 'Emp 0' ORDER BY created_at DESC LIMIT 1`,
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
    for (let i = 0; i < sizes.sockets; i++) {
      /** @type {Promise<number>} */
      const heard = new Promise((resolve) => {
        // One message per audience per change: several pushes to superadmins arrive as one `batch`.
        /** @param {{ _id: string }} m */
        const on = (m) => {
          if (m._id !== target.id) return;
          socket.off('quote.changed', on);
          socket.off('batch', onBatch);
          resolve(performance.now());
        };
        /** @param {{ events: { event: string, data: { _id: string } }[] }} b */
        const onBatch = (b) => b.events.filter((e) => e.event === 'quote.changed').forEach((e) => on(e.data));
        socket.on('quote.changed', on);
        socket.on('batch', onBatch);
      });
      const t0 = performance.now();
      await post(api.url, rootHeaders, `quote-requests/${target.id}/messages`, { body: `ping ${i}` });
      const t1 = performance.now();
      const t2 = await heard;
      fromRequest.push(t2 - t0);
      fromResponse.push(Math.max(0, t2 - t1));
    }
    socket.close();
    notes.push(
      `| Commit → \`quote.changed\` on a superadmin socket (${sizes.sockets} changes) | request start → socket p99 **${percentile(fromRequest, 99)} ms** (upper bound: includes the request) · response → socket p99 ${percentile(fromResponse, 99)} ms | p99 < 100 ms |`,
    );

    // 4. A 200-line quote as a PDF.
    const { _id } = await post(api.url, emp[0], 'quote-requests', body200).catch(async () =>
      post(api.url, emp[1], 'quote-requests', body200),
    );
    const d = await fetch(`${api.url}/api/quote-requests/${_id}`, { headers: rootAuth }).then((r) => r.json());
    const validUntil = new Date(Date.now() + 10 * 86400_000).toISOString().slice(0, 10);
    await post(api.url, rootHeaders, `quote-requests/${_id}/send-quote`, {
      version: d.data.version,
      valid_until: validUntil,
      lines: d.data.lines.map((/** @type {{ _id: string }} */ l) => ({
        _id: l._id,
        line_status: 'quoted',
        quoted_price: '12.34',
        lead_time_days: 10,
      })),
    });
    /** @type {number[]} */
    const pdfTimes = [];
    let bytes = 0;
    for (let i = 0; i < sizes.pdfs; i++) {
      const t = performance.now();
      const res = await fetch(`${api.url}/api/quote-requests/${_id}/pdf`, { headers: rootAuth });
      bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`pdf: ${res.status}`);
      pdfTimes.push(performance.now() - t);
    }
    notes.push(
      `| 200-line quote PDF (${Math.round(bytes / 1024)} KiB, ${sizes.pdfs} runs) | max **${Math.round(Math.max(...pdfTimes))} ms** | < 2 s |`,
    );
  } finally {
    await api.stop();
    await ds.destroy();
  }
  return {
    notes: [
      `### Quote requests${SMOKE ? ' (smoke run: sizes reduced, numbers meaningless)' : ''}`,
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
      'smoke mode is BENCH_SMOKE=1 (lib.mjs reads it on import): BENCH_SMOKE=1 node scripts/bench/quotes.mjs',
    );
  }
  const { notes } = await withDatabase(`portal_bench_quotes${SMOKE ? '_smoke' : ''}`, benchQuotes);
  console.log(notes.join('\n'));
  process.exit(0);
}
