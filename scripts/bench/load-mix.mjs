// @ts-check
// Realistic load mix on one database holding the 100k-variant catalogue and 1,000
// companies (20 users each) + 2 superadmins, with the compiled API, the worker (Postgres queue) and
// an SMTP catcher, so notification events flow:
//   - 50 virtual customers (employees of 50 companies, own tokens) browse and search (closed loop),
//   - 5 admins list / create / enable-disable employees, 2 superadmins save grid edits,
//   - 50 open Socket.IO clients (the customers) receive `catalogue.changed`.
// Read endpoints are measured beside a bare Fastify + pg baseline running the same SQL with the same
// 50-customer mix in the same run; event latency beside a bare pg NOTIFY -> socket.io relay.
// Then: catalogue product-page p99 at a fixed rate alone vs with a sign-in storm.
// Run alone: `node scripts/bench/load-mix.mjs` (after `npx tsc -b apps/api apps/worker scripts`).
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { Server as IoServer } from 'socket.io';
import {
  apiCacheStats,
  cacheStatsText,
  catalogueData,
  platform,
  root,
  scale,
  SMOKE,
  startApi,
  startBaseline,
  startWorker,
} from './lib.mjs';
import { catalogueBaselineRoutes } from './catalogue-baseline.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('../dist/smtp-catcher.js')} */
const { startSmtpCatcher } = require(path.join(root, 'scripts/dist/smtp-catcher.js'));

const PASSWORD = 'Bench@12345';
const ORIGIN = 'http://localhost:3000'; // the API's PUBLIC_URL (startApi default)
/** Companies seeded (20 users each); customers are employees of the first ones, admins of 101.. */
const COMPANIES = scale(1000, 110);
const CUSTOMERS = scale(50, 5);
const ADMINS = scale(5, 2);
const SUPERADMINS = 2;
const MIX_SECONDS = Number(process.env.LOAD_MIX_SECONDS ?? scale(20, 1));
const BASELINE_SECONDS = Number(process.env.LOAD_MIX_BASELINE_SECONDS ?? scale(10, 1));
const THINK_MS = Number(process.env.LOAD_MIX_THINK_MS ?? scale(1000, 100));
const WARM_MS = scale(2000, 200);
const STORM_SECONDS = scale(8, 1);
const STORM_CONNECTIONS = 20;
const DIMENSIONS = [
  ['20 1/2', '24', '1'],
  ['16', '25', '1'],
  ['20', '20', '1'],
  ['24', '24', '2'],
  ['19 1/2', '23 1/2', '1'],
  ['14', '20', '1'],
  ['18 1/4', '24', '1'],
  ['20', '25', '4'],
];

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** @template T @param {T[]} a @returns {T} */
const pick = (a) => a[Math.floor(Math.random() * a.length)];
/** @param {number[]} sorted @param {number} p */
const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
/** @param {number} n */
const fmt = (n) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '–');

/** A thrown value as a short label: its code (ECONNRESET …) or message. @param {unknown} e */
const errorText = (e) => {
  const err = /** @type {{ code?: string, message?: string }} */ (e);
  return err?.code ?? err?.message ?? String(e);
};

/** Per-endpoint latency recorder. */
class Recorder {
  constructor() {
    /** @type {Map<string, number[]>} */
    this.byKey = new Map();
    /** @type {Map<string, Map<string, number>>} */
    this.errors = new Map();
  }
  /** @param {string} key @param {number} ms */
  add(key, ms) {
    const list = this.byKey.get(key) ?? [];
    list.push(ms);
    this.byKey.set(key, list);
  }
  /** @param {string} key @param {string} what */
  error(key, what) {
    const m = this.errors.get(key) ?? new Map();
    m.set(what, (m.get(what) ?? 0) + 1);
    this.errors.set(key, m);
  }
  /** @param {string} key @param {number} seconds */
  stats(key, seconds) {
    const a = [...(this.byKey.get(key) ?? [])].sort((x, y) => x - y);
    return { n: a.length, rps: a.length / seconds, p50: pct(a, 50), p99: pct(a, 99) };
  }
  errorText() {
    return [...this.errors].map(([k, m]) => `${k}: ${[...m].map(([w, n]) => `${n}× ${w}`).join(', ')}`);
  }
}

const agent = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });

/** Every customer catalogue body (API and baseline phases), scanned for a list price. */
const listPriceScan = { bodies: 0, withListPrice: 0 };

/**
 * One request through the shared agent, timed and recorded under `key` (failures by status).
 * @param {Recorder | null} rec
 * @param {string} key
 * @param {import('undici').Dispatcher.HttpMethod} method
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {unknown} [body] sent as JSON
 */
