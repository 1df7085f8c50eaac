// @ts-check
// Catalogue on the 100k-variant catalogue: the product page (variants priced for a company) and the
// odd-size search, API vs a bare Fastify + pg server doing the same work (JWT verify, session lookup,
// node + company lookup, the API's compiled catalogue repository and pricing rule) in the same run.
// Before measuring, `assertBaselineParity` proves both answer every customer route identically.
import pg from 'pg';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  apiCacheStats,
  cacheStatsText,
  catalogueData,
  platform,
  ratioRow,
  run,
  runAtRate,
  scale,
  signIn,
  SMOKE,
  startApi,
  startBaseline,
} from './lib.mjs';
import { assertBaselineParity, catalogueBaselineRoutes } from './catalogue-baseline.mjs';

/** @param {string} databaseUrl */
export async function benchCatalogue(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  const { generate, loadCatalogue } = catalogueData();
  const catalogue = generate(100000);
  await client.query('BEGIN');
  const loaded = await loadCatalogue(client, catalogue);
  await client.query('COMMIT');
  await client.query('ANALYZE');
  console.log(
    `catalogue bench: loaded ${loaded.variants} variants, ${loaded.products} products in ${Date.now() - started} ms`,
  );
  const hash = await platform.hashPassword('Bench@12345');
  const { rows: c } = await client.query(
    `INSERT INTO companies (name, discount_percentage, rigidflow_percentage, minipro_percentage, polyroll_percentage)
     VALUES ('Bench Catalogue Co', 45.55, 52, 48.75, 60) RETURNING id`,
  );
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id) VALUES ('bench-cat', 'bench-cat@example.com', $1, 'employee', $2)`,
    [hash, c[0].id],
  );
  // Priced once: companies with their own multipliers (every one different), one employee each.
  await client.query(
    `INSERT INTO companies (name, discount_percentage, rigidflow_percentage, minipro_percentage, polyroll_percentage)
     SELECT 'Bench Priced ' || g, 30 + g * 0.1, 31 + g * 0.1, 32 + g * 0.1, 33 + g * 0.1 FROM generate_series(1, ${PRICED_COMPANIES}) g`,
  );
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id)
     SELECT 'bench-priced-' || substr(c.name, 14), 'bench-priced-' || substr(c.name, 14) || '@example.com', $1, 'employee', c.id
       FROM companies c WHERE c.name LIKE 'Bench Priced %'`,
    [hash],
  );
  // Product page: the V-Cells category (products held directly); search: MERV 10 1" (every product has odd sizes).
  const vcells = loaded.ids['v-cells'];
  const merv = loaded.ids['merv-10-1in'];
  const { rows: sizes } = await client.query(
    `SELECT (SELECT count(*) FROM variants v JOIN products p ON p.id = v.product_id WHERE p.category_id = $1 AND NOT v.odd_size)::int AS page_variants,
            (SELECT count(*) FROM products p WHERE p.category_id = $1)::int AS page_products,
            (SELECT count(*) FROM products p WHERE p.subcategory_id = $2)::int AS search_products`,
    [vcells, merv],
  );
  // The pages of the many-companies run: the smaller half of the sub-category pages (customer-sized).
  const { rows: pricedPages } = await client.query(
    `SELECT s.id FROM subcategories s JOIN products p ON p.subcategory_id = s.id JOIN variants v ON v.product_id = p.id
      WHERE NOT v.odd_size GROUP BY s.id ORDER BY count(*), s.id`,
  );
  const manyPages = pricedPages.slice(0, Math.max(2, Math.ceil(pricedPages.length / 2))).map((r) => r.id);
  const api = await startApi(databaseUrl);
  // The same API with its catalogue read cache off: the "before" of the cache, in the same run.
  const uncached = await startApi(databaseUrl, { env: { CATALOGUE_CACHE_MB: '0' } });
  const headers = await signIn(api.url, 'bench-cat@example.com', 'Bench@12345');
  const br = { ...headers, 'accept-encoding': 'br' };
  const base = await startBaseline(databaseUrl, catalogueBaselineRoutes);
  try {
    const compared = await assertBaselineParity(client, {
      apiUrl: api.url,
      baseUrl: base.url,
      headers,
      plainCategory: vcells,
    });
    console.log(`catalogue bench: API and baseline agree on ${compared} customer catalogue answers`);
  } catch (err) {
    await Promise.all([base.stop(), api.stop(), uncached.stop()]);
    throw err;
  } finally {
    await client.end();
  }
  const query = `width=${encodeURIComponent('20 1/2')}&height=24&depth=1&action=not-exactly`;
  const cases = [
    {
      name: `GET /api/catalogue/product/{id} (${sizes[0].page_products} products, ${sizes[0].page_variants} variants, company prices)`,
      base: `${base.url}/api/catalogue/product/${vcells}`,
      api: `${api.url}/api/catalogue/product/${vcells}`,
      before: `${uncached.url}/api/catalogue/product/${vcells}`,
    },
    {
      name: `GET /api/catalogue/searchproduct/{id} '20 1/2' x 24 x 1 (${sizes[0].search_products} products searched)`,
      base: `${base.url}/api/catalogue/searchproduct/${merv}?${query}`,
      api: `${api.url}/api/catalogue/searchproduct/${merv}?${query}`,
      before: `${uncached.url}/api/catalogue/searchproduct/${merv}?${query}`,
    },
  ];
  /** @type {string[]} */
  const rows = [];
  /** @type {string[]} */
  const notes = [];
  /** @type {string[]} */
  const rateRows = [];
  try {
    for (const k of cases) {
      // Same bytes from both servers.
      const [a, b] = await Promise.all([
        fetch(k.api, { headers }).then((r) => r.text()),
        fetch(k.base, { headers }).then((r) => r.text()),
      ]);
      if (a !== b) throw new Error(`${k.name}: API and baseline answers differ`);
      await run(k.base, { headers, duration: 2, title: 'warm baseline' });
      await run(k.before, { headers, duration: 2, title: 'warm api, cache off' });
      await run(k.api, { headers: br, duration: 2, title: 'warm api' });
      const baseline = await run(k.base, { headers, title: `baseline ${k.name}` });
      const before = await run(k.before, { headers, title: `api (cache off, identity) ${k.name}` });
      const subject = await run(k.api, { headers: br, title: `api (cached, br) ${k.name}` });
      rows.push(ratioRow(`${k.name} — cache off, identity (before)`, before, baseline));
      rows.push(ratioRow(`${k.name} — cached, br`, subject, baseline));
      const [plainBytes, brBytes] = [await wireBytes(k.api, headers), await wireBytes(k.api, br)];
      notes.push(
        `- ${k.name}: cached + br ${subject.rps.toFixed(0)} req/s (p50 ${subject.p50} ms, p99 ${subject.p99} ms) vs cache off ${before.rps.toFixed(0)} req/s (p99 ${before.p99} ms) = **${(subject.rps / before.rps).toFixed(1)}×**; on the wire ${(brBytes / 1024).toFixed(1)} KiB br vs ${(plainBytes / 1024).toFixed(1)} KiB identity (**${(plainBytes / brBytes).toFixed(1)}× fewer bytes**).`,
      );
    }
    // Priced once: the same pages (a random one per request, br accepted) read as one company, then as
    // a random one of the companies with their own multipliers, same API process, same run.
    const priced = await benchPricedOnce(api, manyPages);
    rows.push(...priced.rows);
    notes.push(...priced.notes);
    // The product page at a fixed offered load, as a browser asks for it (br).
    const PAGE_RATE = 200;
    const page = await runAtRate(cases[0].api, {
      headers: br,
      rate: PAGE_RATE,
      title: 'api product page at fixed rate',
    });
    rateRows.push(
      `| ${cases[0].name} (cached, br) | ${PAGE_RATE} | ${page.p50} | ${page.p95} | ${page.p99} | — | — | p99 < 50: ${page.p99 < 50 ? 'yes' : '**no**'} |`,
    );
    notes.push(
      `- Product page at ${PAGE_RATE} req/s offered (cached, br): p50 ${page.p50} ms, p95 ${page.p95} ms, p99 ${page.p99} ms.`,
    );
    // Latency of the odd-size search at a fixed offered load (target p95 < 50 ms; p99 reported too).
    const RATE = 50;
    const fixedBase = await runAtRate(cases[1].base, { headers, rate: RATE, title: 'baseline search at fixed rate' });
    const fixed = await runAtRate(cases[1].api, { headers, rate: RATE, title: 'api search at fixed rate' });
    rateRows.push(
      `| ${cases[1].name} | ${RATE} | ${fixed.p50} | ${fixed.p95} | ${fixed.p99} | ${fixedBase.p95} | ${fixedBase.p99} | p95 < 50: ${fixed.p95 < 50 ? 'yes' : '**no**'} |`,
    );
    notes.push(
      `- Odd-size search at ${RATE} req/s offered: p50 ${fixed.p50} ms, p95 ${fixed.p95} ms, p99 ${fixed.p99} ms.`,
    );
  } finally {
    await base.stop();
    await api.stop();
    await uncached.stop();
  }
  return { rows, rateRows, notes };
}

