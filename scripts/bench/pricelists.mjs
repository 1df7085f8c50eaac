// @ts-check
// Price lists on the 100k-variant catalogue: time to build the whole catalogue for one company as
// CSV, XLSX and PDF (request → ready, and the worker's own build time), the worker's peak RSS while
// it builds, and the catalogue product page p99 with and without 20 price lists being built.
// Standalone: `node scripts/bench/pricelists.mjs` (after `npx tsc -b apps/api apps/worker scripts`);
// prints a markdown section for docs/BENCHMARKS.md. Also exported for scripts/bench/run.mjs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import {
  catalogueData,
  openLoop,
  percentile,
  platform,
  rssMiB,
  run,
  scale,
  signIn,
  sleep,
  SMOKE,
  startApi,
  startWorker,
  withDatabase,
} from './lib.mjs';

const PASSWORD = 'Bench@12345';
/**
 * BENCH_PRICELISTS_IMPORT=1: a catalogue import (dry run of the whole catalogue, again and again) runs
 * in the same worker throughout the latency windows, so the builds must pace themselves beside it
 * (the worker that starts a build is load like the rest of the host). Always on in smoke mode.
 */
const WITH_IMPORT = SMOKE || process.env.BENCH_PRICELISTS_IMPORT === '1';
const CONCURRENT = scale(20, 1);
/** Quiet/busy window pairs of the latency measurement, and each window's length (s). */
const ROUNDS = scale(60, 2);
const WINDOW_S = scale(1, 0.5);

/**
 * The worker's price-list build process (pids of its children started from build-child.js). Only
 * that one: the worker also starts an import's file reader, which must go on while builds are paused.
 * @param {number} pid
 */
function buildProcessesOf(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number)
      .filter((child) => {
        try {
          return fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('build-child');
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/**
 * Samples the RSS of the worker and its build process every 50 ms until stopped. Returns the peak of
 * the two together, and of each alone (`parts`, for the log).
 * @param {number} pid
 */
function rssSampler(pid) {
  const peaks = { total: 0, worker: 0, build: 0 };
  const sample = () => {
    const worker = rssMiB(pid) || 0;
    const build = buildProcessesOf(pid).reduce((sum, p) => sum + (rssMiB(p) || 0), 0);
    peaks.total = Math.max(peaks.total, worker + build);
    peaks.worker = Math.max(peaks.worker, worker);
    peaks.build = Math.max(peaks.build, build);
  };
  sample();
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return peaks;
  };
}

/**
 * Open-loop load at `rate` req/s for `rounds` rounds of a quiet and a busy window, `windowS` each:
 * `setBusy(false | true)` runs at the start of every window. Each request is counted for the window
 * it was due in, except in a window's first `settleS`. Interleaving the two cancels out any drift of
 * the machine during the run.
 * @param {string} url
 * @param {{ headers: import('./lib.mjs').Headers, rate: number, rounds: number, windowS: number, settleS?: number,
 *   setBusy: (busy: boolean) => Promise<void> }} options
 */
async function alternatingAtRate(url, { headers, rate, rounds, windowS, settleS = 0.25, setBusy }) {
  const { Agent } = await import('undici');
  const agent = new Agent({ connections: 20 });
  /** @type {{ quiet: number[][], busy: number[][] }} */
  const windows = { quiet: [], busy: [] };
  /** @type {import('./lib.mjs').LoopWindow[]} */
  const plan = [];
  for (let w = 0; w < rounds * 2; w++) {
    const busy = w % 2 === 1;
    /** @type {number[]} */
    const times = [];
    windows[busy ? 'busy' : 'quiet'].push(times);
    plan.push({ seconds: windowS, settleS, times, before: () => setBusy(busy) });
  }
  let non2xx;
  try {
    ({ non2xx } = await openLoop(url, { headers, rate, dispatcher: agent }, plan));
  } finally {
    await agent.close();
  }
  if (non2xx > 0) throw new Error(`${non2xx} non-2xx responses`);
  const stats = (/** @type {number[][]} */ ws) => {
    const all = ws.flat();
    return {
      n: all.length,
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      p99: percentile(all, 99),
      // The p99 of the first and of the second half of the windows: how steady the figure is within a run.
      halvesP99: [ws.slice(0, ws.length / 2), ws.slice(ws.length / 2)].map((h) => percentile(h.flat(), 99)),
    };
  };
  return { quiet: stats(windows.quiet), busy: stats(windows.busy) };
}

/**
 * Sends `sig` to `pid`, which may have exited since it was listed (a build process ends with its list).
 * @param {number} pid
 * @param {NodeJS.Signals} sig
 */
function signal(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'ESRCH') throw err;
  }
}