async function call(rec, key, method, url, headers, body) {
  const start = performance.now();
  const res = await request(url, {
    method,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: body ? JSON.stringify(body) : undefined,
    dispatcher: agent,
  });
  const text = await res.body.text();
  const ms = performance.now() - start;
  if (res.statusCode >= 400) {
    rec?.error(key, `HTTP ${res.statusCode}`);
    return { status: res.statusCode, text, ms };
  }
  rec?.add(key, ms);
  if (rec && key.startsWith('GET catalogue')) {
    listPriceScan.bodies++;
    if (text.includes('"list_price"') || /"customer_price"\s*:\s*\[/.test(text)) listPriceScan.withListPrice++;
  }
  return { status: res.statusCode, text, ms };
}

/** @param {import('pg').ClientBase} client */
async function seed(client) {
  const started = Date.now();
  await client.query('BEGIN');
  const { generate, loadCatalogue } = catalogueData();
  const loaded = await loadCatalogue(client, generate(100000));
  await client.query('COMMIT');
  const hash = await platform.hashPassword(PASSWORD);
  // org.mjs's shape (1,000 companies, 2 admins + 18 employees each), all enabled, four percentages set.
  await client.query(
    `INSERT INTO companies (name, status, discount_percentage, rigidflow_percentage, minipro_percentage, polyroll_percentage)
     SELECT 'Company ' || g, true, 40 + (g % 50), 45 + (g % 40), 42 + (g % 30), 50 + (g % 20) FROM generate_series(1, ${COMPANIES}) g`,
  );
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id, status, created_at)
     SELECT 'user ' || c.n || '-' || k, 'u' || c.n || '-' || k || '@bench.example', $1,
            CASE WHEN k <= 2 THEN 'admin' ELSE 'employee' END, c.id, true,
            now() - make_interval(mins => (c.n * 20 + k)::int)
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM companies) c, generate_series(1, 20) k`,
    [hash],
  );
  await client.query(
    `INSERT INTO users (username, email, password_hash, role) VALUES ('root 1', 'root1@bench.example', $1, 'superadmin'), ('root 2', 'root2@bench.example', $1, 'superadmin')`,
    [hash],
  );
  await client.query('ANALYZE');
  console.log(
    `load-mix: seeded ${loaded.variants} variants, ${COMPANIES} companies, ${COMPANIES * 20 + 2} users in ${Date.now() - started} ms`,
  );
  return loaded;
}

/** Catalogue nodes the customers visit (chosen by size so pages are realistic, not the extremes). */
/**
 * @typedef {{ id: string, subcategory_id: string }} EditableProduct
 * @typedef {{ categories: string[], pages: string[], searchNodes: string[], parts: [string, string][],
 *   editable: EditableProduct[], pageVariants: number }} Nodes
 */

/** @param {import('pg').ClientBase} client @returns {Promise<Nodes>} */
async function pickNodes(client) {
  const { rows: cats } = await client.query(
    `SELECT c.id, EXISTS (SELECT 1 FROM subcategories s WHERE s.category_id = c.id) AS has_subs FROM categories c`,
  );
  const { rows: subs } = await client.query(
    `SELECT s.id, count(DISTINCT p.id)::int AS products, count(v.id)::int AS variants
       FROM subcategories s JOIN products p ON p.subcategory_id = s.id JOIN variants v ON v.product_id = p.id
      GROUP BY s.id ORDER BY count(v.id) ASC`,
  );
  const pages = subs.slice(0, Math.max(4, Math.ceil(subs.length * 0.5))); // the smaller half (customer-sized pages)
  const { rows: oddSubs } = await client.query(
    `SELECT p.subcategory_id AS id FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.odd_size AND p.subcategory_id IS NOT NULL GROUP BY p.subcategory_id ORDER BY count(*) DESC LIMIT 4`,
  );
  const parts = [];
  for (const s of pages.slice(0, 8)) {
    const { rows } = await client.query(
      `SELECT v.part_number FROM variants v JOIN products p ON p.id = v.product_id WHERE p.subcategory_id = $1 AND NOT v.odd_size ORDER BY random() LIMIT 5`,
      [s.id],
    );
    for (const r of rows) parts.push(/** @type {[string, string]} */ ([s.id, r.part_number]));
  }
  // Grid edits: small products (≤ 60 variants; the smoke run's demo catalogue has few: any size) under a sub-category.
  const { rows: editable } = await client.query(
    `SELECT p.id, p.subcategory_id FROM products p JOIN variants v ON v.product_id = p.id
      WHERE p.subcategory_id IS NOT NULL GROUP BY p.id HAVING count(*) BETWEEN 5 AND ${scale(60, 100_000)}
      ORDER BY p.id LIMIT 12`,
  );
  if (editable.length < 12) throw new Error(`load-mix: ${editable.length} editable products, 12 needed`);
  const pageVariants = pages.reduce((sum, r) => sum + r.variants, 0) / pages.length;
  return {
    categories: cats.filter((c) => c.has_subs).map((c) => c.id),
    pages: pages.map((page) => page.id),
    searchNodes: oddSubs.map((r) => r.id),
    parts,
    editable,
    pageVariants,
  };
}

/** Bare Fastify + pg: same session check, same catalogue SQL; plus a bare NOTIFY -> socket.io relay. */
/** @param {string} databaseUrl */
async function baselineServer(databaseUrl) {
  const base = await startBaseline(databaseUrl, catalogueBaselineRoutes);
  // Event relay floor: LISTEN on a private channel, emit to every connected socket (same session check at connect).
  const ioServer = new IoServer(base.server, { cors: undefined });
  ioServer.use(async (socket, next) => {
    try {
      next((await base.authenticate(socket.handshake.auth?.token ?? '')) ? undefined : new Error('unauthorized'));
    } catch (e) {
      next(/** @type {Error} */ (e));
    }
  });
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  await listener.query('LISTEN bench_realtime');
  listener.on('notification', (n) => {
    const m = JSON.parse(n.payload ?? '{}');
    ioServer.emit(m.event, m.data);
  });
  return {
    url: base.url,
    pool: base.pool,
    stop: async () => {
      await ioServer.close();
      await listener.end();
      await base.stop().catch(() => undefined);
    },
  };
}

/**
 * @typedef {{ token: string, auth: Record<string, string>, write: Record<string, string>,
 *   target?: { _id: string, email?: string } }} Session
 */

/** @param {string} apiUrl @param {string} email @returns {Promise<Session>} */
async function signIn(apiUrl, email) {
  const t = await fetch(`${apiUrl}/api/csrf-token`);
  const cookie = t.headers
    .getSetCookie()
    .map((s) => s.split(';')[0])
    .join('; ');
  const csrf = (await t.json()).token;
  const login = await fetch(`${apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie },
    body: JSON.stringify({ email, password: PASSWORD }),
  }).then((r) => r.json());
  if (!login.token) throw new Error(`load-mix login failed for ${email}: ${JSON.stringify(login)}`);
  const auth = { authorization: `Bearer ${login.token}` };
  const csrfAuth = (await fetch(`${apiUrl}/api/csrf-token`, { headers: auth }).then((r) => r.json())).token;
  return { token: login.token, auth, write: { ...auth, 'x-xsrf-token': csrfAuth } };
}

