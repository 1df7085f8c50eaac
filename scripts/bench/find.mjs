// @ts-check
// Find from one box, part aliases and the demand report, on a fresh database:
//  1. `GET catalogue/find` p50/p95/p99 at 50 req/s over a 100,000-variant catalogue, a mix of exact and
//     normalised part numbers, aliases, sizes (with and without words) and unknown numbers
//     (did-you-mean), half of them as-you-type calls (target p95 < 30 ms);
//  2. what alias matching adds: part-number finds at 50 req/s with 0 and then 100,000 aliases
//     (target ≤ 2 ms p95);
//  3. the 90-day demand report over 1,000,000 logged searches — raw only, and after the daily roll-up
//     (target p95 < 300 ms); the roll-up's own time;
//  4. 100,000 aliases through the catalogue import (`aliases` column): dry run + apply (target < 30 s).
// Run alone after `npx tsc -b apps/api apps/worker scripts` (also in `npm run bench`, --only=find):
//   node scripts/bench/find.mjs                  full size (minutes)
//   BENCH_SMOKE=1 node scripts/bench/find.mjs    tiny sizes, sub-second rate windows (checks the script works)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  db,
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

const N = scale(
  {
    variants: 100_000,
    aliases: 100_000,
    searches: 1_000_000,
    importAliases: 100_000,
    rate: 50,
    seconds: 20,
    reports: 30,
  },
  // (runAtRate itself shortens its windows in smoke mode.)
  { variants: 2_000, aliases: 2_000, searches: 20_000, importAliases: 2_000, rate: 20, seconds: 3, reports: 5 },
);
const PASSWORD = 'Bench@12345';

