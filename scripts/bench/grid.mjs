// @ts-check
// Edit grid in a real browser: a product with 5,000 variants in the superadmin's edit view,
// headless Debian Chromium via playwright-core, the API serving the built web app (apps/web/dist).
//  - first render: click → the grid's first rows painted (targets < 1 s)
//  - keystroke-to-paint: keydown → DOM updated → next frame painted (target < 100 ms), median / p95
// Run alone with `node scripts/bench/grid.mjs` (after `npx tsc -b apps/api apps/worker scripts` and
// `npx vite build --config apps/web/vite.config.ts`), or as part of `npm run bench`.
// Options (environment, standalone run):
//  - GRID_KEYSTROKES=n    samples per keystroke kind (default 30)
//  - GRID_DB=name         database to create and drop (default portal_bench_grid)
//  - GRID_PROFILE=prefix  a V8 CPU profile per measured keystroke (CDP Profiler, started before the key and
//    stopped once its frame has painted), saved as `<prefix>-<kind>.json` (an array of .cpuprofile objects)
//    with the heaviest functions (self time, all samples of that kind) in the notes. Profiling slows the page:
//    its timings are not the benchmark's. A build with `--minify false` gives readable function names.
//  - GRID_TRACE=file      a Chrome performance trace (devtools.timeline: style, layout, paint) of the
//    first-key / Enter loop, for DevTools' Performance panel
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { catalogueData, chromiumPath, platform, root, scale, startApi, withDatabase } from './lib.mjs';

const ROWS = scale(5000, 300);
const OPENS = scale(5, 1);
const KEYSTROKES = Number(process.env.GRID_KEYSTROKES ?? scale(30, 3));
const EMAIL = 'grid-bench@example.com';
const PASSWORD = 'Bench@12345';
const BIG = `Grid bench product (${ROWS.toLocaleString('en-US')} variants)`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
const ms = (x) => `${x.toFixed(0)} ms`;

/** Seeded like e2e (demo catalogue), plus one MERV 10 / 1" product with ROWS variants, listed first. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { loadCatalogue, generateDemoCatalogue } = catalogueData();
    await loadCatalogue(client, generateDemoCatalogue());
    const {
      rows: [sub],
    } = await client.query(
      `SELECT s.id, s.category_id FROM subcategories s JOIN categories c ON c.id = s.category_id
        WHERE c.name = 'MERV 10' AND s.name = '1"'`,
    );
    const {
      rows: [product],
    } = await client.query(
      `INSERT INTO products (category_id, subcategory_id, name, display_order) VALUES ($1, $2, $3, 0) RETURNING id`,
      [sub.category_id, sub.id, BIG],
    );
    await client.query(
      `INSERT INTO variants (product_id, part_number, size, actual_size, depth, list_price_cents, display_order)
       SELECT $1, 'GRID-' || lpad(g::text, 5, '0'), (10 + g % 20) || 'x' || (10 + g % 15) || 'x1',
              (9.5 + g % 20) || ' x ' || (9.5 + g % 15) || ' x 0.75', 1, 500 + g, g
         FROM generate_series(1, ${ROWS}) g`,
      [product.id],
    );
    const hash = await platform.hashPassword(PASSWORD);
    await client.query(
      `INSERT INTO users (username, email, password_hash, role, status) VALUES ('Grid Bench', $1, $2, 'superadmin', true)`,
      [EMAIL, hash],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/** In the page: resolves with the time from `start` until the grid shows rows of `partNumberPrefix`, after the next paint. */
function waitForRowsPainted(page, start, partNumberPrefix) {
  return page.evaluate(
    ([t0, prefix]) =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + 30_000;
        const check = () => {
          /** @type {HTMLInputElement | null} */
          const input = document.querySelector('.dsg-row:not(.dsg-row-header) .dsg-cell:nth-child(2) input');
          if (input && input.value.startsWith(prefix))
            // The frame that shows the rows: the rAF runs before its paint, the timeout after it.
            return requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
          if (performance.now() > deadline) return reject(new Error('grid rows never appeared'));
          requestAnimationFrame(check);
        };
        check();
      }),
    [start, partNumberPrefix],
  );
}

/** Clicks `selector`-found element inside the page and returns the click's performance.now(). */
function clickInPage(page, role, name) {
  return page.evaluate(
    ([r, n]) => {
      const el = [...document.querySelectorAll(r === 'button' ? 'button' : r)].find((b) => b.textContent.trim() === n);
      if (!el) throw new Error(`no ${r} ${n}`);
      const t0 = performance.now();
      el.click();
      return t0;
    },
    [role, name],
  );
}

