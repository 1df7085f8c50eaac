// @ts-check
// `npm run bench`: each benchmark measures our API against a bare Fastify + pg baseline doing the
// same SQL in the same run, and docs/BENCHMARKS.md records the ratios.
//   npm run bench -- --smoke             every benchmark on a tiny data set, ~1 s measurements (a stage
//                                        of `npm test`: a benchmark that cannot start fails CI)
//   npm run bench -- --only=org,grid     some of them (BENCHES below); prints, does not write the file
// TEST_SKIP_BUILD=1: the tree is already compiled (npm test's build stage).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
if (process.argv.includes('--smoke')) process.env.BENCH_SMOKE = '1'; // before lib.mjs reads it
// The bench modules load the compiled libraries at import, so a fresh clone compiles first.
if (!process.env.TEST_SKIP_BUILD) {
  execSync('npx tsc -b apps/api apps/worker scripts', {
    cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..'),
    stdio: 'inherit',
  });
}
const { root, withDatabase, SMOKE, findChromium } = await import('./lib.mjs');
const CI = ['true', '1'].includes(String(process.env.CI ?? '').toLowerCase());
const { benchValidate } = await import('./validate.mjs');
const { benchOrg } = await import('./org.mjs');
const { benchCatalogue } = await import('./catalogue.mjs');
const { benchCatalogueSave } = await import('./catalogue-save.mjs');
const { benchLoadMix, loadMixSection } = await import('./load-mix.mjs');
const { benchGrid } = await import('./grid.mjs');
const { benchFirstVisit } = await import('./first-visit.mjs');
const { benchCatalogueImport } = await import('./catalogue-import.mjs');
const { benchPricelists } = await import('./pricelists.mjs');
const { benchQuotes } = await import('./quotes.mjs');
const { benchOrders } = await import('./orders.mjs');
const { benchFind } = await import('./find.mjs');
const { benchOps } = await import('./ops.mjs');
const { benchProgramme } = await import('./programme.mjs');
const { benchSitesImport } = await import('./sites-import.mjs');
const { benchPriceChanges } = await import('./price-changes.mjs');

/**
 * @typedef {object} Bench
 * @property {string} name also the suffix of its database
 * @property {(databaseUrl: string) => Promise<void>} run stores its figures in `out`
 * @property {boolean} [browser] drives Chromium (needs the built web app)
 */
const out = {
  /** @type {string[]} */ rows: [],
  /** @type {string[]} */ rateRows: [],
  /** @type {string[]} */ catalogueNotes: [],
  loadMix: '',
  /** @type {string[]} */ gridNotes: [],
  firstVisit: '',
  /** @type {string[]} */ importNotes: [],
  /** @type {string[]} */ pricelistNotes: [],
  /** @type {string[]} */ quoteNotes: [],
  /** @type {string[]} */ orderNotes: [],
  /** @type {string[]} */ priceChangeRows: [],
  /** @type {string[]} */ findNotes: [],
  opsSection: '',
  /** @type {string[]} */ programmeNotes: [],
  /** @type {string[]} */ sitesImportNotes: [],
};

