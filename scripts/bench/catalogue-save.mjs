// Atomic grid save (issue 5): PUT /api/catalogue/product/{id}/variants with 1,000 changed variants.
// Target: < 500 ms API time. Run alone with `node scripts/bench/catalogue-save.mjs` (after a build),
// or as part of `npm run bench`.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshDatabase, startApi, platform, db, SERVER_URL } from './lib.mjs';

const ROWS = 1000;
const RUNS = 7;

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
     SELECT $1, 'OTHER-' || g, '16x25x1', 1, 1000, g FROM generate_series(1, 20000) g`,
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
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      // Every row changes: price, size and (every other run) the order is reversed.
      const changed = variants.map((v) => ({
        ...v,
        list_price: Math.round((v.list_price + 1.11) * 100) / 100,
        size: `${10 + ((run + v.display_order) % 20)}x20x1`,
      }));
      if (run % 2) changed.reverse();
      const start = performance.now();
      const res = await fetch(`${api.url}/api/catalogue/product/${product.id}/variants`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ variants: changed, deleted: [] }),
      });
      const body = await res.json();
      times.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`save failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      variants = body.data.variants;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const first = times[0];
    return {
      median,
      max: sorted[sorted.length - 1],
      notes: [
        `- Atomic save of ${ROWS} changed variants (PUT catalogue/product/{id}/variants, price + size of every row, order reversed on odd runs; ${RUNS} runs, first includes warm-up): median **${median.toFixed(0)} ms**, max ${sorted[sorted.length - 1].toFixed(0)} ms, first ${first.toFixed(0)} ms (target < 500 ms).`,
      ],
    };
  } finally {
    await api.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const name = 'portal_bench_catalogue_save';
  const url = await freshDatabase(name);
  try {
    const result = await benchCatalogueSave(url);
    console.log(result.notes.join('\n'));
  } finally {
    await db.dropDatabase(SERVER_URL, name);
  }
  process.exit(0);
}
