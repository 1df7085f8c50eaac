import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_MSG,
  CATEGORY_ORDER,
  companyPriceCents,
  sortCategories,
  type CompanyPercentages,
} from '../../../libs/domain/src';
import { ApiClient, startTestApi, type TestApi } from '../../../test/api';
import { FLOAT_TRAP_PERCENTAGES, seedTwoCompanies, type TwoCompanyUsers } from './support';
import { generateDemoCatalogue, seedTestCatalogue } from '../../../test/catalogue';
import type { DemoCategory, DemoSubcategory, DemoVariant } from '../../../scripts/src/catalogue/demo-parts';

// Boot + seed + four argon2 sign-ins on a shared 2-core machine can exceed jest's 5 s default.
jest.setTimeout(60_000);

const { A, B } = FLOAT_TRAP_PERCENTAGES;

const demo = generateDemoCatalogue();
/** part number → [variant, category name] */
const byPn = new Map<string, [DemoVariant, string]>();
for (const c of demo.categories) {
  for (const p of [...c.subcategories.flatMap((s) => s.products), ...c.products]) {
    for (const v of p.variants) byPn.set(v.part_number, [v, c.name]);
  }
}
const cat = (name: string): DemoCategory => demo.categories.find((c) => c.name === name)!;

type Variant = Record<string, unknown> & { part_number: string; customer_price: number; odd_size: boolean };
type Product = { _id: string; name: string; catalogue_id: string; variants: Variant[] };