/** Every benchmark, in order, each on its own fresh database. A new benchmark is one line here. */
/** @type {Bench[]} */
const BENCHES = [
  { name: 'validate', run: async (url) => void out.rows.push(...(await benchValidate(url))) },
  // Companies and administrators lists, 1,000 companies (scripts/bench/org.mjs).
  {
    name: 'org',
    run: async (url) => {
      const org = await benchOrg(url);
      out.rows.push(...org.rows);
      out.rateRows.push(...org.rateRows);
    },
  },
  // Catalogue: 100k variants (scripts/bench/catalogue.mjs).
  {
    name: 'catalogue',
    run: async (url) => {
      const cat = await benchCatalogue(url);
      out.rows.push(...cat.rows);
      out.rateRows.push(...cat.rateRows);
      out.catalogueNotes.push(...cat.notes);
    },
  },
  // Catalogue editing: atomic save of 1,000 changed variants (scripts/bench/catalogue-save.mjs).
  {
    name: 'catalogue_save',
    run: async (url) => void out.catalogueNotes.push(...(await benchCatalogueSave(url)).notes),
  },
  // Edit grid in headless Chromium: 5,000-variant product (scripts/bench/grid.mjs).
  { name: 'grid', browser: true, run: async (url) => void out.gridNotes.push(...(await benchGrid(url)).notes) },
  // First visit over an emulated 10 Mbit/s, 40 ms link, cold and warm (scripts/bench/first-visit.mjs).
  {
    name: 'first_visit',
    browser: true,
    run: async (url) => void (out.firstVisit = (await benchFirstVisit(url)).section),
  },
  // Catalogue export / import with a dry run, 100k variants (scripts/bench/catalogue-import.mjs).
  { name: 'import', run: async (url) => void out.importNotes.push(...(await benchCatalogueImport(url)).notes) },
  // Realistic load mix: 100k catalogue + 1,000 companies, customers/admins/superadmins/sockets (scripts/bench/load-mix.mjs).
  { name: 'load_mix', run: async (url) => void (out.loadMix = loadMixSection(await benchLoadMix(url))) },
  // Price lists: whole 100k catalogue as CSV / XLSX / PDF in the worker (scripts/bench/pricelists.mjs).
  { name: 'pricelists', run: async (url) => void out.pricelistNotes.push(...(await benchPricelists(url)).notes) },
  // Quote requests: submit, desk list over 10k requests, commit → socket, PDF (scripts/bench/quotes.mjs).
  { name: 'quotes', run: async (url) => void out.quoteNotes.push(...(await benchQuotes(url)).notes) },
  // Order requests: preview, submit, desk list over 50k requests, commit → socket (scripts/bench/orders.mjs).
  { name: 'orders', run: async (url) => void out.orderNotes.push(...(await benchOrders(url)).notes) },
  // Price changes on a date: a 100,000-variant list-price change and a multiplier change applied by a worker
  // at their instant (scripts/bench/price-changes.mjs; 2,000 variants in the smoke run).
  { name: 'price_changes', run: async (url) => void out.priceChangeRows.push(...(await benchPriceChanges(url))) },
  // Find from one box, alias lookups, demand reports, aliases through the import (scripts/bench/find.mjs).
  { name: 'find', run: async (url) => void out.findNotes.push(...(await benchFind(url)).notes) },
  // Operations dashboard: first paint, tile/bounce latency, ten dashboards vs the catalogue (scripts/bench/ops.mjs).
  { name: 'ops', run: async (url) => void (out.opsSection = (await benchOps(url)).section) },
  // Filter programme: due view over 8,000 slots, reminder sweep over 100k slots exactly once with two
  // workers and a crash mid-sweep, forecast over 1,000 companies (scripts/bench/programme.mjs).
  { name: 'programme', run: async (url) => void out.programmeNotes.push(...(await benchProgramme(url)).notes) },
  // Programme import: dry run of 10,000 slot rows, apply of 5,000 (scripts/bench/sites-import.mjs).
  {
    name: 'sites-import',
    run: async (url) => void out.sitesImportNotes.push(...(await benchSitesImport(url)).notes),
  },
];

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const selected = only ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;
if (only && selected.length !== only.length) {
  console.error(`unknown benchmark in --only (known: ${BENCHES.map((b) => b.name).join(', ')})`);
  process.exit(2);
}
const webBuilt = fs.existsSync(path.join(root, 'apps/web/dist/index.html'));
// The browser benchmarks need the built web app (served by the API); the smoke run reuses a build.
if (selected.some((b) => b.browser) && !(SMOKE && webBuilt)) {
  execSync('npx vite build --config apps/web/vite.config.ts --logLevel warn', { cwd: root, stdio: 'inherit' });
}
const browserMissing = !findChromium();
const name = SMOKE ? `portal_bench_smoke_${process.pid}` : 'portal_bench';
/** @type {string[]} */
const timings = [];
/** Each benchmark's time, for `npm test`'s summary (BENCH_TIMINGS_FILE: where to write them as JSON). */
/** @type {{ title: string, ms: number }[]} */
const benchTimes = [];
/** @type {string[]} */
const failures = [];
for (const b of selected) {
  if (b.browser && browserMissing) {
    if (CI) throw new Error(`${b.name}: Chromium not found (CI=true); install chromium or set CHROMIUM_PATH`);
    console.log(`bench ${b.name}: SKIPPED — Chromium not found (install chromium or set CHROMIUM_PATH)`);
    continue;
  }
  const t0 = Date.now();
  try {
    // A database name is an identifier: `sites-import` runs on `…_sites_import`.
    await withDatabase(`${name}_${b.name.replace(/-/g, '_')}`, b.run);
  } catch (err) {
    // The others still run and print what they measured; the run fails and writes no file.
    failures.push(b.name);
    console.error(`bench ${b.name}: FAILED`, err);
    continue;
  }
  benchTimes.push({ title: `bench ${b.name}`, ms: Date.now() - t0 });
  timings.push(`${b.name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`bench ${b.name}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
if (process.env.BENCH_TIMINGS_FILE)
  fs.writeFileSync(process.env.BENCH_TIMINGS_FILE, JSON.stringify({ steps: benchTimes }));
if (SMOKE && failures.length) {
  console.error(`\nbench smoke: FAILED ${failures.join(', ')}`);
  process.exit(1);
}
if (SMOKE) {
  console.log(`\nbench smoke: ${timings.join(', ')} — every benchmark started and ran; figures are meaningless`);
  process.exit(0);
}
const {
  rows,
  rateRows,
  catalogueNotes,
  gridNotes,
  firstVisit,
  importNotes,
  loadMix,
  pricelistNotes,
  quoteNotes,
  orderNotes,
  priceChangeRows,
  findNotes,
  opsSection,
  programmeNotes,
  sitesImportNotes,
} = out;

const header = `| endpoint | API req/s | API p99 ms | baseline req/s | baseline p99 ms | ratio (API / baseline) |
|---|---|---|---|---|---|`;
const report = `# Benchmarks

Generated by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} cores, Node ${process.version}.
Each row runs autocannon (20 connections, 8 s, after a 2 s warm-up) first against a bare Fastify + pg
server doing the same work with the same SQL, then against the real API, in the same run. Only the
ratio is meaningful across machines. Target: ratio ≥ 0.6.

${header}
${rows.join('\n')}

## Latency at a fixed offered load

Open loop: requests evenly spaced at the offered rate, each timed from when it was due (see
\`runAtRate\` in scripts/bench/lib.mjs); the baseline, then the API, at the same rate.

| endpoint | offered req/s | p50 ms | p95 ms | p99 ms | baseline p95 ms | baseline p99 ms | target |
|---|---|---|---|---|---|---|---|
${rateRows.join('\n')}

## Catalogue (100,000 variants)

Targets: product page ratio ≥ 0.8 of the baseline; odd-size search p95 < 50 ms. Priced once (customers' pages
cached once for every company): product pages read as a random one of 400 companies with their own multipliers
≥ 0.8 of the rate of the same pages read as one company (same run); the 64 MB cache holds ≥ 5× more distinct
product pages than one entry per page and percentage did; API memory within the previous + 32 MB.

${catalogueNotes.join('\n')}

## Edit grid (browser)

Targets: first rows painted < 1 s; keystroke-to-paint < 100 ms.

${gridNotes.join('\n')}

## First visit (browser, emulated 10 Mbit/s, 40 ms RTT)

Headless Chromium; cold = empty HTTP cache, warm = the same profile signing in again. Bytes are what
crossed the wire (compressed bodies + headers). Targets: initial JS + CSS ≤ 300 KiB; warm visit
< 10 KiB of assets; employee cold visit → first catalogue row painted ≤ 2.5 s.

${firstVisit}
## Catalogue import and export (100,000 variants)

Targets: dry run < 20 s, apply < 30 s, worker RSS < 300 MB, export < 10 s, export → unchanged re-import = 0 changes.

${importNotes.join('\n')}

${loadMix}

## Price lists (100,000 variants)

Targets: CSV < 10 s, XLSX < 20 s, PDF < 60 s, worker RSS < 300 MB; 20 simultaneous requests raise the
catalogue p99 by at most 20 %.

${pricelistNotes.join('\n')}

## Quote requests

Targets: submit with 200 lines p95 < 150 ms; desk list over 10,000 requests p95 < 50 ms at 50 req/s;
commit → socket p99 < 100 ms; a 200-line quote PDF < 2 s.

${quoteNotes.join('\n')}

## Order requests

Targets: submit of 200 lines p95 < 150 ms; preview of 200 lines p95 < 100 ms; desk list over 50,000
requests p95 < 50 ms at 50 req/s; commit → socket p99 < 100 ms.

${orderNotes.join('\n')}

## Price changes on a date

A worker applies each change at its instant (timer armed when it is scheduled, 3 s ahead); measured from
\`effective_at\` to the row read back as \`applied\` (the whole one-transaction apply included).

| measure | value | target |
| --- | --- | --- |
${priceChangeRows.join('\n')}

## Find, part aliases and demand

Targets: \`find\` p95 < 30 ms at 50 req/s over 100,000 variants; alias lookup adds ≤ 2 ms p95 with
100,000 aliases; a 90-day demand report over 1,000,000 logged searches p95 < 300 ms; 100,000 aliases
through the import < 30 s.

${findNotes.join('\n')}

## Operations dashboard

Targets: first paint < 1 s with 200 companies, 1,000,000 logged searches and 100,000 sent emails; a
tile moves ≤ 2 s after its cause; ten open dashboards add ≤ 5 % to the catalogue p99; a bounce is
visible ≤ 5 s after it arrives.

${opsSection}

## Sites and the filter programme

Targets: due view for 200 sites × 20 units × 2 slots (8,000 slots) p95 < 150 ms; import dry run of
10,000 slot rows < 5 s; reminder sweep over 100,000 slots < 30 s with 0 duplicate messages when two
workers run or one restarts mid-sweep; forecast over 1,000 companies p95 < 300 ms.

${programmeNotes.join('\n')}

### Programme import

${sitesImportNotes.join('\n')}
`;
console.log(report);
// A partial or failed run prints its sections (the others stay empty) and leaves the file alone.
if (failures.length) {
  console.error(`\nbench: FAILED ${failures.join(', ')} — docs/BENCHMARKS.md not written`);
  process.exit(1);
}
if (only) console.log(`\nbench: ${timings.join(', ')} — docs/BENCHMARKS.md not written (--only)`);
else fs.writeFileSync(path.join(root, 'docs/BENCHMARKS.md'), report);
process.exit(0);