/** Stops a build process still running (none should be: each ends with its list). */
async function stopBuildProcess(/** @type {number} */ workerPid) {
  const children = buildProcessesOf(workerPid);
  for (const c of children) signal(c, 'SIGTERM');
  while (children.some((c) => fs.existsSync(`/proc/${c}`))) await sleep(20);
}

/** Signed-in headers with a CSRF token, for JSON writes. @param {string} apiUrl @param {string} email */
async function client(apiUrl, email) {
  const headers = await signIn(apiUrl, email, PASSWORD);
  const { token } = await fetch(`${apiUrl}/api/csrf-token`, { headers }).then((r) => r.json());
  return { ...headers, 'x-xsrf-token': token, 'content-type': 'application/json' };
}

/**
 * Requests a price list; its id.
 * @param {string} apiUrl
 * @param {import('./lib.mjs').Headers} headers
 * @param {{ format: string }} body
 * @returns {Promise<number>}
 */
async function request(apiUrl, headers, body) {
  const res = await fetch(`${apiUrl}/api/pricelists`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status !== 202) throw new Error(`POST pricelists: ${res.status} ${JSON.stringify(json)}`);
  return json.data._id;
}

/**
 * Polls a price list until it is ready; its view.
 * @param {string} apiUrl
 * @param {import('./lib.mjs').Headers} headers
 * @param {number} id
 */
async function waitReady(apiUrl, headers, id, timeoutMs = 600_000, pollMs = 100) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await fetch(`${apiUrl}/api/pricelists/${id}`, { headers }).then((r) => r.json());
    if (data.status === 'ready') return data;
    if (data.status === 'failed') throw new Error(`price list ${id} failed: ${data.error}`);
    if (Date.now() > until) throw new Error(`price list ${id} not ready after ${timeoutMs} ms`);
    await sleep(pollMs);
  }
}

/**
 * Catalogue imports in the worker, one after another until `stop()`: a superadmin exports the
 * catalogue as CSV once and uploads it again and again (each a full dry run in the worker).
 * `stop()` waits for the one in progress and resolves with how many completed.
 * @param {string} apiUrl
 */
