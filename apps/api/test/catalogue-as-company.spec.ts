/**
 * `?asCompany={companyId}` on the catalogue reads: a superadmin sees exactly what that company's
 * employees see (same categories, same prices for every variant, no list prices); everyone else 403.
 */
import { randomUUID } from 'node:crypto';
import { CATALOGUE_MSG, companyPriceCents } from '../../../libs/domain/src';
import { startTestApi, type ApiClient, type TestApi } from '../../../test/api';
import { generateDemoCatalogue, seedTestCatalogue } from '../../../test/catalogue';
import { FLOAT_TRAP_PERCENTAGES, seedTwoCompanies, waitFor } from './support';

jest.setTimeout(60_000);

const { A } = FLOAT_TRAP_PERCENTAGES;

const demo = generateDemoCatalogue();
/** Every list a customer views: each sub-category, or the category when it has none. */
const listKeys = demo.categories.flatMap((c) => (c.subcategories.length ? c.subcategories.map((s) => s.key) : [c.key]));
const listPriceByPn = new Map<string, [number, string]>();
for (const c of demo.categories)
  for (const p of [...c.subcategories.flatMap((s) => s.products), ...c.products])
    for (const v of p.variants) listPriceByPn.set(v.part_number, [v.list_price_cents, c.name]);

type Variant = { _id: string; part_number: string; customer_price: number; list_price?: number };
type Product = { _id: string; variants: Variant[] };

describe('catalogue reads as a company (?asCompany=)', () => {
  let api: TestApi;
  let ids: Record<string, string>;
  let companyA: string;
  let root: ApiClient;
  let adminA: ApiClient;
  let empA: ApiClient;
  let empB: ApiClient;

  beforeAll(async () => {
    api = await startTestApi();
    ids = (await seedTestCatalogue(api.db)).ids;
    ({
      companyA,
      as: { root, adminA, empA, empB },
    } = await seedTwoCompanies(api, { percentages: FLOAT_TRAP_PERCENTAGES }));
  });
  afterAll(() => api?.close());

  const firstList = () => ids[listKeys[0]];
  const routes = () => [
    'catalogue?',
    `catalogue/subcatalogue/${ids['merv-10']}?`,
    `catalogue/product/${firstList()}?`,
    `catalogue/productNumber/${firstList()}?partNumber=M10-16251&`,
    `catalogue/searchproduct/${firstList()}?width=20&height=20&depth=1&action=not-exactly&`,
    'catalogue/find?q=m10%2016251&',
    'catalogue/find?q=20x20x1&',
  ];

  it('answers 403 to admins and employees on every read, even for their own company', async () => {
    for (const client of [adminA, empA, empB])
      for (const path of routes()) {
        const res = await client.request('GET', `${path}asCompany=${companyA}`);
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 403,
          body: { status: 403, message: CATALOGUE_MSG.asCompanyForbidden },
        });
      }
  });

  it('answers a superadmin 400 naming asCompany for a malformed id and 404 for an unknown company', async () => {
    for (const path of routes()) {
      const bad = await root.request('GET', `${path}asCompany=nope`);
      expect({ path, status: bad.status, body: bad.body }).toEqual({
        path,
        status: 400,
        body: {
          status: 400,
          message: CATALOGUE_MSG.asCompanyInvalid,
          errors: { asCompany: CATALOGUE_MSG.asCompanyInvalid },
        },
      });
      const unknown = await root.request('GET', `${path}asCompany=${randomUUID()}`);
      expect({ path, status: unknown.status }).toEqual({ path, status: 404 });
    }
  });

  it("does not log a superadmin's searches as the viewed company's demand", async () => {
    const list = firstList();
    expect(
      (await root.request('GET', `catalogue/productNumber/${list}?partNumber=ASCO-ROOT&asCompany=${companyA}`)).status,
    ).toBe(404);
    expect((await empA.request('GET', `catalogue/productNumber/${list}?partNumber=ASCO-EMP`)).status).toBe(404);
    expect((await root.request('GET', `catalogue/find?q=ASCO-FIND-ROOT&asCompany=${companyA}`)).status).toBe(200);
    expect((await empA.request('GET', `catalogue/find?q=ASCO-FIND-EMP`)).status).toBe(200);
    const rows = await waitFor(async () => {
      const r: { raw: string; company_id: string | null }[] = await api.db.query(
        `SELECT raw, company_id FROM search_log WHERE raw LIKE 'ASCO-%' ORDER BY raw`,
      );
      return r.length === 4 && r;
    });
    expect(rows).toEqual([
      { raw: 'ASCO-EMP', company_id: companyA },
      { raw: 'ASCO-FIND-EMP', company_id: companyA },
      { raw: 'ASCO-FIND-ROOT', company_id: null },
      { raw: 'ASCO-ROOT', company_id: null },
    ]);
  });

  it("answers exactly what the company's employees get on every read", async () => {
    for (const path of routes()) {
      const mine = await empA.request('GET', path);
      const viewed = await root.request('GET', `${path}asCompany=${companyA}`);
      expect({ path, status: viewed.status }).toEqual({ path, status: mine.status });
      expect(viewed.body).toEqual(mine.body);
    }
  });

  it("prices every variant of every product as the company's employees see it, never with list prices", async () => {
    let compared = 0;
    for (const key of listKeys) {
      const path = `catalogue/product/${ids[key]}`;
      const mine = (await empA.request('GET', path)).body.data.productDetails as Product[];
      const viewed = (await root.request('GET', `${path}?asCompany=${companyA}`)).body.data.productDetails as Product[];
      const other = (await empB.request('GET', path)).body.data.productDetails as Product[];
      expect(viewed.map((p) => p._id)).toEqual(mine.map((p) => p._id));
      for (const [i, product] of viewed.entries()) {
        const own = new Map(mine[i].variants.map((v) => [v._id, v]));
        expect(product.variants.map((v) => v._id)).toEqual(mine[i].variants.map((v) => v._id));
        for (const v of product.variants) {
          expect(v.list_price).toBeUndefined();
          expect({ pn: v.part_number, price: v.customer_price }).toEqual({
            pn: v.part_number,
            price: own.get(v._id)!.customer_price,
          });
          const [listCents, categoryName] = listPriceByPn.get(v.part_number)!;
          expect(Math.round(v.customer_price * 100)).toBe(companyPriceCents(listCents, categoryName, A));
          compared += 1;
        }
      }
      // Another company's employees pay differently: the view is not just "some customer price".
      if (other.length) expect(other).not.toEqual(viewed);
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('leaves the superadmin view unchanged without the parameter (list prices)', async () => {
    const res = await root.request('GET', `catalogue/product/${firstList()}`);
    const variants = (res.body.data.productDetails as Product[]).flatMap((p) => p.variants);
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) {
      expect(v.customer_price).toBe(v.list_price);
      expect(Math.round(v.customer_price * 100)).toBe(listPriceByPn.get(v.part_number)![0]);
    }
  });
});