/** Sockets + commit LISTEN in a worker thread (scripts/bench/event-observer.mjs); `stop()` → latencies. */
/**
 * @param {string} databaseUrl
 * @param {string} channel
 * @param {string} url
 * @param {string[]} tokens
 */
async function startEventObserver(databaseUrl, channel, url, tokens) {
  const worker = new Worker(new URL('./event-observer.mjs', import.meta.url), {
    workerData: { databaseUrl, channel, url, tokens, origin: ORIGIN },
  });
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (m) => m.type === 'ready' && resolve());
    })
  );

  return {
    terminate: () => worker.terminate(),
    /** @returns {Promise<{ received: number, latencies: number[] }>} */
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once('error', reject);
        worker.on('message', (m) => {
          if (m.type !== 'result') return;
          void worker.terminate();
          resolve(m);
        });
        worker.postMessage('stop');
      }),
  };
}

/** One customer: closed loop; with `thinkMs`, a pause of 0.5–1.5 × thinkMs after each page, like a person. */
/**
 * @param {string} base
 * @param {Nodes} nodes
 * @param {Record<string, string>} auth
 * @param {Recorder | null} rec
 * @param {number} until
 */
function customerLoop(base, nodes, auth, rec, until, thinkMs = 0) {
  return (async () => {
    while (performance.now() < until) {
      if (thinkMs) await sleep(thinkMs * (0.5 + Math.random()));
      const r = Math.random();
      try {
        if (r < 0.15) await call(rec, 'GET catalogue', 'GET', `${base}/api/catalogue`, auth);
        else if (r < 0.3)
          await call(
            rec,
            'GET catalogue/subcatalogue/{id}',
            'GET',
            `${base}/api/catalogue/subcatalogue/${pick(nodes.categories)}`,
            auth,
          );
        else if (r < 0.6)
          await call(
            rec,
            'GET catalogue/product/{id}',
            'GET',
            `${base}/api/catalogue/product/${pick(nodes.pages)}`,
            auth,
          );
        else if (r < 0.75) {
          const [id, pn] = pick(nodes.parts);
          await call(
            rec,
            'GET catalogue/productNumber/{id}',
            'GET',
            `${base}/api/catalogue/productNumber/${id}?partNumber=${encodeURIComponent(pn)}`,
            auth,
          );
        } else {
          const [w, h, d] = pick(DIMENSIONS);
          const q = `width=${encodeURIComponent(w)}&height=${encodeURIComponent(h)}&depth=${d}&action=${Math.random() < 0.7 ? 'not-exactly' : 'exact-measurement'}`;
          await call(
            rec,
            'GET catalogue/searchproduct/{id}',
            'GET',
            `${base}/api/catalogue/searchproduct/${pick(nodes.searchNodes)}?${q}`,
            auth,
          );
        }
      } catch (e) {
        rec?.error('customer', errorText(e));
      }
    }
  })();
}