/** Companies with their own multipliers reading the same pages (one employee each). */
const PRICED_COMPANIES = scale(400, 8);
/** What Chromium sends: br accepted, with gzip (which the API prefers for priced pages: spliced, not compressed per company). */
const BROWSER_ACCEPT = 'gzip, deflate, br, zstd';

/**
 * Closed-loop run where every request picks a page and a viewer at random (in smoke mode: 20 requests).
 * @param {string} apiUrl
 * @param {string[]} pages
 * @param {import('./lib.mjs').Headers[]} viewers
 * @param {string} title
 */
export function randomRun(apiUrl, pages, viewers, title) {
  const pick = (/** @type {any[]} */ a) => a[Math.floor(Math.random() * a.length)];
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: apiUrl,
        connections: SMOKE ? 4 : 20,
        duration: 8,
        amount: SMOKE ? 20 : undefined,
        title,
        requests: [
          {
            setupRequest: (/** @type {any} */ req) => ({
              ...req,
              path: `/api/catalogue/product/${pick(pages)}`,
              headers: { ...pick(viewers), 'accept-encoding': BROWSER_ACCEPT },
            }),
          },
        ],
      },
      (/** @type {any} */ err, /** @type {any} */ r) => {
        if (err) return reject(err);
        if (r.non2xx > 0) return reject(new Error(`${title}: ${r.non2xx} non-2xx responses`));
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
      },
    );
  });
}

