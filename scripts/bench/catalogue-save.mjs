// @ts-check
// Atomic grid save: PUT /api/catalogue/product/{id}/variants with 1,000 changed variants.
// Target: < 500 ms API time; auditing (one audit entry per changed row) adds at most 15 %.
// Runs alternate with and without auditing in the same process and database: "without" puts a
// rule on audit_log that turns the INSERT into nothing, so the app still builds the entries and
// sends the one statement, but Postgres writes no rows or index entries (the audit cost measured is
// therefore the database write, the part that grows with the row count).
// Run alone with `node scripts/bench/catalogue-save.mjs` (after a build), or as part of `npm run bench`.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startApi, platform, scale, withDatabase } from './lib.mjs';

const ROWS = scale(1000, 50);
const RUNS = scale(7, 1);
const OTHERS = scale(20000, 500);

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** @param {string} databaseUrl */
export async function benchCatalogueSave(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const hash = await platform.hashPassword('Bench@12345');
  await client.query(
    `INSERT INTO users (username, email, password_hash, role) VALUES ('root', 'root@example.com', $1, 'superadmin')`,
    [hash],
  );
  const {
    rows: [cat],
  } = await client.query(`INSERT INTO categories (name) VALUES ('MERV 13') RETURNING id`);
  const {
    rows: [product],
  } = await client.query(`INSERT INTO products (category_id, name) VALUES ($1, 'Bench product') RETURNING id`, [
    cat.id,
  ]);
  // Other products so part-number checks run against a realistic index (20k variants).
  const {
    rows: [other],
  } = await client.query(`INSERT INTO products (category_id, name) VALUES ($1, 'Other') RETURNING id`, [cat.id]);
  await client.query(
    `INSERT INTO variants (product_id, part_number, size, depth, list_price_cents, display_order)
     SELECT $1, 'OTHER-' || g, '16x25x1', 1, 1000, g FROM generate_series(1, ${OTHERS}) g`,
    [other.id],
  );
  await client.query(
    `INSERT INTO variants (product_id, part_number, size, actual_size, depth, list_price_cents, display_order)
     SELECT $1, 'BENCH-' || g, (10 + g % 20) || 'x25x1', '', 1, 1000 + g, g FROM generate_series(1, ${ROWS}) g`,
    [product.id],
  );
  await client.end();

  const api = await startApi(databaseUrl);
  try {
    const t = await fetch(`${api.url}/api/csrf-token`);
    const anon = t.headers
      .getSetCookie()
      .map((s) => s.split(';')[0])
      .join('; ');
    const login = await fetch(`${api.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': (await t.json()).token, cookie: anon },
      body: JSON.stringify({ email: 'root@example.com', password: 'Bench@12345' }),
    }).then((r) => r.json());
    const auth = { authorization: `Bearer ${login.token}` };
    const csrf = (await fetch(`${api.url}/api/csrf-token`, { headers: auth }).then((r) => r.json())).token;
    const headers = { ...auth, 'x-xsrf-token': csrf, 'content-type': 'application/json' };

    let variants = (
      await fetch(`${api.url}/api/catalogue/product/${cat.id}`, { headers: auth }).then((r) => r.json())
    ).data.productDetails.find((p) => p._id === product.id).variants;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const setAuditing = async (on) =>
      admin.query(
        on
          ? `DROP RULE IF EXISTS bench_skip_audit ON audit_log`
          : `CREATE OR REPLACE RULE bench_skip_audit AS ON INSERT TO audit_log DO INSTEAD NOTHING`,
      );
    /** @type {{ with: number[], without: number[] }} */
    const times = { with: [], without: [] };
    let first = 0;
    try {
      // Warm-up run (not counted), then the two modes alternate so load spikes hit both alike.
      for (let run = 0; run <= RUNS * 2; run++) {
        const mode = run === 0 || run % 2 ? 'with' : 'without';
        await setAuditing(mode === 'with');
        // Every row changes: price, size and, in every other pair of runs, the order is reversed
        // (pairs, so both modes see the same mix of reorders).
        const changed = variants.map((v) => ({
          ...v,
          list_price: Math.round((v.list_price + 1.11) * 100) / 100,
          size: `${10 + ((run + v.display_order) % 20)}x20x1`,
        }));
        if (run > 0 && Math.floor((run - 1) / 2) % 2 === 1) changed.reverse();
        const start = performance.now();
        const res = await fetch(`${api.url}/api/catalogue/product/${product.id}/variants`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ variants: changed, deleted: [] }),
        });
        const body = await res.json();
        const ms = performance.now() - start;
        if (res.status !== 200) throw new Error(`save failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        if (run === 0) first = ms;
        else times[mode].push(ms);
        variants = body.data.variants;
      }
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'variant'`);
      if (rows[0].n < ROWS * (RUNS + 1)) throw new Error(`expected audited rows, found ${rows[0].n}`);
    } finally {
      await setAuditing(true);
      await admin.end();
    }
    const withAudit = median(times.with);
    const without = median(times.without);
    const overhead = ((withAudit - without) / without) * 100;
    const max = Math.max(...times.with);
    return {
      median: withAudit,
      max,
      notes: [
        `- Atomic save of ${ROWS} changed variants (PUT catalogue/product/{id}/variants, price + size of every row, order reversed in alternate pairs of runs; ${RUNS} runs per mode after a ${first.toFixed(0)} ms warm-up): median **${withAudit.toFixed(0)} ms** with auditing (${ROWS} audit entries per save, one INSERT), max ${max.toFixed(0)} ms (target < 500 ms).`,
        `- Auditing cost, same run (modes alternate): median ${withAudit.toFixed(0)} ms with vs ${without.toFixed(0)} ms without audit rows written → **${overhead >= 0 ? '+' : ''}${overhead.toFixed(1)} %** (target ≤ 15 %).`,
      ],
    };
  } finally {
    await api.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await withDatabase('portal_bench_catalogue_save', benchCatalogueSave);
  console.log(result.notes.join('\n'));
  process.exit(0);
}
