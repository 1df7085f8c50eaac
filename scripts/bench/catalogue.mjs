// @ts-check
// Catalogue on the 100k-variant catalogue: the product page (variants priced for a company) and the
// odd-size search, API vs a bare Fastify + pg server doing the same work (JWT verify, session lookup,
// node + company lookup, the API's compiled catalogue repository and pricing rule) in the same run.
// Before measuring, `assertBaselineParity` proves both answer every customer route identically.
import pg from 'pg';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { catalogueData, platform, ratioRow, run, runAtRate, signIn, SMOKE, startApi, startBaseline } from './lib.mjs';
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
  // Product page: the V-Cells category (products held directly); search: MERV 10 1" (every product has odd sizes).
  const vcells = loaded.ids['v-cells'];
  const merv = loaded.ids['merv-10-1in'];
  const { rows: sizes } = await client.query(
    `SELECT (SELECT count(*) FROM variants v JOIN products p ON p.id = v.product_id WHERE p.category_id = $1 AND NOT v.odd_size)::int AS page_variants,
            (SELECT count(*) FROM products p WHERE p.category_id = $1)::int AS page_products,
            (SELECT count(*) FROM products p WHERE p.subcategory_id = $2)::int AS search_products`,
    [vcells, merv],
  );
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
