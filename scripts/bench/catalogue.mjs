// Catalogue on the 100k-variant catalogue: the product page (variants priced for a company) and the
// odd-size search, API vs a bare Fastify + pg server doing the same work (JWT verify, session lookup,
// node + company lookup, the same catalogue SQL from apps/api/dist) in the same run.
import Fastify from 'fastify';
import pg from 'pg';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { jwtVerify } from 'jose';
import autocannon from 'autocannon';
import { JWT_SECRET, platform, root, runAtRate, startApi } from './lib.mjs';

const require = createRequire(import.meta.url);
const sql = require(path.join(root, 'apps/api/dist/catalogue/catalogue.sql.js'));
const domain = require(path.join(root, 'libs/domain/dist/index.js'));
const { generateLargeCatalogue } = require(path.join(root, 'scripts/dist/catalogue/demo-catalogue.js'));
const { loadCatalogue } = require(path.join(root, 'scripts/dist/catalogue/load.js'));

const SESSION_LOOKUP = `SELECT s.id AS session_id, u.id, u.username, u.email, u.role, u.company_id, u.picture, c.name AS company_name
  FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
 WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status AND (u.company_id IS NULL OR c.status)`;

/** The baseline: no Nest, no guards/pipes/filters — just the same queries and the same pricing rule. */
async function baselineServer(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const key = createHmac('sha256', JWT_SECRET).update('access-token').digest();
  const app = Fastify();
  async function context(req, reply, id) {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'filter-portal' });
    const { rows: users } = await pool.query(SESSION_LOOKUP, [payload.sid, payload.sub]);
    if (!users[0]) return reply.code(401).send({ status: 401 });
    const { rows } = await pool.query(sql.CONTEXT_SQL, [id, users[0].company_id]);
    const row = rows[0];
    if (!row.kind) return reply.code(404).send({ status: 404 });
    return {
      kind: row.kind,
      id: row.id,
      name: row.name,
      pct: String(domain.percentageForCategory(row.category_name, row)),
    };
  }
  app.get('/product/:id', async (req, reply) => {
    const ctx = await context(req, reply, req.params.id);
    const { rows } = await pool.query(sql.productPageSql(ctx.kind, false), [ctx.id, ctx.pct]);
    reply.header('content-type', 'application/json; charset=utf-8');
    return `{"status":200,"data":{"name":${JSON.stringify(ctx.name)},"productDetails":${rows[0].details}}}`;
  });
  app.get('/search/:id', async (req, reply) => {
    const ctx = await context(req, reply, req.params.id);
    const q = req.query;
    const r = domain.validateDimensionSearch({
      width: q.width,
      height: q.height,
      depth: q.depth,
      useExactMeasurements: domain.exactFromAction(q.action),
    });
    const c = domain.oddSizeCriteria(r.search);
    const { width, height } = r.search;
    const { rows } = await pool.query(sql.searchSql(ctx.kind, false), [
      ctx.id,
      ctx.pct,
      c.oddSizeType,
      String(c.area),
      String(c.depthMin),
      String(c.depthMax),
      String(Math.min(width, height)),
      String(Math.max(width, height)),
    ]);
    reply.header('content-type', 'application/json; charset=utf-8');
    return `{"status":200,"data":${rows[0].results}}`;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    stop: async () => (await app.close(), await pool.end()),
  };
}

function measure(url, { headers, duration = 8, connections = 20, title, overallRate }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration, title, ...(overallRate ? { overallRate } : {}) }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0) return reject(new Error(`${title}: ${r.non2xx} non-2xx responses`));
      resolve({
        title,
        rps: r.requests.average,
        p50: r.latency.p50,
        p97_5: r.latency.p97_5,
        p99: r.latency.p99,
        bytes: r.throughput.average,
      });
    });
  });
}