/** @param {string} base @param {Session} who @param {number} idx @param {Recorder | null} rec @param {number} until */
function adminLoop(base, who, idx, rec, until) {
  return (async () => {
    let n = 0;
    while (performance.now() < until) {
      try {
        await call(rec, 'GET user/employee', 'GET', `${base}/api/user/employee?page=1&limit=20`, who.auth);
        await call(rec, 'POST user (argon2 hash)', 'POST', `${base}/api/user`, who.write, {
          username: `load ${idx}-${n}`,
          email: `load-${idx}-${n++}-${Date.now()}@bench.example`,
          password: PASSWORD,
        });
        // One seeded employee per admin (found before any load), toggled on every round.
        const target = who.target;
        if (target) {
          await call(rec, 'PATCH user/{id} status', 'PATCH', `${base}/api/user/${target._id}`, who.write, {
            status: false,
          });
          await call(rec, 'PATCH user/{id} status', 'PATCH', `${base}/api/user/${target._id}`, who.write, {
            status: true,
          });
        }
      } catch (e) {
        rec?.error('admin', errorText(e));
      }
      await sleep(200);
    }
  })();
}

/** A superadmin editing a few products in the grid: re-read (versions), change one list price, save. */
/**
 * @param {string} base
 * @param {Session} who
 * @param {EditableProduct[]} products
 * @param {Recorder | null} rec
 * @param {number} until
 */
function superadminLoop(base, who, products, rec, until) {
  return (async () => {
    let i = 0;
    while (performance.now() < until) {
      const p = products[i++ % products.length];
      try {
        const page = await call(null, 'read', 'GET', `${base}/api/catalogue/product/${p.subcategory_id}`, who.auth);
        /** @type {{ _id: string, variants: { list_price: number }[] }[]} */
        const details = JSON.parse(page.text).data.productDetails;
        const variants = details.find((x) => x._id === p.id)?.variants;
        if (!variants) throw new Error(`product ${p.id} not on its page`);
        const k = i % variants.length;
        const changed = variants.map((v, j) =>
          j === k ? { ...v, list_price: Math.round((v.list_price + 0.01) * 100) / 100 } : v,
        );
        await call(
          rec,
          'PUT catalogue/product/{id}/variants',
          'PUT',
          `${base}/api/catalogue/product/${p.id}/variants`,
          who.write,
          {
            variants: changed,
            deleted: [],
          },
        );
      } catch (e) {
        rec?.error('superadmin', errorText(e));
        if (process.env.BENCH_DEBUG) console.error('superadmin loop:', e);
      }
      await sleep(300);
    }
  })();
}

/** Baseline "save": the same kind of one-price change committed with a NOTIFY, straight through pg. */
/** @param {import('pg').Pool} pool @param {EditableProduct[]} products @param {number} until */
function baselineSaverLoop(pool, products, until) {
  return (async () => {
    let i = 0;
    while (performance.now() < until) {
      const p = products[i++ % products.length];
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        await c.query(
          `UPDATE variants SET list_price_cents = list_price_cents + 1 WHERE id = (SELECT id FROM variants WHERE product_id = $1 ORDER BY display_order LIMIT 1)`,
          [p.id],
        );
        await c.query(`SELECT pg_notify('bench_realtime', $1)`, [
          JSON.stringify({ event: 'catalogue.changed', data: { categoryId: null, productId: p.id, kind: 'variants' } }),
        ]);
        await c.query('COMMIT');
      } finally {
        c.release();
      }
      await sleep(300);
    }
  })();
}

/**
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} rate
 * @param {number} seconds
 * @returns {Promise<{ rps: number, p50: number, p99: number, non2xx: number, errors: number }>}
 */
function measureRate(url, headers, rate, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, overallRate: rate, duration: seconds }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