async function importsAlongside(apiUrl) {
  const auth = await signIn(apiUrl, 'bench-pl-root@example.com', PASSWORD);
  const { token } = await fetch(`${apiUrl}/api/csrf-token`, { headers: auth }).then((r) => r.json());
  const headers = { ...auth, 'x-xsrf-token': token };
  const exported = await fetch(`${apiUrl}/api/catalogue/export?format=csv`, { headers: auth });
  if (exported.status !== 200) throw new Error(`export: ${exported.status}`);
  const csv = Buffer.from(await exported.arrayBuffer());
  let stopping = false;
  let done = 0;
  /** Uploads the file and waits until the worker has checked it. */
  const once = async () => {
    const form = new FormData();
    form.append('file', new Blob([csv]), 'catalogue.csv');
    const res = await fetch(`${apiUrl}/api/catalogue/imports`, { method: 'POST', headers, body: form });
    const json = await res.json();
    if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(json)}`);
    const until = Date.now() + scale(600_000, 60_000);
    for (;;) {
      if (Date.now() > until) throw new Error(`import ${json.data._id} not settled in time`);
      const { data } = await fetch(`${apiUrl}/api/catalogue/imports/${json.data._id}?limit=1&errorsLimit=1`, {
        headers: auth,
      }).then((r) => r.json());
      if (data.status === 'failed')
        throw new Error(`import ${json.data._id} failed: ${JSON.stringify(data).slice(0, 500)}`);
      if (!['queued', 'validating', 'applying'].includes(data.status)) return;
      await sleep(100);
    }
  };
  const loop = (async () => {
    while (!stopping) {
      await once();
      done++;
    }
  })();
  loop.catch(() => undefined); // reported by stop()
  // The first dry run is under way before the measurement starts.
  await sleep(scale(1000, 100));
  return {
    stop: async () => {
      stopping = true;
      await loop;
      return done;
    },
  };
}

/** @param {string} databaseUrl */
export async function benchPricelists(databaseUrl) {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pricelists-'));
  const pgc = new pg.Client({ connectionString: databaseUrl });
  await pgc.connect();
  const loadStarted = Date.now();
  await pgc.query('BEGIN');
  const { generate, loadCatalogue } = catalogueData();
  const loaded = await loadCatalogue(pgc, generate(100000));
  await pgc.query('COMMIT');
  await pgc.query('ANALYZE');
  const hash = await platform.hashPassword(PASSWORD);
  const { rows: c } = await pgc.query(
    `INSERT INTO companies (name, discount_percentage, rigidflow_percentage, minipro_percentage, polyroll_percentage)
     VALUES ('Bench Price Lists Co', 45.55, 52, 48.75, 60) RETURNING id`,
  );
  await pgc.query(
    `INSERT INTO users (username, email, password_hash, role) VALUES ('bench-pl-root', 'bench-pl-root@example.com', $1, 'superadmin')`,
    [hash],
  );
  for (let i = 0; i <= CONCURRENT; i++) {
    await pgc.query(
      `INSERT INTO users (username, email, password_hash, role, company_id) VALUES ($1, $2, $3, 'employee', $4)`,
      [`bench-pl-${i}`, `bench-pl-${i}@example.com`, hash, c[0].id],
    );
  }
  const {
    rows: [{ n }],
  } = await pgc.query(`SELECT count(*)::int AS n FROM variants WHERE NOT odd_size`);
  console.log(`price-list bench: loaded ${loaded.variants} variants (${n} standard) in ${Date.now() - loadStarted} ms`);
  // The load leaves ~100 MB of dirty pages that Postgres would otherwise write out during the
  // measurement (a spread checkpoint); flush them first. Needs a superuser, as the bench's own server has.
  await pgc.query('VACUUM (ANALYZE) variants');
  await pgc.query('CHECKPOINT').catch((err) => console.log(`price-list bench: no CHECKPOINT (${err.message})`));

  const api = await startApi(databaseUrl, { env: { FILES_DIR: filesDir } });
  // stdout ignored: the worker's progress lines would drown the bench's own.
  const worker = await startWorker(databaseUrl, { env: { FILES_DIR: filesDir }, stdout: 'ignore' });
  /** @type {string[]} */
  const notes = [];
  try {
    const headers = await client(api.url, 'bench-pl-0@example.com');
    const idleRss = rssMiB(worker.pid);

    // The catalogue page's latency with and without the builds, in alternating windows: once the 20
    // lists are queued, the build process is paused (SIGSTOP) for every quiet window and resumed for
    // every busy one, so both are measured on the same machine state with the same lists queued.
    const vcells = loaded.ids['v-cells'];
    const page = `${api.url}/api/catalogue/product/${vcells}`;
    // As a browser asks for it: compressed (the API caches the compressed body).
    const pageHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
    await run(page, { headers: pageHeaders, duration: 3, title: 'warm' });
    /** @type {import('./lib.mjs').Headers[]} */
    const others = [];
    for (let i = 1; i <= CONCURRENT; i++) others.push(await client(api.url, `bench-pl-${i}@example.com`));
    const formats = ['csv', 'xlsx', 'pdf'];
    const burstPeak = rssSampler(worker.pid);
    const burstStarted = Date.now();
    const ids = await Promise.all(others.map((h, i) => request(api.url, h, { format: formats[i % 3] })));
    while (!buildProcessesOf(worker.pid).length) await sleep(20);
    const imports = WITH_IMPORT ? await importsAlongside(api.url) : null;
    let building = true;
    const setBusy = async (/** @type {boolean} */ busy) => {
      building = busy;
      for (const pid of buildProcessesOf(worker.pid)) signal(pid, busy ? 'SIGCONT' : 'SIGSTOP');
    };
    // Each list gets a build process of its own: one that starts while builds are paused is paused too.
    const keepPaused = setInterval(() => {
      if (!building) for (const pid of buildProcessesOf(worker.pid)) signal(pid, 'SIGSTOP');
    }, 25);
    /** Lists not built yet: the latency windows must end before the last one is. */
    const unbuilt = async () =>
      (await pgc.query(`SELECT count(*)::int AS n FROM pricelists WHERE status IN ('queued', 'running')`)).rows[0].n;
    // Customers' latency at a steady offered load (the product page's own target rate) ...
    const RATE = 200;
    const atRate = await alternatingAtRate(page, {
      headers: pageHeaders,
      rate: RATE,
      rounds: ROUNDS,
      windowS: WINDOW_S,
      setBusy,
    });
    const exhausted = (await unbuilt()) === 0;
    // ... and in a closed loop that saturates both cores (there any extra work shows as queueing).
    /** @type {{ quiet: import('./lib.mjs').RunResult[], busy: import('./lib.mjs').RunResult[] }} */
    const closed = { quiet: [], busy: [] };
    for (let r = 0; r < scale(3, 1); r++) {
      for (const busy of [false, true]) {
        await setBusy(busy);
        await sleep(500);
        closed[busy ? 'busy' : 'quiet'].push(
          await run(page, { headers: pageHeaders, duration: 4, title: 'closed loop' }),
        );
      }
    }
    clearInterval(keepPaused);
    await setBusy(true);
    const importsRun = imports ? await imports.stop() : 0;
    // (In smoke mode the tiny lists are built at once: nothing to measure, only that it all runs.)
    if (exhausted && !SMOKE) throw new Error('the price lists were all built before the latency windows ended');
    /** @param {import('./lib.mjs').RunResult[]} runs @param {'p99' | 'rps'} key */
    const mean = (runs, key) => runs.reduce((sum, r) => sum + r[key], 0) / runs.length;
    const quiet = { p99: mean(closed.quiet, 'p99'), rps: mean(closed.quiet, 'rps') };
    const busy = { p99: mean(closed.busy, 'p99'), rps: mean(closed.busy, 'rps') };
    console.log(
      `price-list bench: catalogue p50 ${atRate.quiet.p50}/${atRate.busy.p50} p95 ${atRate.quiet.p95}/${atRate.busy.p95}; p99 at ${RATE} req/s alone ${atRate.quiet.p99} ms (halves ${atRate.quiet.halvesP99.join(', ')}), ` +
        `with ${CONCURRENT} lists ${atRate.busy.p99} ms (halves ${atRate.busy.halvesP99.join(', ')}); ` +
        `closed loop alone ${quiet.p99} ms, with ${CONCURRENT} lists ${busy.p99} ms`,
    );
    await Promise.all(
      ids.map((id, i) => waitReady(api.url, others[i], id, scale(3_600_000, 120_000), scale(2000, 100))),
    );
    const burstMs = Date.now() - burstStarted;
    const burstPeaks = burstPeak();
    const burstRss = burstPeaks.total;
    console.log(
      `price-list bench: ${CONCURRENT} lists ready after ${burstMs} ms, peak RSS ${burstRss.toFixed(0)} MiB ` +
        `(worker alone ${burstPeaks.worker.toFixed(0)}, build process alone ${burstPeaks.build.toFixed(0)})`,
    );

    const results = [];
    for (const format of scale(['csv', 'xlsx', 'pdf'], ['csv'])) {
      // Each list alone (every list starts its own build process; none is left from the 20 lists).
      await stopBuildProcess(worker.pid);
      const peak = rssSampler(worker.pid);
      const started = Date.now();
      const id = await request(api.url, headers, { format });
      const view = await waitReady(api.url, headers, id);
      const total = Date.now() - started;
      const peaks = peak();
      const peakRss = peaks.total;
      const {
        rows: [t],
      } = await pgc.query(
        `SELECT extract(epoch FROM finished_at - started_at) * 1000 AS build_ms, size FROM pricelists WHERE id = $1`,
        [id],
      );
      results.push({ format, rows: view.rows, total, build: Math.round(t.build_ms), size: Number(t.size), peakRss });
      console.log(
        `price-list bench: ${format} ${view.rows} rows, ${total} ms, peak RSS ${peakRss.toFixed(0)} MiB ` +
          `(worker alone ${peaks.worker.toFixed(0)}, build process alone ${peaks.build.toFixed(0)})`,
      );
    }

    /** @param {number} x @param {number} base */
    const pct = (x, base) => `${x >= base ? '+' : '−'}${Math.abs(((x - base) / base) * 100).toFixed(0)} %`;
    const fmt = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
    /** @type {Record<string, number>} */
    const target = { csv: 10_000, xlsx: 20_000, pdf: 60_000 };
    notes.push(
      `Generated ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${os.cpus().length} cores, Node ${process.version}, ` +
        `load average at the end ${os.loadavg()[0].toFixed(1)}. Whole catalogue for one company (${n} standard variants of ` +
        `${loaded.variants}); the worker (compiled, \`pricelists\` queue, concurrency 1) hands each list to a build ` +
        `process of its own (SCHED_IDLE, paced to a tenth of the time while the rest of the host is busy, ending with the list), which reads the catalogue 50 products per query and streams the rows into csv-stringify / ` +
        `exceljs' streaming WorkbookWriter / pdfkit. Each format below alone, after the 20 lists.`,
      '',
      '| format | rows | request → ready | build | file size | target | worker + build process peak RSS (target < 300 MB) |',
      '|---|---|---|---|---|---|---|',
      ...results.map(
        (r) =>
          `| ${r.format.toUpperCase()} | ${r.rows} | ${fmt(r.total)} | ${fmt(r.build)} | ${(r.size / 1024 / 1024).toFixed(1)} MiB | < ${fmt(target[r.format])} ${r.build < target[r.format] ? '✓' : '✗'} | ${r.peakRss.toFixed(0)} MiB |`,
      ),
      '',
      `- Worker RSS idle before the runs: ${idleRss.toFixed(0)} MiB; worker + build process peak while ${CONCURRENT} lists ` +
        `(CSV/XLSX/PDF mixed) were built: ${burstRss.toFixed(0)} MiB; all ${CONCURRENT} ready after ${fmt(burstMs)}.`,
      `- \`GET /api/catalogue/product/{id}\` (V-Cells, company prices) at ${RATE} req/s offered (open loop), in ${ROUNDS} ` +
        `alternating pairs of ${WINDOW_S} s windows with the build process paused (SIGSTOP) and running, the ${CONCURRENT} ` +
        `lists queued throughout (${atRate.quiet.n} / ${atRate.busy.n} requests): p50 ${atRate.quiet.p50} / ${atRate.busy.p50} ms, ` +
        `p95 ${atRate.quiet.p95} / ${atRate.busy.p95} ms, **p99 ${atRate.quiet.p99} / ${atRate.busy.p99} ms — ` +
        `${pct(atRate.busy.p99, atRate.quiet.p99)}** (target ≤ +20 %); the p99 of the run's first and second half ` +
        `${atRate.quiet.halvesP99.join(' and ')} ms paused, ${atRate.busy.halvesP99.join(' and ')} ms building.`,
      ...(imports
        ? [
            `- Throughout the latency windows (paused and building alike) a catalogue import ran in the same worker: ` +
              `${importsRun} dry runs of the whole ${loaded.variants}-variant catalogue (CSV) one after another.`,
          ]
        : []),
      `- The same page in a closed loop that saturates both cores (autocannon, 20 connections, 3 pairs of 4 s runs, means): ` +
        `paused p99 ${quiet.p99.toFixed(0)} ms (${quiet.rps.toFixed(0)} req/s); building p99 ${busy.p99.toFixed(0)} ms ` +
        `(${busy.rps.toFixed(0)} req/s) — ${pct(busy.p99, quiet.p99)}.`,
    );
  } finally {
    await worker.stop();
    await api.stop();
    await pgc.end();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
  return { notes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { notes } = await withDatabase('portal_bench_pricelists', benchPricelists);
  console.log(`\n## Price lists (100,000 variants)\n\n${notes.join('\n')}\n`);
  process.exit(0);
}