async function signIn(apiUrl, email, password) {
  const t = await fetch(`${apiUrl}/api/csrf-token`);
  const cookie = t.headers
    .getSetCookie()
    .map((s) => s.split(';')[0])
    .join('; ');
  const csrf = (await t.json()).token;
  const login = await fetch(`${apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie },
    body: JSON.stringify({ email, password }),
  }).then((r) => r.json());
  if (!login.token) throw new Error(`bench login failed: ${JSON.stringify(login)}`);
  return login.token;
}

export async function benchCatalogue(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  const catalogue = generateLargeCatalogue(100000);
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
  await client.end();
  const api = await startApi(databaseUrl);
  const token = await signIn(api.url, 'bench-cat@example.com', 'Bench@12345');
  const headers = { authorization: `Bearer ${token}` };
  const base = await baselineServer(databaseUrl);
  const query = `width=${encodeURIComponent('20 1/2')}&height=24&depth=1&action=not-exactly`;
  const cases = [
    {
      name: `GET /api/catalogue/product/{id} (${sizes[0].page_products} products, ${sizes[0].page_variants} variants, company prices)`,
      base: `${base.url}/product/${vcells}`,
      api: `${api.url}/api/catalogue/product/${vcells}`,
    },
    {
      name: `GET /api/catalogue/searchproduct/{id} '20 1/2' x 24 x 1 (${sizes[0].search_products} products searched)`,
      base: `${base.url}/search/${merv}?${query}`,
      api: `${api.url}/api/catalogue/searchproduct/${merv}?${query}`,
    },
  ];
  const rows = [];
  const notes = [];
  const rateRows = [];
  try {
    for (const k of cases) {
      // Same bytes from both servers.
      const [a, b] = await Promise.all([
        fetch(k.api, { headers }).then((r) => r.text()),
        fetch(k.base, { headers }).then((r) => r.text()),
      ]);
      if (a !== b) throw new Error(`${k.name}: API and baseline answers differ`);
      await measure(k.base, { headers, duration: 2, title: 'warm baseline' });
      await measure(k.api, { headers, duration: 2, title: 'warm api' });
      const baseline = await measure(k.base, { headers, title: `baseline ${k.name}` });
      const subject = await measure(k.api, { headers, title: `api ${k.name}` });
      rows.push(
        `| ${k.name} | ${subject.rps.toFixed(0)} | ${subject.p99} | ${baseline.rps.toFixed(0)} | ${baseline.p99} | **${(subject.rps / baseline.rps).toFixed(2)}** |`,
      );
      notes.push(
        `- ${k.name}: API p50 ${subject.p50} ms, p97.5 ${subject.p97_5} ms, p99 ${subject.p99} ms; response ${(Buffer.byteLength(a) / 1024).toFixed(1)} KiB.`,
      );
    }
    // Latency of the odd-size search at a fixed offered load (target p95 < 50 ms; p99 reported too).
    const RATE = 50;
    const fixed = await runAtRate(cases[1].api, {
      headers,
      connections: 10,
      rate: RATE,
      title: 'api search at fixed rate',
    });
    rateRows.push(
      `| ${cases[1].name} | ${RATE} | ${fixed.p50} | ${fixed.p95} | ${fixed.p99} | p95 < 50: ${fixed.p95 < 50 ? 'yes' : '**no**'} |`,
    );
    notes.push(
      `- Odd-size search at ${RATE} req/s offered: p50 ${fixed.p50} ms, p95 ${fixed.p95} ms, p99 ${fixed.p99} ms.`,
    );
  } finally {
    await base.stop();
    await api.stop();
  }
  return { rows, rateRows, notes };
}

// `node scripts/bench/catalogue.mjs`: this benchmark alone (expects a compiled tree: tsc -b apps/api scripts).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { freshDatabase, db, SERVER_URL } = await import('./lib.mjs');
  const name = 'portal_bench_catalogue_only';
  const url = await freshDatabase(name);
  try {
    const r = await benchCatalogue(url);
    console.log([...r.rows, '', ...r.rateRows, '', ...r.notes].join('\n'));
  } finally {
    await db.dropDatabase(SERVER_URL, name);
  }
  process.exit(0);
}