/** @param {string} databaseUrl */
export async function benchLoadMix(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await seed(client);
  const nodes = await pickNodes(client);
  await client.end();

  const catcher = await startSmtpCatcher({ smtpPort: 0, httpPort: 0, limit: 100_000 });
  const extra = { SMTP_URL: catcher.smtpUrl, OUTBOX_POLL_MS: '500', MAIN_SITE_URL: 'https://www.example.com' };
  const api = await startApi(databaseUrl, { env: extra });
  const worker = await startWorker(databaseUrl, { env: { PUBLIC_URL: ORIGIN, ...extra } });
  const base = await baselineServer(databaseUrl);
  /** @type {(() => unknown)[]} */
  const cleanup = [];
  try {
    // Sessions: customers = an employee of companies 1..50, admins = companies 101..105 (by id order).
    /** @param {number} from @param {number} count @param {number} k */
    const emails = (from, count, k) => Array.from({ length: count }, (_, i) => `u${from + i}-${k}@bench.example`);
    /** @type {Session[]} */
    const customers = [];
    for (const e of emails(1, CUSTOMERS, 3)) customers.push(await signIn(api.url, e));
    /** @type {Session[]} */
    const admins = [];
    for (const e of emails(101, ADMINS, 1)) {
      const admin = await signIn(api.url, e);
      // Picked now: once the load has created users, the newest page holds only those.
      const list = await call(null, '', 'GET', `${api.url}/api/user/employee?page=1&limit=20`, admin.auth);
      /** @type {{ _id: string, email?: string }[]} */
      const listed = JSON.parse(list.text).data.users;
      admin.target = listed.find((u) => u.email?.startsWith('u'));
      if (!admin.target) throw new Error(`load-mix: no seeded employee for ${e}`);
      admins.push(admin);
    }
    const supers = [await signIn(api.url, 'root1@bench.example'), await signIn(api.url, 'root2@bench.example')];

    // Same bytes from both servers on each read endpoint kind.
    const sample = [
      `/api/catalogue`,
      `/api/catalogue/subcatalogue/${nodes.categories[0]}`,
      `/api/catalogue/product/${nodes.pages[0]}`,
    ];
    for (const s of sample) {
      const [a, b] = await Promise.all([
        call(null, '', 'GET', api.url + s, customers[0].auth),
        call(null, '', 'GET', base.url + s, customers[0].auth),
      ]);
      if (a.text !== b.text) throw new Error(`load-mix: API and baseline answers differ for ${s}`);
    }

    /** Superadmins saving grid edits through the API (their products: 6..11, not the bare saver's 0..5). */
    const superadminLoad = (/** @type {number} */ until, /** @type {Recorder | null} */ rec = null) =>
      supers.map((s, i) => superadminLoop(api.url, s, nodes.editable.slice(6 + i * 3, 9 + i * 3), rec, until));
    /** Admins managing users through the API (argon2 hashes; the worker sends welcome emails). */
    const adminLoad = (/** @type {number} */ until, /** @type {Recorder | null} */ rec = null) =>
      admins.map((a, i) => adminLoop(api.url, a, i, rec, until));
    /** The 50-customer mix + a bare pg saver, against Fastify + pg with a bare NOTIFY → socket.io relay. */
    /** @param {number} thinkMs @param {{ background: boolean }} options */
    const baselinePhase = async (thinkMs, { background }) => {
      const observer = await startEventObserver(
        databaseUrl,
        'bench_realtime',
        base.url,
        customers.map((c) => c.token),
      );
      cleanup.push(() => observer.terminate());
      const rec = new Recorder();
      const warm = performance.now() + WARM_MS;
      await Promise.all(customers.map((c) => customerLoop(base.url, nodes, c.auth, null, warm, thinkMs)));
      const until = performance.now() + BASELINE_SECONDS * 1000;
      await Promise.all([
        ...customers.map((c) => customerLoop(base.url, nodes, c.auth, rec, until, thinkMs)),
        ...[0, 1].map((s) => baselineSaverLoop(base.pool, nodes.editable.slice(s * 3, s * 3 + 3), until)),
        // In the realistic mix, the API phase's admins and superadmins keep working against the API
        // here too, so both phases run on an equally busy machine.
        ...(background ? [...adminLoad(until), ...superadminLoad(until)] : []),
      ]);
      await sleep(500);
      return { rec, events: await observer.stop() };
    };
    /** The full mix against the API: customers, admins, superadmins saving, sockets; the worker sends emails. */
    /** @param {number} thinkMs @param {{ withAdmins: boolean }} options */
    const apiPhase = async (thinkMs, { withAdmins }) => {
      const observer = await startEventObserver(
        databaseUrl,
        'realtime',
        api.url,
        customers.map((c) => c.token),
      );
      cleanup.push(() => observer.terminate());
      const rec = new Recorder();
      const emailsBefore = catcher.messages().length;
      const warm = performance.now() + WARM_MS;
      await Promise.all(customers.map((c) => customerLoop(api.url, nodes, c.auth, null, warm, thinkMs)));
      const until = performance.now() + MIX_SECONDS * 1000;
      await Promise.all([
        ...customers.map((c) => customerLoop(api.url, nodes, c.auth, rec, until, thinkMs)),
        ...superadminLoad(until, rec),
        ...(withAdmins ? adminLoad(until, rec) : []),
      ]);
      await sleep(scale(1500, 300)); // let the last events and emails land
      return { rec, events: await observer.stop(), emailsSent: catcher.messages().length - emailsBefore };
    };
    // Stress: customers in a closed loop with no think time, plus the savers (saturates the 2 cores;
    // read throughput ratios). Admins stay out, so both servers face the same load.
    const { rec: baseRec, events: baseEvents } = await baselinePhase(0, { background: false });
    const { rec, events } = await apiPhase(0, { withAdmins: false });
    const stressCache = await apiCacheStats(api);
    // Paced, the realistic mix: the same people with think time (a page every ~THINK_MS each), the
    // admins and superadmins at work: latency per endpoint and event latency.
    const pacedBase = await baselinePhase(THINK_MS, { background: true });
    const paced = await apiPhase(THINK_MS, { withAdmins: true });
    // A smoke run has no figures to read, so any failed request fails it.
    const failures = [rec, paced.rec, baseRec, pacedBase.rec].flatMap((r) => r.errorText());
    if (SMOKE && failures.length) throw new Error(`load-mix: requests failed: ${failures.join('; ')}`);
    if (listPriceScan.withListPrice) {
      throw new Error(`load-mix: ${listPriceScan.withListPrice} customer bodies carried a list price`);
    }

    // --- Sign-in storm: product page p99 at a fixed offered rate, alone then with 20 connections signing in.
    const page = `${api.url}/api/catalogue/product/${nodes.pages[Math.floor(nodes.pages.length / 2)]}`;
    const probe = await new Promise((resolve, reject) =>
      autocannon({ url: page, headers: customers[0].auth, connections: 10, duration: scale(3, 1) }, (e, r) =>
        e ? reject(e) : resolve(r),
      ),
    );
    const rate = Math.max(10, Math.round(probe.requests.average * 0.5));
    const alone = await measureRate(page, customers[0].auth, rate, STORM_SECONDS);
    /** @type {string[]} */
    const stormUsers = [];
    for (let n = scale(200, 1); n < COMPANIES; n++) stormUsers.push(`u${n}-${4 + (n % 16)}@bench.example`);
    let logins = 0;
    let loginFailures = 0;
    /** @type {number[]} */
    const loginMs = [];
    const stormUntil = performance.now() + (STORM_SECONDS + 1.5) * 1000;
    const storm = Promise.all(
      Array.from({ length: STORM_CONNECTIONS }, async (_, c) => {
        const t = await fetch(`${api.url}/api/csrf-token`);
        const cookie = t.headers
          .getSetCookie()
          .map((s) => s.split(';')[0])
          .join('; ');
        const csrf = (await t.json()).token;
        let i = c;
        while (performance.now() < stormUntil) {
          const email = stormUsers[(i += STORM_CONNECTIONS) % stormUsers.length];
          const r = await call(
            null,
            '',
            'POST',
            `${api.url}/api/login`,
            { 'x-xsrf-token': csrf, cookie },
            { email, password: PASSWORD },
          );
          if (r.status === 200 || r.status === 201) {
            logins++;
            loginMs.push(r.ms);
          } else loginFailures++;
        }
      }),
    );
    await sleep(scale(1000, 200)); // storm running
    const stormed = await measureRate(page, customers[0].auth, rate, STORM_SECONDS);
    await storm;
    loginMs.sort((a, b) => a - b);

    // --- Report.
    const readKeys = [
      'GET catalogue',
      'GET catalogue/subcatalogue/{id}',
      'GET catalogue/product/{id}',
      'GET catalogue/productNumber/{id}',
      'GET catalogue/searchproduct/{id}',
    ];
    const readRows = readKeys.map((k) => {
      const a = rec.stats(k, MIX_SECONDS);
      const b = baseRec.stats(k, BASELINE_SECONDS);
      return `| ${k} | ${fmt(a.rps)} | ${fmt(a.p50)} | ${fmt(a.p99)} | ${fmt(b.rps)} | ${fmt(b.p50)} | ${fmt(b.p99)} | **${(a.rps / b.rps).toFixed(2)}** |`;
    });
    const totalApi = readKeys.reduce((s, k) => s + rec.stats(k, MIX_SECONDS).rps, 0);
    const totalBase = readKeys.reduce((s, k) => s + baseRec.stats(k, BASELINE_SECONDS).rps, 0);
    readRows.push(
      `| all customer reads | ${fmt(totalApi)} | | | ${fmt(totalBase)} | | | **${(totalApi / totalBase).toFixed(2)}** |`,
    );
    const writeRows = [
      'GET user/employee',
      'POST user (argon2 hash)',
      'PATCH user/{id} status',
      'PUT catalogue/product/{id}/variants',
    ].map((k) => {
      const a = paced.rec.stats(k, MIX_SECONDS);
      return `| ${k} | ${a.n} | ${fmt(a.rps)} | ${fmt(a.p50)} | ${fmt(a.p99)} |`;
    });
    const ev = (/** @type {number[]} */ arr) => {
      const s = [...arr].sort((x, y) => x - y);
      return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s[s.length - 1] };
    };
    const apiC = ev(events.latencies);
    const baseC = ev(baseEvents.latencies);
    const saves = rec.stats('PUT catalogue/product/{id}/variants', MIX_SECONDS).n;
    const eventRows = [
      `| API: commit → socket | ${apiC.n} | ${fmt(apiC.p50)} | ${fmt(apiC.p99)} | ${fmt(apiC.max)} | ${apiC.p99 < 100 ? 'yes' : '**no**'} |`,
      `| baseline (pg NOTIFY → bare socket.io): commit → socket | ${baseC.n} | ${fmt(baseC.p50)} | ${fmt(baseC.p99)} | ${fmt(baseC.max)} | ${baseC.p99 < 100 ? 'yes' : '**no**'} |`,
    ];
    const pacedApi = ev(paced.events.latencies);
    const pacedBaseC = ev(pacedBase.events.latencies);
    const pacedSaves = paced.rec.stats('PUT catalogue/product/{id}/variants', MIX_SECONDS).n;
    const pacedRows = readKeys.map((k) => {
      const a = paced.rec.stats(k, MIX_SECONDS);
      const b = pacedBase.rec.stats(k, BASELINE_SECONDS);
      return `| ${k} | ${fmt(a.rps)} | ${fmt(a.p50)} | ${fmt(a.p99)} | ${fmt(b.rps)} | ${fmt(b.p50)} | ${fmt(b.p99)} |`;
    });
    const pacedEventRows = [
      `| API: commit → socket | ${pacedApi.n} | ${fmt(pacedApi.p50)} | ${fmt(pacedApi.p99)} | ${fmt(pacedApi.max)} | ${pacedApi.p99 < 100 ? 'yes' : '**no**'} |`,
      `| baseline (pg NOTIFY → bare socket.io): commit → socket | ${pacedBaseC.n} | ${fmt(pacedBaseC.p50)} | ${fmt(pacedBaseC.p99)} | ${fmt(pacedBaseC.max)} | ${pacedBaseC.p99 < 100 ? 'yes' : '**no**'} |`,
    ];
    const increase = (stormed.p99 / alone.p99 - 1) * 100;
    const stormRows = [
      `| product page alone | ${rate} | ${fmt(alone.rps)} | ${alone.p50} | ${alone.p99} |`,
      `| product page + sign-in storm (${STORM_CONNECTIONS} connections) | ${rate} | ${fmt(stormed.rps)} | ${stormed.p50} | ${stormed.p99} |`,
    ];
    const notes = [
      `- Mix: ${CUSTOMERS} customers (employees of ${CUSTOMERS} companies, stress: closed loop, no think time; paced: ${THINK_MS / 2}–${(THINK_MS * 3) / 2} ms think time; 15 % categories, 15 % sub-categories, 30 % product page, 15 % part number, 25 % odd-size search over ${DIMENSIONS.length} sizes), ${ADMINS} admins (paced run only: list → create → disable → enable, 200 ms pause), ${SUPERADMINS} superadmins (re-read page → change one list price → save, 300 ms pause, 3 products each), ${CUSTOMERS} Socket.IO clients; API phases ${MIX_SECONDS} s, baseline phases ${BASELINE_SECONDS} s (customers + a bare pg saver every 300 ms; in the paced run the admins and superadmins keep working against the API), each after a 2 s warm-up. Product pages average ${nodes.pageVariants.toFixed(0)} variants.`,
      `- Events: ${saves} saves in the stress API phase, ${events.received} \`catalogue.changed\` deliveries to ${CUSTOMERS} sockets (expected ${saves * CUSTOMERS}); paced: ${pacedSaves} saves, ${paced.events.received} deliveries (expected ${pacedSaves * CUSTOMERS}). Emails through the worker to the SMTP catcher during the paced API phase (user.created): ${paced.emailsSent}.`,
      `- Customer bodies scanned for a list price (every catalogue read of the customers, all phases; their companies pay 40–94 %, never 100): ${listPriceScan.bodies}, carrying one: **${listPriceScan.withListPrice}**.`,
      `- API catalogue cache after the stress phase: ${cacheStatsText(stressCache)}; peak RSS over the whole run ${api.peakMb().toFixed(0)} MiB.`,
      `- Event latency is measured by a worker thread that holds the ${CUSTOMERS} sockets and a LISTEN connection (the commit time), so the load generator's own event-loop lag is not counted; the k-th arrival of a product at a socket is matched to that product's k-th commit.`,
      `- Sign-in storm: ${logins} successful sign-ins (${(logins / (STORM_SECONDS + 1.5)).toFixed(1)}/s, p50 ${fmt(pct(loginMs, 50))} ms, p99 ${fmt(pct(loginMs, 99))} ms), ${loginFailures} failed; product page p99 ${alone.p99} → ${stormed.p99} ms = **${increase >= 0 ? '+' : ''}${increase.toFixed(0)} %** (target ≤ +20 %: ${increase <= 20 ? 'met' : '**missed**'}). Offered rate = 50 % of a 3 s closed-loop probe (${fmt(probe.requests.average)} req/s).`,
      ...(rec.errorText().length ? [`- API-phase errors: ${rec.errorText().join('; ')}`] : []),
      ...(paced.rec.errorText().length ? [`- Paced API-phase errors: ${paced.rec.errorText().join('; ')}`] : []),
      ...(baseRec.errorText().length ? [`- Baseline-phase errors: ${baseRec.errorText().join('; ')}`] : []),
      ...(alone.non2xx || stormed.non2xx
        ? [`- Non-2xx during storm measurement: ${alone.non2xx} / ${stormed.non2xx}`]
        : []),
    ];
    return {
      readRows,
      writeRows,
      eventRows,
      pacedRows,
      pacedEventRows,
      stormRows,
      notes,
      increase,
      apiEventP99: pacedApi.p99,
    };
  } finally {
    for (const f of cleanup) f();
    await base.stop();
    await worker.stop();
    await api.stop();
    await catcher.stop();
    await agent.close();
  }
}

