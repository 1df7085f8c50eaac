/**
 * The catalogue read cache never serves a stale price. Two API processes share one database (as
 * behind the load balancer); fast-check interleaves list-price saves (through the editing API and
 * straight in SQL), company multiplier changes and reads of the product page, part-number and
 * odd-size search routes on either process — with and without the client's ETag — and checks every
 * price read against a fresh computation from the database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import { companyPriceCents, type CompanyPercentages } from '../../../libs/domain/src';
import {
  ApiClient,
  CHILD_GUARD,
  createCompany,
  createUser,
  startTestApi,
  stopChild,
  type TestApi,
} from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';

jest.setTimeout(300_000);

type Variant = { _id: string; part_number: string; customer_price: number; version?: number; odd_size: boolean };
type Product = { _id: string; variants: Variant[] };

/** A second API process on the same database. */
async function startSecondApi(env: Record<string, string>): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = fork(path.resolve(__dirname, '../dist/main.js'), [], {
    env: { ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: ['--require', CHILD_GUARD],
  });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { type?: string; port?: number }) => m?.type === 'ready' && m.port && resolve(m.port));
    child.on('exit', (code) => reject(new Error(`second API exited with ${code}:\n${output}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, child };
}

/** A company percentage (1.00–100.00, two decimals). */
const pct = fc
  .integer({ min: 100, max: 10000 })
  .map((n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`);

type Action =
  | { kind: 'read'; api: 0 | 1; route: 'product' | 'pn' | 'search'; pick: number; etag: boolean }
  | { kind: 'price-api'; pick: number; cents: number }
  | { kind: 'price-sql'; pick: number; cents: number; concurrentRead: 0 | 1 }
  | { kind: 'multiplier'; p: CompanyPercentages };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      api: fc.constantFrom(0 as const, 1 as const),
      route: fc.constantFrom('product' as const, 'pn' as const, 'search' as const),
      pick: fc.nat(),
      etag: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('price-api' as const),
      pick: fc.nat(),
      cents: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('price-sql' as const),
      pick: fc.nat(),
      cents: fc.integer({ min: 1, max: 500_000 }),
      concurrentRead: fc.constantFrom(0 as const, 1 as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('multiplier' as const),
      p: fc.record({
        discount_percentage: pct,
        rigidflow_percentage: pct,
        minipro_percentage: pct,
        polyroll_percentage: pct,
      }),
    }),
  },
);

