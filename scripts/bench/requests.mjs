// @ts-check
// What the quote-request and order-request benchmarks share (scripts/bench/quotes.mjs, orders.mjs): a
// company with a superadmin and employees on a fresh database with the demo catalogue, signed-in
// headers for writes, a 200-line body, and the commit → socket measurement.
import pg from 'pg';
import { io } from 'socket.io-client';
import { catalogueData, db, percentile, platform, signIn } from './lib.mjs';

export const PASSWORD = 'Bench@12345';
export const PUBLIC_URL = 'http://localhost:3000';
const REALTIME_CHANNEL = 'realtime';

/**
 * The bearer header plus a CSRF token, for writes.
 * @param {string} api
 * @param {import('./lib.mjs').Headers} auth
 * @returns {Promise<import('./lib.mjs').Headers>}
 */
export async function csrfHeaders(api, auth) {
  const { token } = await fetch(`${api}/api/csrf-token`, { headers: auth }).then((r) => r.json());
  return { ...auth, 'x-xsrf-token': token, 'content-type': 'application/json' };
}

/**
 * POST `body` as JSON to /api/`p`; the answer's `data` (throws on a non-2xx answer).
 * @param {string} api
 * @param {import('./lib.mjs').Headers} headers
 * @param {string} p
 * @param {unknown} body
 * @returns {Promise<any>}
 */
export async function post(api, headers, p, body) {
  const res = await fetch(`${api}/api/${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`POST ${p}: ${res.status} ${json.message}`);
  return json.data;
}

/**
 * The demo catalogue, a company 'Bench Air' with `employees` employees (emp0…) and a superadmin
 * (root@bench.test), all with PASSWORD; the first 200 standard-size variants by part number.
 * @param {string} databaseUrl a fresh, migrated database
 * @param {{ employees: number }} opts
 */
export async function seedBuyers(databaseUrl, { employees }) {
  const { loadCatalogue, generateDemoCatalogue } = catalogueData();
  const ds = await db.createDataSource({ url: databaseUrl, poolSize: 2 }).initialize();
  const hash = await platform.hashPassword(PASSWORD);
  await ds.transaction((/** @type {any} */ m) => loadCatalogue(m, generateDemoCatalogue()));
  const [{ id: company }] = await ds.query(
    `INSERT INTO companies (name, discount_percentage) VALUES ('Bench Air', 45.5) RETURNING id`,
  );
  const insert = `INSERT INTO users (username, email, password_hash, role, company_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`;
  await ds.query(insert, ['Root', 'root@bench.test', hash, 'superadmin', null]);
  for (let i = 0; i < employees; i++)
    await ds.query(insert, [`Emp ${i}`, `emp${i}@bench.test`, hash, 'employee', company]);
  /** @type {string[]} */
  const variants = (await ds.query(`SELECT id FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 200`)).map(
    (/** @type {{ id: string }} */ r) => r.id,
  );
  return { ds, company: /** @type {string} */ (company), variants };
}

/**
 * Signs in the superadmin and the employees seeded by `seedBuyers`.
 * @param {string} apiUrl
 * @param {number} employees
 */
export async function signInBuyers(apiUrl, employees) {
  const rootAuth = await signIn(apiUrl, 'root@bench.test', PASSWORD);
  const rootHeaders = await csrfHeaders(apiUrl, rootAuth);
  /** @type {import('./lib.mjs').Headers[]} */
  const emp = [];
  for (let i = 0; i < employees; i++)
    emp.push(await csrfHeaders(apiUrl, await signIn(apiUrl, `emp${i}@bench.test`, PASSWORD)));
  return { rootAuth, rootHeaders, emp };
}

/**
 * One catalogue line per variant (quantities 1…7).
 * @param {string[]} variants
 */
export const catalogueLines = (variants) => ({
  lines: variants.map((variant_id, i) => ({ kind: 'catalogue', variant_id, quantity: 1 + (i % 7) })),
});

/**
 * Times `count` writes, one after another.
 * @param {number} count
 * @param {(i: number) => Promise<unknown>} write
 */
export async function timeSequential(count, write) {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await write(i);
    times.push(performance.now() - t);
  }
  return times;
}

/**
 * Commit → socket. Each change (one after another) is made by `run`; a superadmin's socket waits for
 * its `event` (alone or in a `batch`) naming `id`. The commit's moment is when a LISTEN on the realtime
 * channel hears the change's NOTIFY, which Postgres delivers at commit; the request's start and its
 * response give an upper and a lower bound as well.
 * @param {{ apiUrl: string, databaseUrl: string, token: string, event: string,
 *   changes: { id: string, run: () => Promise<unknown> }[] }} opts
 */
export async function commitToSocket({ apiUrl, databaseUrl, token, event, changes }) {
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  await listener.query(`LISTEN ${REALTIME_CHANNEL}`);
  /** @type {((payload: string, at: number) => void) | null} */
  let onNotify = null;
  listener.on('notification', (n) => onNotify?.(n.payload ?? '', performance.now()));
  const socket = io(apiUrl, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    extraHeaders: { origin: PUBLIC_URL },
    reconnection: false,
  });
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)))
  );
  /** @type {number[]} */
  const fromCommit = [];
  /** @type {number[]} */
  const fromRequest = [];
  /** @type {number[]} */
  const fromResponse = [];
  try {
    for (const { id, run } of changes) {
      /** @type {Promise<number>} */
      const committed = new Promise((resolve) => {
        onNotify = (payload, at) => {
          if (payload.includes(event) && payload.includes(id)) resolve(at);
        };
      });
      /** @type {Promise<number>} */
      const heard = new Promise((resolve) => {
        // One message per audience per change: several pushes to superadmins arrive as one `batch`.
        /** @param {{ _id: string }} m */
        const on = (m) => {
          if (m._id !== id) return;
          socket.off(event, on);
          socket.off('batch', onBatch);
          resolve(performance.now());
        };
        /** @param {{ events: { event: string, data: { _id: string } }[] }} b */
        const onBatch = (b) => b.events.filter((e) => e.event === event).forEach((e) => on(e.data));
        socket.on(event, on);
        socket.on('batch', onBatch);
      });
      const t0 = performance.now();
      await run();
      const t1 = performance.now();
      const [tc, t2] = await Promise.all([committed, heard]);
      fromCommit.push(Math.max(0, t2 - tc));
      fromRequest.push(t2 - t0);
      fromResponse.push(Math.max(0, t2 - t1));
    }
  } finally {
    socket.close();
    await listener.end();
  }
  return {
    count: changes.length,
    commit: { p50: percentile(fromCommit, 50), p99: percentile(fromCommit, 99) },
    request: { p99: percentile(fromRequest, 99) },
    response: { p99: percentile(fromResponse, 99) },
  };
}
