// @ts-check
// Programme import (POST sites/import): the worker's dry run of 10,000 slot rows (200 sites × 25 units ×
// 2 stages; final filters by part number written loosely — lower case, spaces — and by alias, pre-filters
// as size strings), then a 5,000-row file (the company limit) dry-run, applied, and imported again
// unchanged. Target (issue): dry run of 10,000 slot rows < 5 s.
// Run alone with `node scripts/bench/run.mjs --only=sites-import` (`--smoke` for a tiny file).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { platform, scale, signIn, sleep, startApi, startWorker } from './lib.mjs';

const SITES = scale(200, 4);
const UNITS = 25;
const ROWS = SITES * UNITS * 2;
const VARIANTS = 2000;
const IMPORT_TIMEOUT_MS = scale(300_000, 60_000);
const HEADER = 'site code,site name,unit label,stage,part number or size,quantity,interval,last changed';

/** @param {import('pg').ClientBase} client */
async function seed(client) {
  const hash = await platform.hashPassword('Bench@12345');
  const {
    rows: [{ id: company }],
  } = await client.query(`INSERT INTO companies (name, status) VALUES ('Campus Co', true) RETURNING id`);
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id) VALUES ('admin', 'admin@campus.test', $1, 'admin', $2)`,
    [hash, company],
  );
  const {
    rows: [{ id: category }],
  } = await client.query(`INSERT INTO categories (name, display_order) VALUES ('Pleated', 1) RETURNING id`);
  const {
    rows: [{ id: product }],
  } = await client.query(
    `INSERT INTO products (category_id, name, display_order) VALUES ($1, 'MERV 13 1"', 1) RETURNING id`,
    [category],
  );
  await client.query(
    `INSERT INTO variants (product_id, part_number, size, actual_size, depth, list_price_cents, display_order, merv)
     SELECT $1, 'PN-' || g, (10 + g % 20) || 'x25x1', '', 1, 1000 + g, g, 13 FROM generate_series(1, ${VARIANTS}) g`,
    [product],
  );
  await client.query(
    `INSERT INTO part_aliases (alias, variant_id, source)
     SELECT 'ALT ' || v.part_number, v.id, 'competitor' FROM variants v WHERE v.display_order % 4 = 0`,
  );
  await client.query(`ANALYZE`);
}

/**
 * The programme file: `sites` sites × 25 units × (pre: a size string, final: a part number or an alias).
 * @param {number} sites
 */
function programmeCsv(sites, offset = 0) {
  const lines = [HEADER];
  for (let s = 1; s <= sites; s++) {
    for (let u = 1; u <= UNITS; u++) {
      const code = `S${s + offset}`;
      const pre = u % 2 ? '20x25x1' : '16 3/8 x 20 1/4 x 1 exact';
      const n = ((s * UNITS + u) % VARIANTS) + 1;
      const final = n % 4 === 0 ? `alt pn ${n}` : `pn ${n}`;
      lines.push(`${code},Building ${s + offset},AHU-${u},pre,${pre},4,3 months,2026-01-31`);
      lines.push(`${code},Building ${s + offset},AHU-${u},final,${final},2,6 months,2026-01-31`);
    }
  }
  return Buffer.from(lines.join('\n'));
}

/** @param {string} databaseUrl */
export async function benchSitesImport(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await seed(client);
  await client.end();
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-sites-imports-'));
  const api = await startApi(databaseUrl, { env: { FILES_DIR: filesDir } });
  const worker = await startWorker(databaseUrl, { env: { FILES_DIR: filesDir } });
  /** @type {string[]} */
  const notes = [];
  try {
    await sleep(scale(2000, 200));
    const auth = await signIn(api.url, 'admin@campus.test', 'Bench@12345');
    const csrf = (await fetch(`${api.url}/api/csrf-token`, { headers: auth }).then((r) => r.json())).token;
    const headers = { ...auth, 'x-xsrf-token': csrf };
    const settled = async (/** @type {string} */ id) => {
      const until = Date.now() + IMPORT_TIMEOUT_MS;
      for (;;) {
        const { data } = await fetch(`${api.url}/api/sites/import/${id}?errorsLimit=1`, { headers: auth }).then((r) =>
          r.json(),
        );
        if (!['queued', 'validating'].includes(data.status)) return data;
        if (Date.now() > until) throw new Error(`sites import ${id} still ${data.status}`);
        await sleep(50);
      }
    };
    const dryRun = async (/** @type {Buffer} */ body) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)]), 'programme.csv');
      worker.resetPeak();
      const start = performance.now();
      const res = await fetch(`${api.url}/api/sites/import`, { method: 'POST', headers, body: form });
      const json = await res.json();
      if (res.status !== 202) throw new Error(`sites import: ${res.status} ${JSON.stringify(json)}`);
      const data = await settled(json.data._id);
      return { ms: performance.now() - start, data, rss: worker.peakMb() };
    };

    // 10,000 rows for one company: every row is read, resolved and compared; the rows past the
    // company's 5,000-slot limit are reported as row errors, as they would be.
    const big = await dryRun(programmeCsv(SITES));
    const c = big.data.counts;
    notes.push(
      `- Dry run of ${ROWS.toLocaleString('en-US')} slot rows (${SITES} sites × ${UNITS} units × 2 stages; part numbers written loosely, aliases, size strings): upload + dry run **${(big.ms / 1000).toFixed(2)} s** (target < 5 s) → ${big.data.status}: ${c.sites_created} sites, ${c.units_created} units, ${c.slots_created} slots to create, ${c.errors} rows past the 5,000-slot limit; worker peak RSS ${big.rss.toFixed(0)} MB.`,
    );
    const half = await dryRun(programmeCsv(SITES / 2));
    const start = performance.now();
    const applied = await fetch(`${api.url}/api/sites/import/${half.data._id}/apply`, { method: 'POST', headers });
    if (applied.status !== 200) throw new Error(`apply: ${applied.status} ${await applied.text()}`);
    const applyMs = performance.now() - start;
    const again = await dryRun(programmeCsv(SITES / 2));
    notes.push(
      `- ${(ROWS / 2).toLocaleString('en-US')} rows (half the file; at full size the company's 5,000-slot limit): dry run **${(half.ms / 1000).toFixed(2)} s**, apply (one transaction) **${(applyMs / 1000).toFixed(2)} s**, the same file again **${(again.ms / 1000).toFixed(2)} s** → ${again.data.counts.slots_unchanged} unchanged, ${again.data.counts.slots_created + again.data.counts.slots_updated} changes.`,
    );
  } finally {
    await worker.stop();
    await api.stop();
    await fs.rm(filesDir, { recursive: true, force: true });
  }
  for (const n of notes) console.log(n);
  return { notes };
}