describe('catalogue read cache: no stale price across processes', () => {
  let api: TestApi;
  let second: { baseUrl: string; child: ChildProcess };
  let node: string;
  let companyId: string;
  const emp: ApiClient[] = [];
  let root: ApiClient;
  /** Standard variants under the node: id, part number, dimensions for the search route. */
  let variants: { id: string; product_id: string; part_number: string; w: string; h: string; depth: string }[];

  beforeAll(async () => {
    api = await startTestApi();
    second = await startSecondApi(api.env);
    node = (await seedTestCatalogue(api.db)).ids['merv-10-1in'];
    companyId = await createCompany(api.db, 'Cache Co');
    await createUser(api.db, { email: 'emp@cache.test', role: 'employee', companyId });
    await createUser(api.db, { email: 'root@cache.test', role: 'superadmin' });
    for (const baseUrl of [api.baseUrl, second.baseUrl]) {
      const c = new ApiClient({ baseUrl, origin: api.origin });
      expect((await c.login('emp@cache.test', 'Passw0rd!23')).status).toBe(200);
      emp.push(c);
    }
    root = new ApiClient({ baseUrl: second.baseUrl, origin: api.origin });
    expect((await root.login('root@cache.test', 'Passw0rd!23')).status).toBe(200);
    variants = await api.db.query(
      `SELECT v.id, v.product_id, v.part_number, v.nominal_width::text AS w, v.nominal_height::text AS h, v.depth::text AS depth
         FROM variants v JOIN products p ON p.id = v.product_id
        WHERE (p.category_id = $1 OR p.subcategory_id = $1) AND NOT v.odd_size AND v.nominal_width IS NOT NULL
        ORDER BY v.part_number`,
      [node],
    );
    expect(variants.length).toBeGreaterThan(3);
  });
  afterAll(async () => {
    if (second) await stopChild(second.child);
    await api?.close();
  });

  /** Every part number's price for the company, computed now from the database (not through the API). */
  async function fresh(): Promise<Map<string, number>> {
    const [company]: CompanyPercentages[] = await api.db.query(
      `SELECT discount_percentage::text, rigidflow_percentage::text, minipro_percentage::text, polyroll_percentage::text
         FROM companies WHERE id = $1`,
      [companyId],
    );
    const rows: { part_number: string; cents: string; category: string }[] = await api.db.query(
      `SELECT v.part_number, v.list_price_cents::text AS cents, k.name AS category
         FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id
        WHERE (p.category_id = $1 OR p.subcategory_id = $1)`,
      [node],
    );
    return new Map(rows.map((r) => [r.part_number, companyPriceCents(r.cents, r.category, company)]));
  }

  function pricesOf(products: Product[] | Product): Map<string, number> {
    const list = Array.isArray(products) ? products : [products];
    return new Map(list.flatMap((p) => p.variants.map((v) => [v.part_number, Math.round(v.customer_price * 100)])));
  }

  /** Last body and ETag each process gave each URL: sent back as If-None-Match to exercise 304s. */
  const copies = new Map<string, { etag: string; body: unknown }>();

  async function read(a: Extract<Action, { kind: 'read' }>): Promise<{ url: string; prices: Map<string, number> }> {
    const v = variants[a.pick % variants.length];
    const url =
      a.route === 'product'
        ? `catalogue/product/${node}`
        : a.route === 'pn'
          ? `catalogue/productNumber/${node}?partNumber=${encodeURIComponent(v.part_number)}`
          : `catalogue/searchproduct/${node}?width=${v.w}&height=${v.h}&depth=${v.depth}&action=not-exactly`;
    const key = `${a.api}|${url}`;
    const copy = copies.get(key);
    const res = await emp[a.api].request('GET', url, undefined, a.etag && copy ? { 'if-none-match': copy.etag } : {});
    let body: { data: unknown };
    if (res.status === 304) {
      body = copy!.body as { data: unknown };
    } else {
      expect(res.status).toBe(200);
      body = res.body;
      copies.set(key, { etag: String(res.headers.get('etag')), body });
    }
    const data = body.data as Product | Product[] | { productDetails: Product[] };
    const prices = pricesOf('productDetails' in data ? data.productDetails : data);
    expect(prices.size).toBeGreaterThan(0);
    return { url, prices };
  }

  function expectFresh(url: string, prices: Map<string, number>, now: Map<string, number>) {
    for (const [pn, cents] of prices) expect({ url, pn, cents }).toEqual({ url, pn, cents: now.get(pn) });
  }

  it('every read equals a fresh computation, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 12 }), async (actions) => {
        for (const a of actions) {
          if (a.kind === 'read') {
            const { url, prices } = await read(a);
            expectFresh(url, prices, await fresh());
          } else if (a.kind === 'multiplier') {
            await api.db.query(
              `UPDATE companies SET discount_percentage = $2, rigidflow_percentage = $3, minipro_percentage = $4,
                      polyroll_percentage = $5 WHERE id = $1`,
              [
                companyId,
                a.p.discount_percentage,
                a.p.rigidflow_percentage,
                a.p.minipro_percentage,
                a.p.polyroll_percentage,
              ],
            );
          } else if (a.kind === 'price-api') {
            const v = variants[a.pick % variants.length];
            // The superadmin's view comes through the cache too: a stale version would answer 409.
            const page = await root.request('GET', `catalogue/product/${node}`);
            const current = (page.body.data.productDetails as Product[])
              .flatMap((p) => p.variants)
              .find((x) => x._id === v.id)!;
            const price = a.cents / 100;
            const res = await root.request('PATCH', `catalogue/${v.product_id}/variant/${v.id}`, {
              ...current,
              list_price: price,
              customer_price: price,
            });
            expect({ status: res.status, message: res.body.message }).toMatchObject({ status: 200 });
          } else {
            const v = variants[a.pick % variants.length];
            const before = await fresh();
            const write = api.db.query(`UPDATE variants SET list_price_cents = $2 WHERE id = $1`, [v.id, a.cents]);
            if (a.concurrentRead) {
              // A read racing the commit sees the old or the new price, never anything else.
              const [{ url, prices }] = await Promise.all([
                read({ kind: 'read', api: 1, route: 'product', pick: a.pick, etag: true }),
                write,
              ]);
              const after = await fresh();
              for (const [pn, cents] of prices) {
                expect({ url, pn, ok: cents === before.get(pn) || cents === after.get(pn) }).toEqual({
                  url,
                  pn,
                  ok: true,
                });
              }
            } else {
              await write;
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
