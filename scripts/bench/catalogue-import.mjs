// @ts-check
// Catalogue export / import on a 100,000-variant catalogue: export time (CSV, XLSX), export → unchanged
// re-import = 0 changes, dry run and apply of a file that changes every price, and the worker's peak RSS.
// Targets: dry run < 20 s, apply < 30 s, worker RSS < 300 MB, export < 10 s.
// Run alone with `node scripts/bench/catalogue-import.mjs` (after `npx tsc -b apps/api apps/worker scripts`).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { platform, scale, signIn, sleep, startApi, startWorker, withDatabase } from './lib.mjs';

const VARIANTS = Number(process.env.BENCH_IMPORT_ROWS ?? scale(100_000, 2000));
/** A stuck import fails the benchmark instead of hanging it (and `npm test`). */
const IMPORT_TIMEOUT_MS = scale(600_000, 60_000);

/** @param {import('pg').ClientBase} client */
async function seed(client) {
  const hash = await platform.hashPassword('Bench@12345');
  await client.query(
    `INSERT INTO users (username, email, password_hash, role) VALUES ('root', 'root@example.com', $1, 'superadmin')`,
    [hash],
  );
  // 10 categories × 5 sub-categories × 40 products × 50 variants = 100,000
  await client.query(
    `INSERT INTO categories (name, display_order) SELECT 'Category ' || g, g FROM generate_series(1, 10) g`,
  );
  await client.query(
    `INSERT INTO subcategories (category_id, name, display_order)
     SELECT k.id, 'Sub ' || g, g FROM categories k, generate_series(1, 5) g`,
  );
  await client.query(
    `INSERT INTO products (category_id, subcategory_id, name, display_order)
     SELECT s.category_id, s.id, 'Product ' || s.name || ' #' || g, g FROM subcategories s, generate_series(1, 40) g`,
  );
  const perProduct = Math.ceil(VARIANTS / 2000);
  await client.query(
    `INSERT INTO variants (product_id, part_number, size, actual_size, depth, list_price_cents, display_order)
     SELECT p.id, 'PN-' || row_number() OVER (ORDER BY p.id, g), (10 + g % 20) || 'x25x1', '', 1, 1000 + g, g
       FROM products p, generate_series(1, ${perProduct}) g`,
  );
  await client.query(`ANALYZE`);
}

/** @param {string} databaseUrl */
export async function benchCatalogueImport(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await seed(client);
  await client.end();
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-imports-'));
  const api = await startApi(databaseUrl, { env: { FILES_DIR: filesDir } });
  const worker = await startWorker(databaseUrl, { env: { FILES_DIR: filesDir } });
  /** @type {string[]} */
  const notes = [];
  await sleep(scale(2000, 200));
  const idleRss = worker.peakMb();
  try {
    const auth = await signIn(api.url, 'root@example.com', 'Bench@12345');
    const csrf = (await fetch(`${api.url}/api/csrf-token`, { headers: auth }).then((r) => r.json())).token;
    const headers = { ...auth, 'x-xsrf-token': csrf };

    const exportFile = async (/** @type {'csv' | 'xlsx'} */ format) => {
      const start = performance.now();
      const res = await fetch(`${api.url}/api/catalogue/export?format=${format}`, { headers: auth });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`export ${format}: ${res.status}`);
      return { ms: performance.now() - start, body };
    };
    const waitSettled = async (/** @type {string} */ id) => {
      const until = Date.now() + IMPORT_TIMEOUT_MS;
      for (;;) {
        const r = await fetch(`${api.url}/api/catalogue/imports/${id}?limit=1&errorsLimit=5`, { headers: auth });
        const { data } = await r.json();
        if (!['queued', 'validating', 'applying'].includes(data.status)) return data;
        if (Date.now() > until) throw new Error(`import ${id} still ${data.status} after ${IMPORT_TIMEOUT_MS} ms`);
        await sleep(100);
      }
    };
    const dryRun = async (/** @type {Buffer<ArrayBuffer>} */ body, /** @type {string} */ name) => {
      const form = new FormData();
      form.append('file', new Blob([body]), name);
      worker.resetPeak();
      const start = performance.now();
      const res = await fetch(`${api.url}/api/catalogue/imports`, { method: 'POST', headers, body: form });
      const json = await res.json();
      if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(json)}`);
      const data = await waitSettled(json.data._id);
      return { ms: performance.now() - start, data, rss: worker.peakMb() };
    };

    const csv = await exportFile('csv');
    const xlsx = await exportFile('xlsx');
    notes.push(
      `- Export of ${VARIANTS.toLocaleString('en-US')} variants (GET catalogue/export, streamed from a cursor): CSV **${(csv.ms / 1000).toFixed(1)} s** (${(csv.body.length / 1e6).toFixed(1)} MB), XLSX **${(xlsx.ms / 1000).toFixed(1)} s** (${(xlsx.body.length / 1e6).toFixed(1)} MB) (target < 10 s).`,
    );

    const same = await dryRun(csv.body, 'catalogue.csv');
    const c = same.data.counts;
    notes.push(
      `- Round trip, CSV export → unchanged re-import: status ${same.data.status}, ${c.create} create / ${c.update} update / ${c.delete} delete / ${c.unchanged} unchanged / ${c.errors} errors (target 0 changes); upload + dry run **${(same.ms / 1000).toFixed(1)} s**, worker peak RSS ${same.rss.toFixed(0)} MB.`,
    );
    const sameX = await dryRun(xlsx.body, 'catalogue.xlsx');
    const cx = sameX.data.counts;
    notes.push(
      `- Round trip, XLSX: ${cx.create + cx.update + cx.delete} changes, ${cx.unchanged} unchanged, ${cx.errors} errors; upload + dry run **${(sameX.ms / 1000).toFixed(1)} s**, worker peak RSS ${sameX.rss.toFixed(0)} MB.`,
    );

    // every price + 1 cent: 100k updates
    const lines = csv.body.toString('utf8').split('\n');
    for (let i = 1; i < lines.length; i++) {
      if (!lines[i]) continue;
      const cells = lines[i].split(',');
      const p = cells.length - 3; // list_price, display_order, aliases end the line
      cells[p] = (Math.round(Number(cells[p]) * 100 + 1) / 100).toFixed(2);
      lines[i] = cells.join(',');
    }
    const changed = await dryRun(Buffer.from(lines.join('\n')), 'prices.csv');
    const start = performance.now();
    const applyRes = await fetch(`${api.url}/api/catalogue/imports/${changed.data._id}/apply`, {
      method: 'POST',
      headers,
    });
    if (applyRes.status !== 202) throw new Error(`apply: ${applyRes.status}`);
    const applied = await waitSettled(changed.data._id);
    const applyMs = performance.now() - start;
    notes.push(
      `- Every price changed (${changed.data.counts.update.toLocaleString('en-US')} updates): upload + dry run **${(changed.ms / 1000).toFixed(1)} s** (target < 20 s); apply (one transaction, set-based from the staging table, with price history) **${(applyMs / 1000).toFixed(1)} s** → ${applied.status} (target < 30 s); worker peak RSS over dry run + apply **${Math.max(changed.rss, worker.peakMb()).toFixed(0)} MB** (target < 300 MB).`,
    );
    notes.push(`- Worker RSS when idle (Nest context, TypeORM pool, BullMQ workers, sharp): ${idleRss.toFixed(0)} MB.`);
    return { notes };
  } finally {
    await worker.stop();
    await api.stop();
    await fs.rm(filesDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await withDatabase('portal_bench_catalogue_import', benchCatalogueImport);
  console.log(result.notes.join('\n'));
  process.exit(0);
}