async function editMode(page, on) {
  const pressed = await page.getAttribute('button[aria-pressed]', 'aria-pressed');
  if ((pressed === 'true') !== on) await page.getByRole('button', { name: 'Edit Catalog' }).click();
  await page.waitForSelector(`button[aria-pressed="${on}"]`);
}

/**
 * @typedef {{ prefix: string, cdp: import('playwright-core').CDPSession, profiles: Record<string, any[]> }} Profiler
 */

/**
 * Measures keydown → painted for `keys` (array of key names), one at a time. With `profiler`, each key
 * runs under the CDP CPU profiler and its profile is kept under the key's kind (`kinds[i]`, or the key).
 * @param {import('playwright-core').Page} page
 * @param {string[]} keys
 * @param {Profiler | null} [profiler]
 * @param {string[]} [kinds]
 * @returns {Promise<number[]>}
 */
async function keystrokes(page, keys, profiler = null, kinds = keys) {
  await page.evaluate(() => {
    const w = window;
    if (w.__keyLat) return;
    w.__keyLat = [];
    w.__armed = false;
    window.addEventListener(
      'keydown',
      (e) => {
        if (!w.__armed) return;
        w.__armed = false;
        const t0 = e.timeStamp;
        // After the key's default action and React's update: the next frame, then after its paint.
        setTimeout(() => requestAnimationFrame(() => setTimeout(() => w.__keyLat.push(performance.now() - t0), 0)), 0);
      },
      true,
    );
  });
  /** @type {number[]} */
  const out = [];
  for (const [i, key] of keys.entries()) {
    const before = await page.evaluate(() => ((window.__armed = true), window.__keyLat.length));
    if (profiler) await profiler.cdp.send('Profiler.start');
    await page.keyboard.press(key);
    await page.waitForFunction((n) => window.__keyLat.length > n, before);
    if (profiler) {
      const { profile } = await profiler.cdp.send('Profiler.stop');
      (profiler.profiles[kinds[i]] ??= []).push(profile);
    }
    out.push(await page.evaluate(() => window.__keyLat[window.__keyLat.length - 1]));
  }
  return out;
}