/** @param {import('pg').Client} client */
async function seed(client) {
  const hash = await platform.hashPassword(PASSWORD);
  const [{ id: company }] = (
    await client.query(
      `INSERT INTO companies (name, discount_percentage, rigidflow_percentage) VALUES ('Bench Co', 45.55, 52) RETURNING id`,
    )
  ).rows;
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id) VALUES
       ('root', 'root@example.com', $1, 'superadmin', NULL), ('buyer', 'buyer@example.com', $1, 'employee', $2)`,
    [hash, company],
  );
  for (let c = 1; c <= 20; c++) {
    await client.query(`INSERT INTO categories (name, display_order, product_line) VALUES ($1, $2, $3)`, [
      c % 5 === 0 ? `Rigid Flow ${c}` : `MERV ${8 + (c % 8)} Line ${c}`,
      c,
      c % 5 === 0 ? 'rigidflow' : null,
    ]);
  }
  await client.query(
    `INSERT INTO products (category_id, name, display_order)
     SELECT k.id, k.name || ' Pleated ' || g || '"', g FROM categories k, generate_series(1, 50) g`,
  );
  // 1,000 products; sizes from a realistic grid (10-30 × 10-30 × 1/2/4), a few odd-size rows.
  const perProduct = Math.ceil(N.variants / 1000);
  await client.query(
    `INSERT INTO variants (product_id, part_number, size, actual_size, depth, odd_size, odd_size_type, list_price_cents, display_order)
     SELECT p.id, 'BX-' || lpad((row_number() OVER (ORDER BY p.id, g))::text, 6, '0'),
            CASE WHEN g % 50 = 0 THEN '' ELSE (10 + g % 21) || 'x' || (10 + (g * 7) % 21) || 'x' || (ARRAY[1,2,4])[1 + g % 3] END,
            '', (ARRAY[1,2,4])[1 + g % 3], g % 50 = 0, CASE WHEN g % 50 = 0 THEN 'SINGLE' END, 500 + g * 3, g
       FROM products p, generate_series(1, ${perProduct}) g`,
  );
  await client.query(`ANALYZE`);
}

/**
 * Requests from `urls` (round robin) at N.rate/s for N.seconds after a 2 s warm-up, open loop
 * (lib.mjs's runAtRate); latencies from when each was due.
 * @param {string[]} urls
 * @param {import('./lib.mjs').Headers} headers
 * @param {string} title
 */
const atRate = (urls, headers, title) => runAtRate(urls, { headers, rate: N.rate, duration: N.seconds, title });

/** @param {{ p50: number, p95: number, p99: number, n: number }} r */
const fmt = (r) => `p50 ${r.p50} ms, **p95 ${r.p95} ms**, p99 ${r.p99} ms (${r.n} requests)`;

/**
 * @param {string} databaseUrl a fresh, migrated database
 * @returns {Promise<{ notes: string[] }>}
 */
export async function benchFind(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await seed(client);
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-find-'));
  const api = await startApi(databaseUrl, { env: { FILES_DIR: filesDir } });
  /** @type {string[]} */
  const notes = [];
  /** @type {import('./lib.mjs').Launched | null} */
  let worker = null;
  try {
    const buyer = await signIn(api.url, 'buyer@example.com', PASSWORD);
    const root_ = await signIn(api.url, 'root@example.com', PASSWORD);
    const pns = (
      await client.query(`SELECT part_number FROM variants WHERE NOT odd_size ORDER BY random() LIMIT 200`)
    ).rows.map((/** @type {{ part_number: string }} */ r) => r.part_number);
    /** @param {string} q @param {boolean} typing */
    const find = (q, typing) => `${api.url}/api/catalogue/find?q=${encodeURIComponent(q)}${typing ? '&typing=1' : ''}`;
    const pnUrls = pns.flatMap((pn, i) => [
      find(pn, i % 2 === 0),
      find(pn.toLowerCase().replace('-', ' '), i % 2 === 1),
    ]);

    // 2. alias matching's cost: part-number finds before and after the aliases exist.
    const before = await atRate(pnUrls, buyer, 'find: part numbers, no aliases');
    await client.query(
      `INSERT INTO part_aliases (alias, variant_id, source, brand)
       SELECT 'FLN-' || lpad(n::text, 7, '0'), v.id, 'competitor', 'Filtron'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM variants WHERE NOT odd_size LIMIT ${N.aliases}) v`,
    );
    await client.query(`ANALYZE part_aliases`);
    const after = await atRate(pnUrls, buyer, 'find: part numbers, with aliases');
    notes.push(
      `- Alias matching's cost (part-number finds at ${N.rate} req/s): 0 aliases ${fmt(before)}; ${N.aliases.toLocaleString('en-US')} aliases ${fmt(after)} → **+${(after.p95 - before.p95).toFixed(1)} ms p95** (target ≤ 2 ms).`,
    );

    // 1. the mix.
    const aliases = Array.from(
      { length: 100 },
      (_, i) => `fln ${String(1 + ((i * 997) % N.aliases)).padStart(7, '0')}`,
    );
    const sizes = ['20x25x1', '20 x 25 x 1', '16"x20"x2"', '24×24×4 in', '20x25x1 merv 13', '14x14x1 rigid'];
    /** @type {string[]} */
    const mix = [];
    for (let i = 0; i < 200; i++) {
      const typing = i % 2 === 0;
      const kind = i % 5;
      mix.push(
        kind === 0
          ? find(pns[i % pns.length], typing)
          : kind === 1
            ? find(aliases[i % aliases.length], typing)
            : kind === 2
              ? find(sizes[i % sizes.length], typing)
              : kind === 3
                ? find(pns[i % pns.length].replace('-', '.').toLowerCase(), typing)
                : find(`${pns[i % pns.length]}9`, typing),
      );
    }
    const all = await atRate(mix, buyer, 'find: the mix');
    notes.push(
      `- \`GET catalogue/find\` at ${N.rate} req/s over ${N.variants.toLocaleString('en-US')} variants (part numbers exact and normalised, aliases, sizes with and without words, unknown numbers with did-you-mean; half as-you-type): ${fmt(all)} (target p95 < 30 ms).`,
    );

    // 3. the demand report over logged searches spread over 90 days.
    await client.query(`UPDATE search_log_rollup SET through = (now() AT TIME ZONE 'UTC')::date - 90`);
    let t = performance.now();
    await client.query(
      `INSERT INTO search_log (at, kind, company_id, user_id, raw, key, width, height, depth, measure, results)
       SELECT now() - (g % 90) * interval '1 day' - (g % 86400) * interval '1 second',
              CASE WHEN g % 4 = 0 THEN 'odd_size' ELSE 'find' END,
              (SELECT id FROM companies LIMIT 1), NULL,
              CASE WHEN g % 4 = 0 THEN NULL ELSE 'XR-' || k END,
              CASE WHEN g % 4 = 0 THEN NULL ELSE 'XR' || k END,
              CASE WHEN g % 4 = 0 THEN 10 + g % 21 END, CASE WHEN g % 4 = 0 THEN 10 + (g * 7) % 21 END,
              CASE WHEN g % 4 = 0 THEN 1 END, CASE WHEN g % 4 = 0 THEN 'exact' END,
              CASE WHEN g % 3 = 0 THEN 0 ELSE 1 END
         -- A few numbers asked often, many asked rarely (as in real demand): 50,000 distinct keys.
         FROM generate_series(1, ${N.searches}) g, LATERAL (SELECT floor(50000 * power(random(), 3))::int + 0 * g AS k) r`,
    );
    await client.query(`ANALYZE search_log`);
    const loadS = (performance.now() - t) / 1000;
    /** @param {string} title */
    const reports = async (title) => {
      /** @type {{ parts: number[], sizes: number[] }} */
      const times = { parts: [], sizes: [] };
      /** @type {['parts' | 'sizes', string][]} */
      const endpoints = [
        ['parts', 'demand/parts?zeroOnly=true'],
        ['sizes', 'demand/sizes'],
      ];
      for (let i = 0; i < N.reports; i++) {
        for (const [k, p] of endpoints) {
          const s = performance.now();
          const res = await fetch(`${api.url}/api/${p}`, { headers: root_ });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
          times[k].push(performance.now() - s);
        }
      }
      return `${title}: parts p95 **${percentile(times.parts, 95)} ms**, sizes p95 **${percentile(times.sizes, 95)} ms**`;
    };
    const raw = await reports('raw rows only');
    t = performance.now();
    const ds = await db.createDataSource({ url: databaseUrl, poolSize: 1 }).initialize();
    try {
      await db.rollUpSearchLog(ds);
    } finally {
      await ds.destroy();
    }
    const rollS = (performance.now() - t) / 1000;
    await client.query(`ANALYZE search_log_daily`);
    const rolled = await reports('after the daily roll-up');
    notes.push(
      `- Demand report, 90 days over ${N.searches.toLocaleString('en-US')} logged searches (loaded in ${loadS.toFixed(1)} s), ${N.reports} sequential requests each: ${raw}; ${rolled} (target p95 < 300 ms). The roll-up of those 90 days took ${rollS.toFixed(1)} s.`,
    );

    // 4. 100k aliases through the import (export → aliases column filled → dry run → apply).
    worker = await startWorker(databaseUrl, { env: { FILES_DIR: filesDir } });
    const csrf = (await fetch(`${api.url}/api/csrf-token`, { headers: root_ }).then((r) => r.json())).token;
    const exported = await fetch(`${api.url}/api/catalogue/export?format=csv`, { headers: root_ }).then((r) =>
      r.text(),
    );
    const lines = exported.split('\n');
    let filled = 0;
    for (let i = 1; i < lines.length && filled < N.importAliases; i++) {
      if (!lines[i].trim()) continue;
      lines[i] = `${lines[i].replace(/,[^,]*$/, ',')}IMP-${String(i).padStart(7, '0')}`;
      filled++;
    }
    /** @param {string} id @returns {Promise<any>} the import's state once it is no longer queued or running */
    const waitSettled = async (id) => {
      for (;;) {
        const { data } = await fetch(`${api.url}/api/catalogue/imports/${id}?limit=1&errorsLimit=5`, {
          headers: root_,
        }).then((r) => r.json());
        if (!['queued', 'validating', 'applying'].includes(data.status)) return data;
        await sleep(100);
      }
    };
    const form = new FormData();
    form.append('file', new Blob([lines.join('\n')]), 'aliases.csv');
    t = performance.now();
    const up = await fetch(`${api.url}/api/catalogue/imports`, {
      method: 'POST',
      headers: { ...root_, 'x-xsrf-token': csrf },
      body: form,
    }).then((r) => r.json());
    const dry = await waitSettled(up.data._id);
    const dryS = (performance.now() - t) / 1000;
    t = performance.now();
    await fetch(`${api.url}/api/catalogue/imports/${up.data._id}/apply`, {
      method: 'POST',
      headers: { ...root_, 'x-xsrf-token': csrf },
    });
    const applied = await waitSettled(up.data._id);
    const applyS = (performance.now() - t) / 1000;
    const count = (await client.query(`SELECT count(*)::int AS n FROM part_aliases WHERE alias LIKE 'IMP-%'`)).rows[0]
      .n;
    notes.push(
      `- ${filled.toLocaleString('en-US')} aliases through the import (\`aliases\` column, ${dry.counts.update} rows changed, ${dry.counts.errors} errors): upload + dry run **${dryS.toFixed(1)} s**, apply **${applyS.toFixed(1)} s** → ${applied.status}, ${count.toLocaleString('en-US')} aliases written; total **${(dryS + applyS).toFixed(1)} s** (target < 30 s).`,
    );
    return { notes };
  } finally {
    await worker?.stop();
    await api.stop();
    await client.end();
    await fs.rm(filesDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--smoke') && !SMOKE) {
    throw new Error(
      'smoke mode is BENCH_SMOKE=1 (lib.mjs reads it on import): BENCH_SMOKE=1 node scripts/bench/find.mjs',
    );
  }
  const result = await withDatabase(`portal_bench_find${SMOKE ? '_smoke' : ''}_${process.pid}`, benchFind);
  console.log(`## Find, part aliases and demand${SMOKE ? ' (smoke: tiny sizes, figures meaningless)' : ''}\n`);
  console.log(result.notes.join('\n'));
  process.exit(0);
}