describe('catalogue API', () => {
  let api: TestApi;
  let ids: Record<string, string>;
  let companyA: string;
  let companyB: string;
  let as: TwoCompanyUsers;

  beforeAll(async () => {
    api = await startTestApi();
    ids = (await seedTestCatalogue(api.db)).ids;
    ({ companyA, companyB, as } = await seedTwoCompanies(api, { percentages: FLOAT_TRAP_PERCENTAGES }));
  });
  afterAll(() => api?.close());

  const merv10_1 = () => ids['merv-10-1in'];

  /** Checks every variant's price for the caller; returns the variants. */
  function expectPrices(products: Product[], company: CompanyPercentages | 'list'): Variant[] {
    const all = products.flatMap((p) => p.variants);
    expect(all.length).toBeGreaterThan(0);
    for (const v of all) {
      const [demoVariant, categoryName] = byPn.get(v.part_number)!;
      const expected =
        company === 'list'
          ? demoVariant.list_price_cents
          : companyPriceCents(demoVariant.list_price_cents, categoryName, company);
      expect({ pn: v.part_number, price: v.customer_price }).toEqual({ pn: v.part_number, price: expected / 100 });
      expect(Math.round(v.customer_price * 100)).toBe(expected);
    }
    return all;
  }

  describe('access', () => {
    it('answers 401 to anonymous callers on every catalogue route', async () => {
      const anon = new ApiClient(api);
      for (const path of [
        'catalogue',
        `catalogue/subcatalogue/${ids['merv-10']}`,
        `catalogue/product/${merv10_1()}`,
        `catalogue/productNumber/${merv10_1()}?partNumber=M10-16251`,
        `catalogue/searchproduct/${merv10_1()}?width=20&height=20&depth=1&action=not-exactly`,
      ]) {
        const res = await anon.request('GET', path);
        expect({ path, status: res.status }).toEqual({ path, status: 401 });
      }
    });

    it('answers 400 Invalid product ID for malformed ids and 404 Product not found for unknown or foreign ids', async () => {
      for (const route of ['subcatalogue', 'product', 'productNumber', 'searchproduct']) {
        const q =
          route === 'productNumber'
            ? '?partNumber=M10-16251'
            : route === 'searchproduct'
              ? '?width=20&height=20&depth=1'
              : '';
        const bad = await as.empA.request('GET', `catalogue/${route}/not-a-uuid${q}`);
        expect(bad.status).toBe(400);
        expect(bad.body).toEqual({ status: 400, message: CATALOGUE_MSG.invalidProductId });
        for (const id of [randomUUID(), companyA, companyB, ids['merv-10-1in-m10']]) {
          const res = await as.empA.request('GET', `catalogue/${route}/${id}${q}`);
          expect({ route, status: res.status, body: res.body }).toEqual({
            route,
            status: 404,
            body: { status: 404, message: CATALOGUE_MSG.productNotFound },
          });
        }
      }
      // A product id is not a viewable node either.
      const productId = Object.entries(ids).find(([k]) => k.startsWith('rigid-flow-'))![1];
      expect((await as.root.request('GET', `catalogue/product/${productId}`)).status).toBe(404);
    });
  });

  describe('GET catalogue', () => {
    it('lists every category in the fixed order, then alphabetically, with image, files and sub-category flag', async () => {
      const res = await as.empA.request('GET', 'catalogue');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);
      const names = res.body.data.map((c: { name: string }) => c.name);
      expect(names).toEqual(sortCategories(demo.categories.map((c) => c.name)));
      expect(names.slice(0, CATEGORY_ORDER.length)).toEqual([...CATEGORY_ORDER]);
      expect(names.slice(CATEGORY_ORDER.length)).toEqual(['HEPA', 'Polyroll']);
      const merv = res.body.data[0];
      expect(merv).toEqual({
        _id: ids['merv-10'],
        name: 'MERV 10',
        image_url: `/api/catalogue/image/${ids['merv-10']}`,
        files: [],
        has_subcatalogues: true,
      });
      const rigid = res.body.data.find((c: { name: string }) => c.name === 'Rigid Flow');
      expect(rigid.has_subcatalogues).toBe(false);
    });

    it('honours ?role=superadmin only for a superadmin session (unfiltered: empty categories too)', async () => {
      await api.db.query(`INSERT INTO categories (name, display_order) VALUES ('Zeta Empty', 99)`);
      try {
        const names = async (c: ApiClient, q = '') =>
          (await c.request('GET', `catalogue${q}`)).body.data.map((x: { name: string }) => x.name);
        expect(await names(as.root, '?role=superadmin')).toContain('Zeta Empty');
        expect(await names(as.root)).not.toContain('Zeta Empty');
        expect(await names(as.empA, '?role=superadmin')).not.toContain('Zeta Empty');
        expect(await names(as.adminA, '?role=superadmin')).toEqual(await names(as.adminA));
        const zeta = (await as.root.request('GET', 'catalogue?role=superadmin')).body.data.find(
          (x: { name: string }) => x.name === 'Zeta Empty',
        );
        expect(zeta).toMatchObject({ image_url: null, files: [], has_subcatalogues: false });
      } finally {
        await api.db.query(`DELETE FROM categories WHERE name = 'Zeta Empty'`);
      }
    });

    it('serves category images as locked-down SVG, without a session', async () => {
      const res = await fetch(`${api.baseUrl}/api/catalogue/image/${ids['merv-10']}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      const svg = await res.text();
      expect(svg).toBe(cat('MERV 10').image);
      const missing = await fetch(`${api.baseUrl}/api/catalogue/image/${randomUUID()}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ status: 404, message: 'Image not available' });
      expect((await fetch(`${api.baseUrl}/api/catalogue/image/nope`)).status).toBe(404);
    });
  });

  describe('GET catalogue/subcatalogue/{catalogueId}', () => {
    it('lists the sub-categories in order, or [] for a category holding products directly', async () => {
      const res = await as.empB.request('GET', `catalogue/subcatalogue/${ids['merv-10']}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(
        cat('MERV 10').subcategories.map((s) => ({
          _id: ids[s.key],
          name: s.name,
          catalogue_id: ids['merv-10'],
          files: [],
        })),
      );
      expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['1"', '2"', '4"']);
      const rigid = await as.empB.request('GET', `catalogue/subcatalogue/${ids['rigid-flow']}?role=superadmin`);
      expect(rigid.body).toEqual({ status: 200, data: [] });
    });
  });

  describe('GET catalogue/product/{id}', () => {
    it('superadmin: list prices, list_price and version, odd-size variants included, products and variants in order', async () => {
      const res = await as.root.request('GET', `catalogue/product/${merv10_1()}`);
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe('1"');
      const sub = cat('MERV 10').subcategories[0];
      const products: Product[] = res.body.data.productDetails;
      expect(products.map((p) => p.name)).toEqual(sub.products.map((p) => p.name));
      products.forEach((p, i) => {
        expect(p).toMatchObject({
          _id: ids[sub.products[i].key],
          catalogue_id: ids['merv-10'],
          subcatalogue_id: merv10_1(),
          image_path: null,
        });
        expect(p.variants.map((v) => v.part_number)).toEqual(sub.products[i].variants.map((v) => v.part_number));
      });
      const variants = expectPrices(products, 'list');
      expect(variants.some((v) => v.odd_size)).toBe(true);
      const v = variants.find((x) => x.part_number === 'M10-16251')!;
      expect(v).toEqual({
        _id: expect.any(String),
        part_number: 'M10-16251',
        size: '16x25x1',
        actual_size: '15.5 x 24.5 x 0.75',
        depth: 1,
        odd_size: false,
        odd_size_type: '',
        min_area: null,
        max_area: null,
        out_of_stock: byPn.get('M10-16251')![0].out_of_stock,
        display_order: byPn.get('M10-16251')![0].display_order,
        customer_price: byPn.get('M10-16251')![0].list_price_cents / 100,
        list_price: byPn.get('M10-16251')![0].list_price_cents / 100,
        version: 1,
        // The efficiency rating the edit grid shows (superadmins only).
        merv: null,
        efficiency_class: null,
      });
      const odd = variants.find((x) => x.part_number === 'M10-OS-S1-04')!;
      expect(odd).toMatchObject({ odd_size: true, odd_size_type: 'SINGLE', min_area: 450, max_area: 600, size: '' });
    });

    it.each([
      ['admin of company A', 'adminA', A],
      ['employee of company A', 'empA', A],
      ['employee of company B', 'empB', B],
    ] as const)('%s: their company prices per product line, no list price, no odd sizes', async (_, who, company) => {
      const other = company === A ? B : A;
      for (const [node, categoryName] of [
        [merv10_1(), 'MERV 10'],
        [ids['merv-13-4in'], 'MERV 13'],
        [ids['rigid-flow'], 'Rigid Flow'],
        [ids['minipro'], 'Minipro'],
        [ids['polyroll'], 'Polyroll'],
        [ids['hepa'], 'HEPA'],
      ] as const) {
        const res = await as[who].request('GET', `catalogue/product/${node}`);
        expect(res.status).toBe(200);
        const text = JSON.stringify(res.body);
        expect(text).not.toMatch(/list_price|version|"odd_size":true/);
        const variants = expectPrices(res.body.data.productDetails, company);
        for (const v of variants) {
          const [dv] = byPn.get(v.part_number)!;
          expect(v.odd_size).toBe(false);
          expect(Object.keys(v).sort()).toEqual(
            [
              '_id',
              'part_number',
              'size',
              'actual_size',
              'depth',
              'odd_size',
              'odd_size_type',
              'min_area',
              'max_area',
              'out_of_stock',
              'display_order',
              'customer_price',
            ].sort(),
          );
          // Neither the list price nor the other company's price for this variant is sent.
          expect(v.customer_price).not.toBe(dv.list_price_cents / 100);
          expect(v.customer_price).not.toBe(companyPriceCents(dv.list_price_cents, categoryName, other) / 100);
        }
        // Every standard variant of the node is there.
        const expectedCount = [
          ...demo.categories.flatMap((c): (DemoCategory | DemoSubcategory)[] => [c, ...c.subcategories]),
        ]
          .filter((n) => ids[n.key] === node)
          .flatMap((n) =>
            'subcategories' in n ? [...n.subcategories.flatMap((s) => s.products), ...n.products] : n.products,
          )
          .flatMap((p) => p.variants)
          .filter((x) => !x.odd_size).length;
        expect(variants.length).toBe(expectedCount);
      }
    });

    it('a category id with sub-categories lists all its products', async () => {
      const res = await as.empA.request('GET', `catalogue/product/${ids['merv-10']}`);
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe('MERV 10');
      expect(res.body.data.productDetails.length).toBe(cat('MERV 10').subcategories.flatMap((s) => s.products).length);
    });
  });

  describe('GET catalogue/productNumber/{id}', () => {
    it('finds the product holding the part number, case-insensitively, with only that variant', async () => {
      const res = await as.empA.request('GET', `catalogue/productNumber/${merv10_1()}?partNumber=%20m10-16251%20`);
      expect(res.status).toBe(200);
      const sub = cat('MERV 10').subcategories[0];
      expect(res.body.data).toMatchObject({
        _id: ids[sub.products[0].key],
        name: sub.products[0].name,
        catalogue_id: ids['merv-10'],
      });
      expect(res.body.data.variants.map((v: Variant) => v.part_number)).toEqual(['M10-16251']);
      expectPrices([res.body.data], A);
      expect(JSON.stringify(res.body)).not.toMatch(/list_price|version/);
      // Also through the category id.
      expect(
        (await as.empA.request('GET', `catalogue/productNumber/${ids['merv-10']}?partNumber=M10-16251`)).status,
      ).toBe(200);
    });

    it('404 when the part number is under another category, unknown, or odd-size (non-superadmin)', async () => {
      for (const [node, pn, who] of [
        [ids['merv-13'], 'M10-16251', 'empA'],
        [merv10_1(), 'M10-16252', 'empA'],
        [merv10_1(), 'NOPE-1', 'empB'],
        [merv10_1(), 'M10-OS-S1-04', 'empB'],
        [merv10_1(), 'M10-16', 'empA'],
      ] as const) {
        const res = await as[who].request(
          'GET',
          `catalogue/productNumber/${node}?partNumber=${encodeURIComponent(pn)}`,
        );
        expect({ pn, status: res.status, body: res.body }).toEqual({
          pn,
          status: 404,
          body: { status: 404, message: CATALOGUE_MSG.productNotFound },
        });
      }
      const root = await as.root.request('GET', `catalogue/productNumber/${merv10_1()}?partNumber=M10-OS-S1-04`);
      expect(root.status).toBe(200);
      expect(root.body.data.variants[0]).toMatchObject({ part_number: 'M10-OS-S1-04', odd_size: true, version: 1 });
    });

    it("400 'Part number is required' when missing or blank", async () => {
      for (const q of ['', '?partNumber=', '?partNumber=%20%20']) {
        const res = await as.empA.request('GET', `catalogue/productNumber/${merv10_1()}${q}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Part number is required');
      }
    });
  });

  describe('GET catalogue/searchproduct/{id}', () => {
    const search = (who: keyof typeof as, node: string, w: string, h: string, d: string, action = 'not-exactly') =>
      as[who].request(
        'GET',
        `catalogue/searchproduct/${node}?width=${encodeURIComponent(w)}&height=${encodeURIComponent(h)}&depth=${encodeURIComponent(d)}&action=${action}`,
      );

    it("'20 1/2' x 24 x 1 finds odd-size variants, priced for the company", async () => {
      const res = await search('empA', merv10_1(), '20 1/2', '24', '1');
      expect(res.status).toBe(200);
      const products: Product[] = res.body.data;
      expect(products.length).toBe(cat('MERV 10').subcategories[0].products.length);
      expect(products[0]).toEqual({
        _id: ids[cat('MERV 10').subcategories[0].products[0].key],
        name: 'MERV 10 Pleated Filter 1"',
        catalogue_id: ids['merv-10'],
        variants: [expect.objectContaining({ part_number: 'M10-OS-S1-04', match: 'odd', odd_size: true })],
      });
      expectPrices(products, A);
      expect(JSON.stringify(res.body)).not.toMatch(/list_price|version/);
    });

    it('returns standard sizes too (width and height interchangeable), depth within tolerance', async () => {
      for (const [w, h] of [
        ['20', '25'],
        ['25', '20'],
      ]) {
        const res = await search('empB', merv10_1(), w, h, '1');
        const first: Product = res.body.data[0];
        expect(first.variants.map((v) => [v.part_number, v.match])).toEqual([
          ['M10-20251', 'standard'],
          ['M10-OS-S1-04', 'odd'], // 19.5 × 24.5 = 477.75
        ]);
        expectPrices(res.body.data, B);
      }
      // The MERV 10 category id searches all its sub-categories; depth 2 finds the 2" products only.
      const two = await search('empA', ids['merv-10'], '20', '25', '2');
      expect(two.body.data.flatMap((p: Product) => p.variants.map((v) => v.part_number))).toEqual(
        expect.arrayContaining(['M10-20252', 'M10D-20252']),
      );
      expect(
        two.body.data.every((p: Product) => p.variants.every((v) => byPn.get(v.part_number)![0].depth === 2)),
      ).toBe(true);
    });

    it('superadmin search results carry list_price and version', async () => {
      const res = await search('root', merv10_1(), '31', '40', '1');
      expect(res.status).toBe(200);
      const v = res.body.data[0].variants;
      expect(v.map((x: Variant) => x.part_number)).toEqual(['M10-OS-T1-02']);
      expect(v[0]).toMatchObject({ match: 'odd', version: 1, odd_size_type: 'TRIPLE' });
      expect(v[0].list_price).toBe(v[0].customer_price);
    });

    it('empty result is data [] (e.g. a category without odd sizes, or exact 30 x 30 x 2)', async () => {
      expect((await search('empA', ids['rigid-flow'], '13', '17', '1')).body).toEqual({ status: 200, data: [] });
      expect((await search('empA', merv10_1(), '30', '30', '2', 'exact-measurement')).body).toEqual({
        status: 200,
        data: [],
      });
    });

    it.each([
      [['abc', '24', '1'], CATALOGUE_MSG.dimensionsInvalid],
      [['20', '24', 'x'], 'Please enter valid numbers for all dimensions'],
      [['0.1', '24', '1'], 'All measurements must be at least 1/8″ (0.125″) due to the 1/8″ scale.'],
      [['20', '24', '0.1'], CATALOGUE_MSG.dimensionsTooSmall],
      [
        ['31', '31', '2'],
        'Both dimensions over 30" are only allowed for 1" filters. Please contact the office for custom options.',
      ],
      [['', '24', '1'], CATALOGUE_MSG.dimensionsRequired],
    ])('400 for %j: %s', async ([w, h, d], message) => {
      const res = await search('empA', merv10_1(), w, h, d);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 400, message });
    });

    it('400 for a missing depth or an unknown action; a missing action means not exact', async () => {
      const noDepth = await as.empA.request('GET', `catalogue/searchproduct/${merv10_1()}?width=20&height=24`);
      expect(noDepth.status).toBe(400);
      expect(noDepth.body.message).toBe(CATALOGUE_MSG.dimensionsRequired);
      expect((await search('empA', merv10_1(), '20', '24', '1', 'sideways')).status).toBe(400);
      const noAction = await as.empA.request('GET', `catalogue/searchproduct/${merv10_1()}?width=20&height=25&depth=1`);
      expect(noAction.body).toEqual((await search('empA', merv10_1(), '20', '25', '1')).body);
    });
  });
  describe('category product line (the key that picks the percentage)', () => {
    const rigid = () => ids['rigid-flow'];
    const merv10 = () => ids['merv-10'];
    /** part number → customer price, for the caller, under a node. */
    const prices = async (c: ApiClient, node: string) => {
      const res = await c.request('GET', `catalogue/product/${node}`);
      expect(res.status).toBe(200);
      return Object.fromEntries(
        (res.body.data.productDetails as Product[]).flatMap((p) =>
          p.variants.map((v) => [v.part_number, v.customer_price]),
        ),
      );
    };
    const snapshot = async () => {
      const out: Record<string, unknown> = {};
      for (const who of ['root', 'adminA', 'empA', 'empB'] as const) {
        for (const node of [rigid(), merv10()]) out[`${who}|${node}`] = await prices(as[who], node);
      }
      return out;
    };
    const rename = (id: string, name: string) =>
      api.db.query(`UPDATE categories SET name = $2 WHERE id = $1`, [id, name]);

    it('renaming a category keeps every price, even when another category takes a product-line name', async () => {
      const before = await snapshot();
      try {
        await rename(rigid(), 'Rigid Flow (legacy)');
        await rename(merv10(), 'Rigid Flow');
        expect(await snapshot()).toEqual(before);
        // Fresh bodies (the renamed node), not a cached copy from before the rename.
        expect((await as.empA.request('GET', `catalogue/product/${merv10()}`)).body.data.name).toBe('Rigid Flow');
      } finally {
        await rename(merv10(), 'MERV 10');
        await rename(rigid(), 'Rigid Flow');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('changing the product line reprices the category for every company, audited and shown to the superadmin', async () => {
      const listOf = (pn: string) => byPn.get(pn)![0].list_price_cents;
      const expectLine = async (categoryName: string) => {
        for (const [who, company] of [
          ['empA', A],
          ['empB', B],
        ] as const) {
          const got = await prices(as[who], rigid());
          expect(Object.keys(got).length).toBeGreaterThan(0);
          for (const [pn, price] of Object.entries(got)) {
            expect({ pn, price }).toEqual({ pn, price: companyPriceCents(listOf(pn), categoryName, company) / 100 });
          }
        }
      };
      const patch = (c: ApiClient, body: unknown, id = rigid()) => c.request('PATCH', `catalogue/category/${id}`, body);
      try {
        await expectLine('Rigid Flow');
        const res = await patch(as.root, { product_line: 'minipro' });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          status: 200,
          message: 'Category updated successfully',
          data: { _id: rigid(), name: 'Rigid Flow', product_line: 'minipro' },
        });
        await expectLine('Minipro');
        expect((await patch(as.root, { product_line: null })).status).toBe(200);
        await expectLine('MERV 10'); // general discount

        const shown = (await as.root.request('GET', 'catalogue?role=superadmin')).body.data;
        expect(shown.find((c: { _id: string }) => c._id === rigid())).toMatchObject({ product_line: null });
        expect(shown.find((c: { _id: string }) => c._id === merv10())).toMatchObject({ product_line: null });
        for (const c of (await as.empA.request('GET', 'catalogue')).body.data)
          expect(c).not.toHaveProperty('product_line');

        const audit: { action: string; actor_username: string; before: unknown; after: unknown }[] = await api.db.query(
          `SELECT action, actor_username, before, after FROM audit_log
            WHERE entity = 'category' AND entity_id = $1 ORDER BY created_at, id`,
          [rigid()],
        );
        expect(audit.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
          {
            action: 'category.updated',
            before: { name: 'Rigid Flow', product_line: 'rigidflow' },
            after: { product_line: 'minipro' },
          },
          {
            action: 'category.updated',
            before: { name: 'Rigid Flow', product_line: 'minipro' },
            after: { product_line: null },
          },
        ]);

        // Refused or invalid requests change nothing.
        expect((await patch(as.adminA, { product_line: 'polyroll' })).status).toBe(403);
        expect((await patch(as.empA, { product_line: 'polyroll' })).status).toBe(403);
        const bad = await patch(as.root, { product_line: 'Rigid Flow' });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(/^product_line must be one of: rigidflow, minipro, polyroll/);
        expect((await patch(as.root, {})).status).toBe(400);
        expect((await patch(as.root, { product_line: 'polyroll' }, 'nope')).body).toMatchObject({
          status: 400,
          message: 'Invalid catalogue ID',
        });
        expect((await patch(as.root, { product_line: 'polyroll' }, randomUUID())).status).toBe(404);
        await expectLine('MERV 10');
      } finally {
        await api.db.query(`UPDATE categories SET product_line = 'rigidflow' WHERE id = $1`, [rigid()]);
      }
      await expectLine('Rigid Flow');
    });

    it('a new category takes its product line from its name once', async () => {
      const [row]: { id: string; product_line: string | null }[] = await api.db.query(
        `INSERT INTO categories (name, display_order) VALUES ('Poly-Roll', 98) RETURNING id, product_line`,
      );
      try {
        expect(row.product_line).toBe('polyroll');
        await rename(row.id, 'Rolls');
        const [after]: { product_line: string | null }[] = await api.db.query(
          `SELECT product_line FROM categories WHERE id = $1`,
          [row.id],
        );
        expect(after.product_line).toBe('polyroll');
      } finally {
        await api.db.query(`DELETE FROM categories WHERE id = $1`, [row.id]);
      }
    });
  });
});
