/**
 * No response to anyone but a superadmin carries a list price. A load mix — employees and admins of
 * companies with their own multipliers (one paying exactly 100 %), a superadmin viewing as each of
 * them, concurrent reads of every catalogue route in br, gzip and identity, list-price saves and a
 * multiplier change between rounds — and a scan of every body: no `list_price` or `version` field,
 * no template slot, and every customer price is the company's price for the variant's current list
 * price (so it differs from the list price wherever the percentage does not make them equal).
 */
import type { DataSource } from 'typeorm';
import { customerPriceCents, percentageForProductLine, type CompanyPercentages } from '../../../libs/domain/src';
import { ApiClient, createUser, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';

jest.setTimeout(300_000);

interface Viewer {
  client: ApiClient;
  companyId: string;
  asCompany: boolean;
}
type Variant = { _id: string; customer_price: number; [k: string]: unknown };

const PERCENTAGES: [string, string, string, string][] = [
  ['100', '100', '100', '100'],
  ['45.55', '52', '48.75', '60'],
  ['0.01', '99.99', '33.33', '66.67'],
  ['12.5', '87.5', '50', '0'],
];
const ENCODINGS = ['br', 'gzip', 'identity'];

describe('no list price reaches a customer', () => {
  let api: TestApi;
  let db: DataSource;
  let root: ApiClient;
  const viewers: Viewer[] = [];
  let paths: string[] = [];

  beforeAll(async () => {
    // The load mix searches far more than a person may (the search budget is search-budget.spec's).
    api = await startTestApi({
      SEARCH_BUDGET_LOGGED_PER_MINUTE: '10000000',
      SEARCH_BUDGET_COMMITTED_PER_MINUTE: '10000000',
      SEARCH_BUDGET_TYPING_PER_MINUTE: '10000000',
    });
    db = api.db;
    await seedTestCatalogue(db);
    await createUser(db, { email: 'root@scan.test', role: 'superadmin' });
    root = new ApiClient(api);
    expect((await root.login('root@scan.test', 'Passw0rd!23')).status).toBe(200);
    for (const [i, p] of PERCENTAGES.entries()) {
      const [{ id }] = await db.query(
        `INSERT INTO companies (name, discount_percentage, rigidflow_percentage, minipro_percentage, polyroll_percentage)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [`Scan ${i}`, ...p],
      );
      // Employees everywhere, an admin in one company (same route code, another role).
      for (const role of i === 1 ? (['employee', 'admin'] as const) : (['employee'] as const)) {
        await createUser(db, { email: `${role}${i}@scan.test`, role, companyId: id });
        const client = new ApiClient(api);
        expect((await client.login(`${role}${i}@scan.test`, 'Passw0rd!23')).status).toBe(200);
        viewers.push({ client, companyId: id, asCompany: false });
      }
      viewers.push({ client: root, companyId: id, asCompany: true });
    }
    const nodes: { id: string; cat: boolean }[] = await db.query(
      `SELECT id, true AS cat FROM categories UNION ALL SELECT id, false FROM subcategories ORDER BY 1`,
    );
    const parts: { node: string; pn: string }[] = await db.query(
      `SELECT DISTINCT ON (p.category_id) p.category_id AS node, v.part_number AS pn
         FROM variants v JOIN products p ON p.id = v.product_id WHERE NOT v.odd_size ORDER BY p.category_id, v.part_number`,
    );
    paths = ['catalogue'];
    for (const n of nodes) {
      if (n.cat) paths.push(`catalogue/subcatalogue/${n.id}`);
      paths.push(`catalogue/product/${n.id}`);
      paths.push(
        `catalogue/searchproduct/${n.id}?width=${encodeURIComponent('20 1/2')}&height=24&depth=1&action=exact-measurement`,
      );
    }
    for (const p of parts) paths.push(`catalogue/productNumber/${p.node}?partNumber=${encodeURIComponent(p.pn)}`);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** What every variant costs every company now: variant id → company id → cents; and list cents. */
  async function expected() {
    const companies: (CompanyPercentages & { id: string })[] = await db.query(
      `SELECT id, discount_percentage::text, rigidflow_percentage::text, minipro_percentage::text, polyroll_percentage::text
         FROM companies`,
    );
    const rows: { id: string; cents: string; line: string | null }[] = await db.query(
      `SELECT v.id, v.list_price_cents::text AS cents, k.product_line AS line
         FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id`,
    );
    const price = new Map<string, Map<string, number>>();
    const pct = new Map<string, Map<string | null, string>>();
    for (const c of companies) {
      pct.set(c.id, new Map(rows.map((r) => [r.line, String(percentageForProductLine(r.line as never, c))])));
    }
    for (const r of rows) {
      price.set(r.id, new Map(companies.map((c) => [c.id, customerPriceCents(r.cents, pct.get(c.id)!.get(r.line)!)])));
    }
    return {
      price,
      list: new Map(rows.map((r) => [r.id, Number(r.cents)])),
      pct,
      line: new Map(rows.map((r) => [r.id, r.line])),
    };
  }

  function variantsOf(body: unknown): Variant[] {
    const out: Variant[] = [];
    const walk = (x: unknown) => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') {
        if ('customer_price' in x) out.push(x as Variant);
        Object.values(x).forEach(walk);
      }
    };
    walk(body);
    return out;
  }

  /** One round: every path for every viewer in every encoding, concurrently; returns bodies scanned. */
  async function round(): Promise<number> {
    const now = await expected();
    let scanned = 0;
    let priced = 0;
    let differs = 0;
    const jobs = viewers.flatMap((v, vi) =>
      paths.map((path, pi) => async () => {
        const encoding = ENCODINGS[(vi + pi) % ENCODINGS.length];
        const url = `${api.baseUrl}/api/${path}${v.asCompany ? `${path.includes('?') ? '&' : '?'}asCompany=${v.companyId}` : ''}`;
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${v.client.token}`, 'accept-encoding': encoding },
        });
        const text = await res.text();
        if (res.status === 404 && path.startsWith('catalogue/productNumber')) return;
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        scanned++;
        expect(text).not.toContain('list_price');
        expect(text).not.toMatch(/"customer_price"\s*:\s*\[/);
        for (const variant of variantsOf(JSON.parse(text))) {
          priced++;
          expect(Object.keys(variant)).not.toContain('version');
          const cents = Math.round(variant.customer_price * 100);
          const want = now.price.get(variant._id)!.get(v.companyId)!;
          expect({ path, variant: variant._id, cents }).toEqual({ path, variant: variant._id, cents: want });
          const pct = now.pct.get(v.companyId)!.get(now.line.get(variant._id)!)!;
          if (Number(pct) !== 100 && want !== now.list.get(variant._id)) {
            expect(cents).not.toBe(now.list.get(variant._id));
            differs++;
          }
        }
      }),
    );
    // Sixteen requests in flight at a time.
    for (let i = 0; i < jobs.length; i += 16) await Promise.all(jobs.slice(i, i + 16).map((j) => j()));
    expect(priced).toBeGreaterThan(100);
    expect(differs).toBeGreaterThan(50);
    return scanned;
  }

  it('scans every body of a load mix with saves and a multiplier change between rounds', async () => {
    let scanned = await round();
    // Two superadmin saves on different products, then read again (some pages cached, some rebuilt).
    await db.query(
      `UPDATE variants SET list_price_cents = list_price_cents + 333
        WHERE id IN (SELECT DISTINCT ON (product_id) id FROM variants ORDER BY product_id, part_number LIMIT 2)`,
    );
    scanned += await round();
    await db.query(`UPDATE companies SET discount_percentage = 77.77 WHERE name = 'Scan 1'`);
    scanned += await round();
    expect(scanned).toBeGreaterThan(viewers.length * paths.length * 2);
  });
});
