// @ts-check
// Order requests: submit with 200 lines (p95), preview of 200 lines (p95), the orders desk list over
// 50,000 requests at 50 req/s (p95), commit → `order.changed` on a superadmin's socket (p99).
// Standalone: `node scripts/bench/orders.mjs` (after `npx tsc -b apps/api apps/worker scripts`; also in
// `npm run bench`, --only=orders); `BENCH_SMOKE=1` runs a tiny version (seconds) that only proves the
// script works. Prints a markdown section for docs/BENCHMARKS.md. Targets: submit p95 < 150 ms, preview
// p95 < 100 ms, desk p95 < 50 ms at 50 req/s, commit → socket p99 < 100 ms.
import { fileURLToPath } from 'node:url';
import { percentile, runAtRate, scale, SMOKE, startApi, startBaseline, withDatabase } from './lib.mjs';
import {
  catalogueLines,
  commitToSocket,
  post,
  PUBLIC_URL,
  seedBuyers,
  signInBuyers,
  timeSequential,
} from './requests.mjs';

const OPEN = ['submitted', 'acknowledged', 'confirmed'];

/** The desk's SQL as the API runs it for the office (a page, its total and the counts per status). */
const DESK_SQL = {
  page: `SELECT r.id, r.number, r.status, r.company_id, c.name AS company_name, r.site_id, r.requested_by,
      r.requester_name, r.po_number, r.customer_reference, r.needed_by::text AS needed_by, r.line_count,
      r.total_cents::text AS total_cents, r.version, r.created_at, r.updated_at
    FROM order_requests r JOIN companies c ON c.id = r.company_id
   WHERE r.status = ANY($1::text[]) ORDER BY r.created_at DESC, r.id DESC LIMIT 20`,
  total: `SELECT coalesce(sum(n), 0)::int AS n FROM order_request_counts WHERE status = ANY($1::text[])`,
  counts: `SELECT status, sum(n)::int AS n FROM order_request_counts GROUP BY status HAVING sum(n) > 0`,
};

/**
 * @param {string} databaseUrl a fresh, migrated database
 * @returns {Promise<{ notes: string[] }>}
 */
export async function benchOrders(databaseUrl) {
  const sizes = scale(
    { submits: 100, previews: 100, requests: 50_000, rate: 50, seconds: 20, sockets: 200 },
    { submits: 3, previews: 3, requests: 500, rate: 10, seconds: 2, sockets: 5 },
  );
  // 30 submissions per user per hour: enough employees for every measured submit.
  const employees = Math.ceil(sizes.submits / 30) + 1;
  const { ds, company, variants } = await seedBuyers(databaseUrl, { employees });
  const body200 = catalogueLines(variants);

  const api = await startApi(databaseUrl, { env: { PUBLIC_URL } });
  /** @type {string[]} */
  const notes = [];
  try {
    const { rootAuth, rootHeaders, emp } = await signInBuyers(api.url, employees);

    // 1. Preview of 200 lines (writes nothing).
    const previewTimes = await timeSequential(sizes.previews, () =>
      post(api.url, emp[0], 'order-requests/preview', body200),
    );
    notes.push(
      `| Preview, 200 catalogue lines (sequential, ${sizes.previews} requests) | p50 ${percentile(previewTimes, 50)} ms · p95 **${percentile(previewTimes, 95)} ms** | < 100 ms |`,
    );

    // 2. Submit with 200 lines (priced in the transaction).
    const submitTimes = await timeSequential(sizes.submits, (i) =>
      post(api.url, emp[i % employees], 'order-requests', body200),
    );
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
    const desk = await runAtRate(`${api.url}/api/order-requests?limit=20&status=${OPEN.join(',')}`, {
      headers: rootAuth,
      rate: sizes.rate,
      duration: sizes.seconds,
      title: 'orders desk',
    });
    // The same SQL behind a bare Fastify + pg server, at the same rate, right after: what this machine
    // gives at that moment (on a loaded machine, the gap to the API is the API's own share).
    const base = await startBaseline(databaseUrl, {
      '/desk': async (_req, pool) => {
        const [page, total, counts] = await Promise.all([
          pool.query(DESK_SQL.page, [OPEN]),
          pool.query(DESK_SQL.total, [OPEN]),
          pool.query(DESK_SQL.counts),
        ]);
        return { status: 200, data: { list: page.rows, total: total.rows[0].n, counts: counts.rows } };
      },
    });
    const floor = await runAtRate(`${base.url}/desk`, {
      headers: rootAuth,
      rate: sizes.rate,
      duration: sizes.seconds,
      title: 'orders desk baseline',
    }).finally(() => base.stop());
    notes.push(
      `| Orders desk (\`GET order-requests?limit=20&status=…open\`, with counts; ${sizes.requests.toLocaleString('en')} requests) at ${sizes.rate} req/s | p50 ${desk.p50} ms · p95 **${desk.p95} ms** · p99 ${desk.p99} ms (bare Fastify + pg, same SQL, same rate: p50 ${floor.p50} ms · p95 ${floor.p95} ms) | p95 < 50 ms |`,
    );

    // 4. Commit → socket: the office acknowledges a submitted request; its socket hears order.changed.
    /** @type {{ id: string }[]} */
    const targets = await ds.query(
      `SELECT id FROM order_requests WHERE status = 'submitted' ORDER BY created_at DESC LIMIT $1`,
      [sizes.sockets],
    );
    const live = await commitToSocket({
      apiUrl: api.url,
      databaseUrl,
      token: rootAuth.authorization.slice(7),
      event: 'order.changed',
      changes: targets.map(({ id }) => ({
        id,
        run: () => post(api.url, rootHeaders, `order-requests/${id}/acknowledge`, { version: 1 }),
      })),
    });
    notes.push(
      `| Commit → \`order.changed\` on a superadmin socket (${live.count} acknowledgements) | commit → socket p50 ${live.commit.p50} ms · p99 **${live.commit.p99} ms** · request start → socket p99 ${live.request.p99} ms · response → socket p99 ${live.response.p99} ms | p99 < 100 ms |`,
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
