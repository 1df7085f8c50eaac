/**
 * Catalogue cache scopes (versions per node and per list, see the catalogue-scope-versions
 * migration), counted through the API's cache stats hook (over IPC, as the benchmarks read it):
 *  - a save on one product evicts only that product's pages (its category's and sub-category's);
 *  - a multiplier change evicts nothing: the company's prices come from its percentages per read;
 *  - one transaction changing list prices everywhere (what a scheduled price change does) switches
 *    every page at its commit — before it every page is old, after it every page equals the SQL-priced body.
 */
import type { DataSource } from 'typeorm';
import { percentageForProductLine, type CompanyPercentages } from '../../../libs/domain/src';
import { ApiClient, createUser, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';
import { productPageJson, type NodeKind } from '../src/catalogue/catalogue.repository';
import type { CacheStats } from '../src/catalogue/catalogue-cache';

jest.setTimeout(300_000);

interface Node {
  id: string;
  kind: NodeKind;
  name: string;
  product_line: string | null;
}

/** The API process's cache counters, through its IPC stats hook. */
export function cacheStats(api: TestApi): Promise<CacheStats> {
  return new Promise((resolve) => {
    const onMessage = (m: { type?: string; stats?: CacheStats }) => {
      if (m?.type !== 'catalogue-cache-stats') return;
      api.process.off('message', onMessage);
      resolve(m.stats!);
    };
    api.process.on('message', onMessage);
    api.process.send({ type: 'catalogue-cache-stats' });
  });
}

describe('catalogue cache scopes', () => {
  let api: TestApi;
  let db: DataSource;
  let nodes: Node[];
  let companyA: string;
  let companyB: string;
  const viewers: ApiClient[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    db = api.db;
    await seedTestCatalogue(db);
    [{ id: companyA }] = await db.query(
      `INSERT INTO companies (name, discount_percentage, rigidflow_percentage, minipro_percentage, polyroll_percentage)
       VALUES ('Scopes A', 45.55, 52, 48.75, 60) RETURNING id`,
    );
    [{ id: companyB }] = await db.query(
      `INSERT INTO companies (name, discount_percentage) VALUES ('Scopes B', 61.11) RETURNING id`,
    );
    await createUser(db, { email: 'emp@scopes.test', role: 'employee', companyId: companyA });
    await createUser(db, { email: 'admin@scopes.test', role: 'admin', companyId: companyB });
    await createUser(db, { email: 'root@scopes.test', role: 'superadmin' });
    for (const email of ['emp@scopes.test', 'admin@scopes.test', 'root@scopes.test']) {
      const c = new ApiClient(api);
      expect((await c.login(email, 'Passw0rd!23')).status).toBe(200);
      viewers.push(c);
    }
    nodes = await db.query(
      `SELECT k.id, 'category' AS kind, k.name, k.product_line FROM categories k
       UNION ALL
       SELECT s.id, 'subcategory', s.name, k.product_line FROM subcategories s JOIN categories k ON k.id = s.category_id
       ORDER BY 1`,
    );
    expect(nodes.length).toBeGreaterThan(4);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The page as sent (decoded from br by fetch, as a browser does). */
  async function text(viewer: ApiClient, id: string): Promise<string> {
    const res = await fetch(`${api.baseUrl}/api/catalogue/product/${id}`, {
      headers: { authorization: `Bearer ${viewer.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    return res.text();
  }

  /** Every node's page for every viewer (two companies, the superadmin), in a fixed order. */
  async function readAll(): Promise<string[]> {
    const out: string[] = [];
    for (const n of nodes) for (const viewer of viewers) out.push(await text(viewer, n.id));
    return out;
  }

  /** The page as Postgres prices it for the company now. */
  async function sqlPage(n: Node, companyId: string): Promise<string> {
    const [c]: CompanyPercentages[] = await db.query(
      `SELECT discount_percentage::text, rigidflow_percentage::text, minipro_percentage::text, polyroll_percentage::text
         FROM companies WHERE id = $1`,
      [companyId],
    );
    const pct = String(percentageForProductLine(n.product_line as never, c));
    return `{"status":200,"data":{"name":${JSON.stringify(n.name)},"productDetails":${await productPageJson(db, n.kind, false, n.id, pct)}}}`;
  }

  it('a save on one product evicts only that product pages', async () => {
    await readAll();
    const warm = await cacheStats(api);
    // Both companies share one cached page per node; the superadmin has their own.
    expect(warm.entries).toBe(nodes.length * 2);
    const [p]: { id: string; category_id: string; subcategory_id: string }[] = await db.query(
      `SELECT p.id, p.category_id, p.subcategory_id FROM products p
        WHERE p.subcategory_id IS NOT NULL AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND NOT v.odd_size)
        ORDER BY p.name LIMIT 1`,
    );
    await db.query(
      `UPDATE variants SET list_price_cents = list_price_cents + 101
        WHERE id = (SELECT id FROM variants WHERE product_id = $1 AND NOT odd_size ORDER BY part_number LIMIT 1)`,
      [p.id],
    );
    const after = await readAll();
    const s = await cacheStats(api);
    // Its category's and sub-category's pages, each the customers' template and the superadmin's body.
    expect((s.evictedByVersion.n ?? 0) - (warm.evictedByVersion.n ?? 0)).toBe(4);
    expect(s.misses - warm.misses).toBe(4);
    expect(s.hits - warm.hits).toBe(nodes.length * 3 - 4);
    expect(s.evictedByVersion.lists ?? 0).toBe(0);
    expect(s.entries).toBe(nodes.length * 2);
    // The rebuilt pages carry the new price, byte for byte as Postgres prices them.
    for (const n of nodes.filter((x) => x.id === p.category_id || x.id === p.subcategory_id)) {
      const i = nodes.indexOf(n) * 3;
      expect(after[i]).toBe(await sqlPage(n, companyA));
      expect(after[i + 1]).toBe(await sqlPage(n, companyB));
    }
  });

  it('compresses a page once for every company on its first gzip request, and counts the pieces in the cache', async () => {
    const n = nodes.find((x) => x.kind === 'subcategory')!;
    await db.query(
      `UPDATE variants SET list_price_cents = list_price_cents + 1
        WHERE product_id IN (SELECT id FROM products WHERE subcategory_id = $1)`,
      [n.id],
    );
    const read = (viewer: ApiClient, encoding: string) =>
      fetch(`${api.baseUrl}/api/catalogue/product/${n.id}`, {
        headers: { authorization: `Bearer ${viewer.token}`, 'accept-encoding': encoding },
      });
    const plain = await (await read(viewers[0], 'identity')).text();
    const bare = (await cacheStats(api)).byRoute.product.bytes;
    // Both companies get gzip spliced from the same pieces: built once, then the page costs more.
    const a = await read(viewers[0], 'gzip, deflate, br, zstd');
    expect(a.headers.get('content-encoding')).toBe('gzip');
    expect(await a.text()).toBe(plain);
    const grown = (await cacheStats(api)).byRoute.product.bytes;
    expect(grown).toBeGreaterThan(bare);
    const b = await read(viewers[1], 'gzip');
    expect(await b.text()).toBe(await sqlPage(n, companyB));
    expect((await cacheStats(api)).byRoute.product.bytes).toBe(grown);
  });

  it('a multiplier change evicts nothing and changes only that company prices', async () => {
    const before = await readAll();
    const warm = await cacheStats(api);
    await db.query(`UPDATE companies SET discount_percentage = 33.33, rigidflow_percentage = 71.07 WHERE id = $1`, [
      companyA,
    ]);
    const after = await readAll();
    const s = await cacheStats(api);
    expect(s.misses).toBe(warm.misses);
    expect(s.evictedByVersion).toEqual(warm.evictedByVersion);
    nodes.forEach((n, i) => {
      expect(after[i * 3 + 1]).toBe(before[i * 3 + 1]); // company B
      expect(after[i * 3 + 2]).toBe(before[i * 3 + 2]); // superadmin
    });
    for (const [i, n] of nodes.entries()) expect(after[i * 3]).toBe(await sqlPage(n, companyA));
  });

  it('one transaction changing list prices everywhere switches every page at its commit', async () => {
    const before = await readAll();
    const warm = await cacheStats(api);
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`UPDATE variants SET list_price_cents = list_price_cents * 2 + 7`);
      // Not committed: every page is the old one (from the cache or rebuilt).
      expect(await readAll()).toEqual(before);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    const after = await readAll();
    const s = await cacheStats(api);
    for (const [i, n] of nodes.entries()) {
      expect(after[i * 3]).toBe(await sqlPage(n, companyA));
      expect(after[i * 3 + 1]).toBe(await sqlPage(n, companyB));
    }
    const priced = nodes.filter((_, i) => after[i * 3].includes('"customer_price"')).length;
    expect(priced).toBeGreaterThan(2);
    // Every page holding a variant moved; nothing was rebuilt twice.
    expect((s.evictedByVersion.n ?? 0) - (warm.evictedByVersion.n ?? 0)).toBeGreaterThanOrEqual(priced * 2);
    expect(s.misses - warm.misses).toBe((s.evictedByVersion.n ?? 0) - (warm.evictedByVersion.n ?? 0));
  });

  it('stamps only the scopes a change touches, once per transaction at commit', async () => {
    const versions = async () =>
      new Map<string, string>(
        (await db.query(`SELECT scope, version::text AS v FROM catalogue_scope_versions`)).map(
          (r: { scope: string; v: string }) => [r.scope, r.v],
        ),
      );
    const [v]: { id: string; product_id: string; category_id: string; subcategory_id: string | null }[] =
      await db.query(
        `SELECT v.id, v.product_id, p.category_id, p.subcategory_id FROM variants v JOIN products p ON p.id = v.product_id
          WHERE p.subcategory_id IS NOT NULL AND NOT v.odd_size ORDER BY v.part_number LIMIT 1`,
      );
    const changed = async (sql: string, params: unknown[]) => {
      const before = await versions();
      await db.query(sql, params);
      const after = await versions();
      return [...after]
        .filter(([k, x]) => before.get(k) !== x)
        .map(([k]) => k)
        .sort();
    };
    const nodesOf = [`n:${v.category_id}`, `n:${v.subcategory_id}`].sort();
    // A price: its product's pages only.
    expect(await changed(`UPDATE variants SET list_price_cents = list_price_cents + 1 WHERE id = $1`, [v.id])).toEqual(
      nodesOf,
    );
    // Hiding a variant (odd size) can change which nodes customers see: the lists too.
    expect(await changed(`UPDATE variants SET odd_size = NOT odd_size WHERE id = $1`, [v.id])).toEqual(
      [...nodesOf, 'lists', `sub:${v.category_id}`].sort(),
    );
    await db.query(`UPDATE variants SET odd_size = NOT odd_size WHERE id = $1`, [v.id]);
    // A sub-category rename: its page and the lists.
    expect(await changed(`UPDATE subcategories SET name = name || ' ' WHERE id = $1`, [v.subcategory_id])).toEqual(
      [`n:${v.subcategory_id}`, 'lists', `sub:${v.category_id}`].sort(),
    );
    // All stamped with the one version of their transaction.
    const after = await versions();
    const [{ version }] = await db.query(`SELECT version::text FROM catalogue_version`);
    expect(after.get(`n:${v.subcategory_id}`)).toBe(version);
    expect(after.get('lists')).toBe(version);
  });
});