/**
 * The "priced once" targets, side by side in one run: product pages read as a random one of
 * the companies with their own multipliers vs the same pages read as one company (ratio ≥ 0.8), and
 * what the cache holds: distinct pages per MiB against today's one entry per page and percentage.
 * @param {import('./lib.mjs').Launched & { url: string }} api
 * @param {string[]} pages
 */
async function benchPricedOnce(api, pages) {
  /** @type {import('./lib.mjs').Headers[]} */
  const viewers = [];
  for (let g = 1; g <= PRICED_COMPANIES; g += 8) {
    const batch = [];
    for (let k = g; k < Math.min(g + 8, PRICED_COMPANIES + 1); k++) {
      batch.push(signIn(api.url, `bench-priced-${k}@example.com`, 'Bench@12345'));
    }
    viewers.push(...(await Promise.all(batch)));
  }
  // What today's cache would hold per page and percentage: the body and room for its compressed copy
  // (the same pages, as the customers' cached product pages below).
  const product = async () => (await apiCacheStats(api)).stats.byRoute.product ?? { entries: 0, bytes: 0 };
  const before = await product();
  let identity = 0;
  for (const p of pages) identity += await wireBytes(`${api.url}/api/catalogue/product/${p}`, viewers[0]);
  const after = await product();
  // The customers' cached copies of these pages (those not already cached by the parity check).
  const held = { entries: after.entries - before.entries, bytes: after.bytes - before.bytes };
  const one = [viewers[0]];
  await randomRun(api.url, pages, one, 'warm one company');
  await randomRun(api.url, pages, viewers, 'warm many companies');
  api.resetPeak();
  const single = /** @type {{ rps: number, p50: number, p99: number }} */ (
    await randomRun(api.url, pages, one, 'product pages as one company')
  );
  const many = /** @type {{ rps: number, p50: number, p99: number }} */ (
    await randomRun(api.url, pages, viewers, `product pages as ${PRICED_COMPANIES} companies`)
  );
  const cache = await apiCacheStats(api);
  const perPage = held.bytes / held.entries;
  const todayPerEntry = (identity / pages.length) * 2;
  // What a page costs on the wire: the spliced gzip a browser gets vs br compressed for the company.
  let gzipBytes = 0;
  let brBytes = 0;
  for (const p of pages) {
    const url = `${api.url}/api/catalogue/product/${p}`;
    gzipBytes += await wireBytes(url, { ...viewers[1 % viewers.length], 'accept-encoding': BROWSER_ACCEPT });
    brBytes += await wireBytes(url, { ...viewers[1 % viewers.length], 'accept-encoding': 'br' });
  }
  const name = `GET /api/catalogue/product/{id} (${pages.length} pages at random, Accept-Encoding: ${BROWSER_ACCEPT})`;
  const ratio = many.rps / single.rps;
  return {
    rows: [
      `| ${name} — as a random one of ${PRICED_COMPANIES} companies with their own multipliers vs as one company (target ≥ 0.8) | ${many.rps.toFixed(0)} | ${many.p99} | ${single.rps.toFixed(0)} | ${single.p99} | **${ratio.toFixed(2)}** |`,
    ],
    notes: [
      `- Priced once: ${pages.length} product pages, a random page per request (Accept-Encoding as Chromium sends it, \`${BROWSER_ACCEPT}\`; the API answers gzip spliced from pieces compressed once for every company): as one company ${single.rps.toFixed(0)} req/s (p50 ${single.p50} ms, p99 ${single.p99} ms), as a random one of ${PRICED_COMPANIES} companies ${many.rps.toFixed(0)} req/s (p50 ${many.p50} ms, p99 ${many.p99} ms) = **${ratio.toFixed(2)}** (target ≥ 0.8).`,
      `- On the wire: the ${pages.length} pages average ${(identity / pages.length / 1024).toFixed(1)} KiB as JSON, ${(gzipBytes / pages.length / 1024).toFixed(1)} KiB as spliced gzip, ${(brBytes / pages.length / 1024).toFixed(1)} KiB as br compressed for the company (quality 2, asked with \`br\` alone).`,
      `- Cache capacity: a product page is cached once for every company, ${(perPage / 1024).toFixed(1)} KiB on average over the ${held.entries} pages; before, one entry per page and percentage cost ${(todayPerEntry / 1024).toFixed(1)} KiB (body + room for its br copy), so 64 MiB held ${Math.floor((64 * 1024 * 1024) / todayPerEntry)} page-percentage entries (${Math.floor((64 * 1024 * 1024) / todayPerEntry / PRICED_COMPANIES)} pages when ${PRICED_COMPANIES} companies read each) and now holds ${Math.floor((64 * 1024 * 1024) / perPage)} pages for every company: **${((todayPerEntry / perPage) * PRICED_COMPANIES).toFixed(0)}×** (target ≥ 5×; ${(todayPerEntry / perPage).toFixed(1)}× for a single company). After the runs: ${cacheStatsText(cache)}; API peak RSS during the two runs ${api.peakMb().toFixed(0)} MiB.`,
    ],
  };
}

/**
 * Body bytes as sent (not decoded) for the given request headers.
 * @param {string} url
 * @param {import('./lib.mjs').Headers} headers
 * @returns {Promise<number>}
 */
function wireBytes(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

// `node scripts/bench/catalogue.mjs`: this benchmark alone (expects a compiled tree: tsc -b apps/api scripts).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { withDatabase } = await import('./lib.mjs');
  const r = await withDatabase('portal_bench_catalogue_only', benchCatalogue);
  console.log([...r.rows, '', ...r.rateRows, '', ...r.notes].join('\n'));
  if (SMOKE) console.log('(smoke run: figures are meaningless)');
  process.exit(0);
}
