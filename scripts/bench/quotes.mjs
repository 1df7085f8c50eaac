// @ts-check
// Quote requests: submit with 200 lines (p95), the desk list over 10,000 requests at
// 50 req/s (p95), commit → `quote.changed` on a superadmin's socket (p99) and a 200-line quote PDF.
// Standalone: `node scripts/bench/quotes.mjs` (after `npx tsc -b apps/api apps/worker scripts`; also in
// `npm run bench`, --only=quotes); `BENCH_SMOKE=1` runs a tiny version (seconds) that only proves the
// script works. Prints a markdown section for docs/BENCHMARKS.md. Targets: submit p95 < 150 ms, desk
// p95 < 50 ms at 50 req/s, commit → socket p99 < 100 ms, 200-line PDF < 2 s.
import { fileURLToPath } from 'node:url';
import { percentile, runAtRate, scale, SMOKE, startApi, withDatabase } from './lib.mjs';
import {
  catalogueLines,
  commitToSocket,
  post,
  PUBLIC_URL,
  seedBuyers,
  signInBuyers,
  timeSequential,
} from './requests.mjs';

/**
 * @param {string} databaseUrl a fresh, migrated database
 * @returns {Promise<{ notes: string[] }>}
 */
export async function benchQuotes(databaseUrl) {
  const sizes = scale(
    { submits: 100, requests: 10_000, rate: 50, seconds: 20, sockets: 200, pdfs: 5 },
    { submits: 3, requests: 500, rate: 10, seconds: 2, sockets: 10, pdfs: 1 },
  );
  // 20 submissions per user per hour: enough employees for every measured submit.
  const employees = Math.ceil(sizes.submits / 20) + 1;
  const { ds, company, variants } = await seedBuyers(databaseUrl, { employees });

  const api = await startApi(databaseUrl, { env: { PUBLIC_URL } });
  /** @type {string[]} */
  const notes = [];
  try {
    const { rootAuth, rootHeaders, emp } = await signInBuyers(api.url, employees);
    const body200 = catalogueLines(variants);

    // 1. Submit with 200 lines.
    const submitTimes = await timeSequential(sizes.submits, (i) =>
      post(api.url, emp[i % employees], 'quote-requests', body200),
    );
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
    const live = await commitToSocket({
      apiUrl: api.url,
      databaseUrl,
      token: rootAuth.authorization.slice(7),
      event: 'quote.changed',
      changes: Array.from({ length: sizes.sockets }, (_, i) => ({
        id: target.id,
        run: () => post(api.url, rootHeaders, `quote-requests/${target.id}/messages`, { body: `ping ${i}` }),
      })),
    });
    notes.push(
      `| Commit → \`quote.changed\` on a superadmin socket (${live.count} changes) | commit → socket p50 ${live.commit.p50} ms · p99 **${live.commit.p99} ms** · request start → socket p99 ${live.request.p99} ms · response → socket p99 ${live.response.p99} ms | p99 < 100 ms |`,
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