/** @param {Awaited<ReturnType<typeof benchLoadMix>>} r */
export function loadMixSection(r) {
  return `## Realistic load mix

One database: the 100,000-variant catalogue, 1,000 companies (2 admins + 18 employees each), 2 superadmins;
the compiled API, the worker (Postgres queue) and an SMTP catcher. Read endpoints: the same customer
mix replayed against the bare Fastify + pg baseline (same session check and catalogue SQL) in the same run.
Two runs: **stress** — the customers in a closed loop with no think time and the 2 superadmins saving
(the baseline phase: the same customers + a bare pg saver); it saturates the 2 cores and gives the read
throughput ratios — and **paced**, the realistic mix: the same customers pausing 0.5–1.5 s between pages
as people browsing do, the admins and the superadmins at work (in the baseline phase they keep working
against the API, so the machine is as busy). Targets: event p99 < 100 ms from commit to socket; sign-in storm raises product-page p99 by ≤ 20 %;
stress: all customer reads ≥ 2.0× the baseline and product-page p99 ≤ the baseline's; no list price in any customer body.

### Stress (closed loop, no think time, no admins)

| endpoint (customer reads) | API req/s | API p50 ms | API p99 ms | baseline req/s | baseline p50 ms | baseline p99 ms | ratio |
|---|---|---|---|---|---|---|---|
${r.readRows.join('\n')}

| event latency under stress (\`catalogue.changed\`, 50 sockets) | deliveries | p50 ms | p99 ms | max ms | p99 < 100 ms |
|---|---|---|---|---|---|
${r.eventRows.join('\n')}

### Paced: the realistic mix

| endpoint (customer reads) | API req/s | API p50 ms | API p99 ms | baseline req/s | baseline p50 ms | baseline p99 ms |
|---|---|---|---|---|---|---|
${r.pacedRows.join('\n')}

| endpoint (admins / superadmins, API only — no baseline) | requests | req/s | p50 ms | p99 ms |
|---|---|---|---|---|
${r.writeRows.join('\n')}

| event latency, paced (\`catalogue.changed\`, 50 sockets) | deliveries | p50 ms | p99 ms | max ms | p99 < 100 ms |
|---|---|---|---|---|---|
${r.pacedEventRows.join('\n')}

### Sign-in storm

| sign-in storm | offered req/s | achieved req/s | p50 ms | p99 ms |
|---|---|---|---|---|
${r.stormRows.join('\n')}

${r.notes.join('\n')}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { freshDatabase, db, SERVER_URL } = await import('./lib.mjs');
  const name = 'portal_bench_load_mix';
  const url = await freshDatabase(name);
  const t0 = Date.now();
  try {
    console.log(loadMixSection(await benchLoadMix(url)));
    console.log(`load-mix: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await db.dropDatabase(SERVER_URL, name);
  }
  process.exit(0);
}
