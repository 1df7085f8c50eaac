// @ts-check
// Scheduled price changes: a list-price change of every variant of a 100,000-variant catalogue (a dry run
// staged for "Apply on…") applied by a real worker at its instant — how long after `effective_at` it
// is applied (the whole one-transaction apply included), and a one-company multiplier change's delay.
// Targets: the 100,000-variant change applied < 30 s after its instant; a multiplier change ≤ 5 s.
// Run alone with `node scripts/bench/price-changes.mjs` (after `npx tsc -b apps/api apps/worker scripts`);
// BENCH_SMOKE=1 for a 2,000-variant smoke run.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { scale, sleep, startWorker, withDatabase } from './lib.mjs';

const VARIANTS = Number(process.env.BENCH_PRICE_CHANGE_ROWS ?? scale(100_000, 2000));
const TIMEOUT_MS = scale(300_000, 60_000);
/** The instant is this far ahead of the scheduling (the worker arms a timer for it). */
const LEAD_MS = 3000;

/** @param {import('pg').ClientBase} client */
async function seed(client) {
  const [{ id: root }] = (
    await client.query(
      `INSERT INTO users (username, email, password_hash, role) VALUES ('root', 'root@example.com', 'x', 'superadmin')
       RETURNING id`,
    )
  ).rows;
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
  await client.query(
    `INSERT INTO companies (name, discount_percentage) SELECT 'Company ' || g, 40 + g % 50 FROM generate_series(1, 100) g`,
  );
  // A dry run as the import stages it: every variant, its price up by 5 %.
  const [{ id: importId }] = (
    await client.query(
      `INSERT INTO catalogue_imports (status, file_name, format, size, started_by, started_by_name, update_count)
       VALUES ('ready', 'prices.csv', 'csv', 1, $1, 'root', $2) RETURNING id`,
      [root, VARIANTS],
    )
  ).rows;
  await client.query(
    `INSERT INTO catalogue_import_changes (import_id, seq, row_number, kind, part_number, variant_id, base_version,
       category_id, subcategory_id, product_id, product_name, size, actual_size, depth, odd_size, odd_size_type, min_area,
       max_area, out_of_stock, list_price_cents, old_price_cents, display_order, fields)
     SELECT $1, row_number() OVER (ORDER BY v.id), NULL, 'update', v.part_number, v.id, v.version, p.category_id,
            p.subcategory_id, p.id, p.name, v.size, v.actual_size, v.depth, v.odd_size, v.odd_size_type, v.min_area,
            v.max_area, v.out_of_stock, v.list_price_cents * 105 / 100, v.list_price_cents, v.display_order,
            jsonb_build_object('list_price', jsonb_build_object('from', v.list_price_cents, 'to', v.list_price_cents * 105 / 100))
       FROM variants v JOIN products p ON p.id = v.product_id`,
    [importId],
  );
  await client.query(`ANALYZE`);
  return { root, importId };
}

/**
 * Schedules a change `LEAD_MS` ahead (as the API does: the row, its targets, the import held) and waits
 * until the worker applied it; ms from `effective_at` to seeing it applied.
 * @param {import('pg').ClientBase} client
 * @param {string} insert SQL inserting the price_changes row ($1 effective_at), RETURNING id
 * @param {unknown[]} params
 */
async function applyDelay(client, insert, params) {
  const effectiveAt = new Date(Date.now() + LEAD_MS);
  const [{ id }] = (await client.query(insert, [effectiveAt, ...params])).rows;
  const until = Date.now() + TIMEOUT_MS;
  for (;;) {
    const [row] = (await client.query(`SELECT status, message FROM price_changes WHERE id = $1`, [id])).rows;
    if (row.status === 'applied') return Date.now() - effectiveAt.getTime();
    if (row.status === 'failed') throw new Error(`price change failed: ${row.message}`);
    if (Date.now() > until) throw new Error(`price change still ${row.status} after ${TIMEOUT_MS} ms`);
    await sleep(20);
  }
}

/** @param {string} databaseUrl */
export async function benchPriceChanges(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { root, importId } = await seed(client);
  const worker = await startWorker(databaseUrl);
  try {
    await sleep(scale(2000, 500));
    await client.query(`UPDATE catalogue_imports SET status = 'scheduled' WHERE id = $1`, [importId]);
    const listMs = await applyDelay(
      client,
      `INSERT INTO price_changes (kind, import_id, effective_at, notice_days, created_by, created_by_name)
       VALUES ('list_prices', $2, $1, 0, $3, 'root') RETURNING id`,
      [importId, root],
    );
    const [{ moved }] = (
      await client.query(`SELECT count(*)::int AS moved FROM price_history WHERE changed_at IS NOT NULL`)
    ).rows;
    const [{ id: company }] = (await client.query(`SELECT id FROM companies ORDER BY name LIMIT 1`)).rows;
    const multiplierMs = await applyDelay(
      client,
      `INSERT INTO price_changes (kind, company_id, discount_percentage, effective_at, notice_days, created_by, created_by_name)
       VALUES ('company_multipliers', $2, 33, $1, 0, $3, 'root') RETURNING id`,
      [company, root],
    );
    const rows = [
      `| ${VARIANTS.toLocaleString('en-US')}-variant list-price change: applied after its instant | ${(listMs / 1000).toFixed(1)} s | < 30 s |`,
      `| price history rows written (stamped with the instant) | ${moved.toLocaleString('en-US')} | = variants |`,
      `| one company's multiplier change: applied after its instant | ${(multiplierMs / 1000).toFixed(2)} s | ≤ 5 s |`,
    ];
    return rows;
  } finally {
    await worker.stop();
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await withDatabase('bench_price_changes', benchPriceChanges);
  console.log(['| measure | value | target |', '| --- | --- | --- |', ...rows].join('\n'));
}
