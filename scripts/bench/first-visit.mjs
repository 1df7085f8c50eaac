// @ts-check
// First visit in headless Chromium over an emulated link (10 Mbit/s down and up, 40 ms RTT):
// cold (empty HTTP cache) and warm (same profile, second visit). Measures the time until the
// sign-in page is usable and, after an employee signs in, until the first catalogue table row is
// painted; and the bytes on the wire per screen (encoded body + headers, as Chromium reports them).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { catalogueData, chromiumPath, platform, root, startApi } from './lib.mjs';

const LINK = { offline: false, latency: 40, downloadThroughput: (10e6 / 8) | 0, uploadThroughput: (10e6 / 8) | 0 };

/** Opens a page whose network is throttled and whose bytes are counted (by kind) until reset. */
async function meteredPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  const kinds = new Map();
  const counter = { js: 0, css: 0, api: 0, other: 0, requests: 0 };
  cdp.on('Network.responseReceived', (e) => {
    const url = e.response.url;
    kinds.set(
      e.requestId,
      /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : url.includes('/api/') ? 'api' : 'other',
    );
  });
  cdp.on('Network.loadingFinished', (e) => {
    counter[kinds.get(e.requestId) ?? 'other'] += e.encodedDataLength;
    counter.requests += 1;
  });
  return {
    page,
    take() {
      const snapshot = { ...counter };
      for (const k of Object.keys(counter)) counter[k] = 0;
      return snapshot;
    },
  };
}

async function visit(context, baseUrl, creds) {
  const { page, take } = await meteredPage(context);
  let t = Date.now();
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Email').waitFor();
  const signInMs = Date.now() - t;
  // Let late requests (favicon, prefetches) finish before the bytes are read.
  await page.waitForLoadState('networkidle');
  const signInBytes = take();
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel(/^Password/).fill(creds.password);
  t = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  const tableMs = Date.now() - t;
  await page.waitForLoadState('networkidle');
  const tableBytes = take();
  await page.close();
  return { signInMs, signInBytes, tableMs, tableBytes };
}

export async function benchFirstVisit(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  const { loadCatalogue, generateDemoCatalogue } = catalogueData();
  await loadCatalogue(client, generateDemoCatalogue());
  await client.query('COMMIT');
  const hash = await platform.hashPassword('Bench@12345');
  const { rows: c } = await client.query(
    `INSERT INTO companies (name, discount_percentage) VALUES ('First Visit Co', 45.5) RETURNING id`,
  );
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id) VALUES ('First Visit', 'first-visit@example.com', $1, 'employee', $2)`,
    [hash, c[0].id],
  );
  await client.end();
  const api = await startApi(databaseUrl, { webDist: path.join(root, 'apps/web/dist') });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  const creds = { email: 'first-visit@example.com', password: 'Bench@12345' };
  try {
    const context = await browser.newContext();
    const cold = await visit(context, api.url, creds);
    // Signed out again (same profile, same HTTP cache): the warm visit.
    await context.clearCookies();
    const cleanup = await context.newPage();
    await cleanup.goto(`${api.url}/`);
    await cleanup.evaluate(() => localStorage.clear());
    await cleanup.close();
    const warm = await visit(context, api.url, creds);
    await context.close();
    const kib = (n) => (n / 1024).toFixed(1);
    const row = (name, v) =>
      `| ${name} | ${v.signInMs} | ${kib(v.signInBytes.js + v.signInBytes.css)} | ${kib(v.signInBytes.js + v.signInBytes.css + v.signInBytes.api + v.signInBytes.other)} | ${v.tableMs} | ${kib(v.tableBytes.js + v.tableBytes.css)} | ${kib(v.tableBytes.api)} | ${kib(v.tableBytes.js + v.tableBytes.css + v.tableBytes.api + v.tableBytes.other)} |`;
    return {
      cold,
      warm,
      section: [
        '| visit | sign-in usable ms | sign-in JS+CSS KiB | sign-in total KiB | sign-in → first table row ms | catalogue JS+CSS KiB | catalogue API KiB | catalogue total KiB |',
        '|---|---|---|---|---|---|---|---|',
        row('cold (empty cache)', cold),
        row('warm (second visit)', warm),
      ].join('\n'),
    };
  } finally {
    await browser.close();
    await api.stop();
  }
}

// `node scripts/bench/first-visit.mjs`: this benchmark alone (expects a compiled tree and a built web app).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { withDatabase } = await import('./lib.mjs');
  const r = await withDatabase('portal_bench_first_visit', benchFirstVisit);
  console.log(r.section);
  console.log(JSON.stringify({ cold: r.cold, warm: r.warm }, null, 2));
  process.exit(0);
}