/** Self time by function over `profiles` (ms), heaviest first: `[name (file:line), ms]`. */
function selfTimes(profiles) {
  const totals = new Map();
  for (const { nodes, samples, timeDeltas } of profiles) {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    samples.forEach((id, i) => {
      const { functionName, url, lineNumber } = byId.get(id).callFrame;
      const name = `${functionName || '(anonymous)'}${url ? ` (${url.split('/').pop()}:${lineNumber + 1})` : ''}`;
      totals.set(name, (totals.get(name) ?? 0) + (timeDeltas[i + 1] ?? 0) / 1000);
    });
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

function profileNotes(profiler) {
  const notes = [];
  for (const [kind, profiles] of Object.entries(profiler.profiles)) {
    const file = `${profiler.prefix}-${kind}.json`;
    fs.writeFileSync(file, JSON.stringify(profiles));
    const top = selfTimes(profiles);
    const total = top.reduce((s, [, t]) => s + t, 0);
    notes.push(
      '',
      `CPU profile of ${kind} (${profiles.length} keys, ${ms(total / profiles.length)} sampled per key): ${file}`,
    );
    for (const [name, t] of top.slice(0, 15)) notes.push(`  ${ms(t / profiles.length).padStart(7)} per key  ${name}`);
  }
  return notes;
}

export async function benchGrid(databaseUrl) {
  const webDist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`${webDist}/index.html missing: run npx vite build --config apps/web/vite.config.ts`);
  await seed(databaseUrl);
  const api = await startApi(databaseUrl, { webDist });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: api.url, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const profiler = process.env.GRID_PROFILE
      ? { prefix: process.env.GRID_PROFILE, cdp: await context.newCDPSession(page), profiles: {} }
      : null;
    if (profiler) {
      await profiler.cdp.send('Profiler.enable');
      await profiler.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    }
    await page.goto('/');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/superadmin/companies');
    await page.getByRole('navigation').first().getByRole('link', { name: 'Catalog' }).click();
    await page.waitForURL('**/superadmin/catalog');
    await page.getByRole('button', { name: 'Edit Catalog' }).waitFor();

    // 1) Edit Catalog → first rows of the 5,000-variant product (first product of MERV 10 / 1").
    // The first open also loads the grid's lazy chunk; later opens refetch the product list.
    const opens = [];
    for (let i = 0; i < OPENS + 1; i++) {
      await editMode(page, false);
      await page.waitForTimeout(300);
      const t0 = await clickInPage(page, 'button', 'Edit Catalog');
      opens.push(await waitForRowsPainted(page, t0, 'GRID-'));
    }
    const [coldOpen, ...warmOpens] = opens;

    // 2) Product select: a 76-variant product → the 5,000-variant product.
    const switches = [];
    const select = page.getByLabel('Product', { exact: true });
    for (let i = 0; i < OPENS; i++) {
      await select.selectOption({ label: 'MERV 10 Pleated Filter 1"' });
      await page.waitForFunction(() =>
        document
          .querySelector('.dsg-row:not(.dsg-row-header) .dsg-cell:nth-child(2) input')
          ?.getAttribute('value')
          ?.startsWith('M10-'),
      );
      await page.waitForTimeout(300);
      const t0 = await page.evaluate((label) => {
        const el = [...document.querySelectorAll('select')].find((s) => [...s.options].some((o) => o.text === label));
        const option = el && [...el.options].find((o) => o.text === label);
        if (!el || !option) throw new Error(`no product option ${label}`);
        const start = performance.now();
        el.value = option.value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
        return start;
      }, BIG);
      switches.push(await waitForRowsPainted(page, t0, 'GRID-'));
    }

    // 3) Keystroke → paint in the 5,000-row grid.
    const rowCount = await page.evaluate(() => document.querySelectorAll('.dsg-row:not(.dsg-row-header)').length);
    await page.locator('.dsg-row:not(.dsg-row-header)').nth(0).locator('.dsg-cell').nth(2).click(); // Size, row 1
    // a) typing inside a cell being edited (F2 first): the uncontrolled input, no React state per key
    await page.keyboard.press('F2');
    const typing = await keystrokes(
      page,
      Array.from({ length: KEYSTROKES }, (_, i) => 'abcdefghij'[i % 10]),
      profiler,
      Array(KEYSTROKES).fill('typing'),
    );
    await page.keyboard.press('Escape');
    // b) a key on a selected cell that starts editing (grid state) + Enter that commits the row into
    //    the edit store (status pass over all 5,000 rows) and moves down
    const starts = [];
    const commits = [];
    if (process.env.GRID_TRACE) await browser.startTracing(page, { path: process.env.GRID_TRACE, screenshots: false });
    for (let i = 0; i < KEYSTROKES; i++) {
      const [s, c] = await keystrokes(page, ['x', 'Enter'], profiler, ['first-key', 'enter']);
      starts.push(s);
      commits.push(c);
    }
    if (process.env.GRID_TRACE) await browser.stopTracing();
    // c) arrow-key navigation
    const arrows = await keystrokes(
      page,
      Array.from({ length: KEYSTROKES }, (_, i) => (i % 2 ? 'ArrowUp' : 'ArrowDown')),
      profiler,
      Array(KEYSTROKES).fill('arrows'),
    );
    const edited = await page.evaluate(() => document.querySelectorAll('.cg-row-edited').length);
    if (edited < Math.min(5, KEYSTROKES)) throw new Error(`grid bench: typed rows were not marked edited (${edited})`);

    const row = (what, xs, target) =>
      `| ${what} | ${xs.length} | ${ms(median(xs))} | ${ms(p95(xs))} | ${ms(Math.max(...xs))} | ${target} |`;
    const notes = [
      `Product of ${ROWS.toLocaleString('en-US')} variants in the superadmin edit view (react-datasheet-grid, virtualised: ${rowCount} rows in the DOM), headless Debian Chromium ${browser.version()} via playwright-core, 1440×900, the API serving the built web app. Times are measured in the page with performance.now(): from the click / key event's timestamp until after the frame that shows the result has painted (requestAnimationFrame, then a task).`,
      '',
      '| measurement | n | median | p95 | max | target |',
      '|---|---|---|---|---|---|',
      `| Edit Catalog → first rows painted, first open (loads the grid chunk + the 1" product list: ${(ROWS + 228).toLocaleString('en-US')} variants) | 1 | ${ms(coldOpen)} | — | — | < 1 s |`,
      row('Edit Catalog → first rows painted, again (product list refetched)', warmOpens, '< 1 s'),
      row('Product select → the 5,000-variant product painted', switches, '< 1 s'),
      row('Keystroke → paint: typing in a cell being edited', typing, '< 100 ms'),
      row('Keystroke → paint: first key on a selected cell (starts editing)', starts, '< 100 ms'),
      row('Keystroke → paint: Enter (commits the row into the edit state, moves down)', commits, '< 100 ms'),
      row('Keystroke → paint: arrow-key navigation', arrows, '< 100 ms'),
      ...(profiler ? profileNotes(profiler) : []),
    ];
    await context.close();
    return { notes };
  } finally {
    await browser.close();
    await api.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await withDatabase(process.env.GRID_DB ?? 'portal_bench_grid', benchGrid);
  console.log(result.notes.join('\n'));
  process.exit(0);
}
