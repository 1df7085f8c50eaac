import { companyPriceCents, editDistance, FIND_MSG, partKey, type CompanyPercentages } from '../../../libs/domain/src';
import { ApiClient, startTestApi, type TestApi } from '../../../test/api';
import { generateDemoCatalogue, seedTestCatalogue } from '../../../test/catalogue';
import type { DemoVariant } from '../../../scripts/src/catalogue/demo-parts';
import { FLOAT_TRAP_PERCENTAGES, seedTwoCompanies, type TwoCompanyUsers } from './support';

jest.setTimeout(90_000);

const { A, B } = FLOAT_TRAP_PERCENTAGES;

interface FindRow {
  variant_id: string;
  part_number: string;
  size: string;
  actual_size: string;
  depth: number;
  price: number;
  category: { _id: string; name: string };
  subcategory: { _id: string; name: string } | null;
  product: { _id: string; name: string };
  matched_via: string;
  alias: { alias: string; source: string; brand: string | null } | null;
}

const demo = generateDemoCatalogue();
const all: { v: DemoVariant; category: string; product: string }[] = demo.categories.flatMap((c) =>
  [...c.subcategories.flatMap((s) => s.products), ...c.products].flatMap((p) =>
    p.variants.map((v) => ({ v, category: c.name, product: p.name })),
  ),
);
/** A standard MERV 13 20x25x1 variant with a letter-dash-digits part number. */
const std = all.find((x) => x.category === 'MERV 13' && x.v.size === '20x25x1' && !x.v.odd_size)!;
const odd = all.find((x) => x.v.odd_size)!;

describe('GET catalogue/find', () => {
  let api: TestApi;
  let as: TwoCompanyUsers;

  const find = (who: ApiClient, q: string, extra = '') =>
    who.request('GET', `catalogue/find?q=${encodeURIComponent(q)}${extra}`);
  const rows = async (who: ApiClient, q: string): Promise<FindRow[]> => {
    const res = await find(who, q);
    expect(res.status).toBe(200);
    return res.body.data.list;
  };
  /** Gives the variant `partNumber` an alias, as the superadmin (must succeed). */
  const addAlias = async (partNumber: string, alias: { alias: string; source: string; brand?: string }) => {
    const [variant] = await api.db.query(`SELECT id FROM variants WHERE part_number = $1`, [partNumber]);
    expect((await as.root.request('POST', 'part-aliases', { ...alias, variantId: variant.id })).status).toBe(201);
  };

  beforeAll(async () => {
    api = await startTestApi();
    await seedTestCatalogue(api.db);
    ({ as } = await seedTwoCompanies(api, { percentages: FLOAT_TRAP_PERCENTAGES }));
  });
  afterAll(() => api?.close());

  it('finds a part number however it is written (case, spaces, - . / _, full-width digits)', async () => {
    const pn = std.v.part_number;
    const exact = await rows(as.empA, pn);
    expect(exact.map((r) => [r.part_number, r.matched_via])).toEqual([[pn, 'part_number']]);
    expect(await rows(as.empA, pn.toLowerCase())).toMatchObject([{ part_number: pn, matched_via: 'part_number' }]);
    const fullWidth = pn.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    for (const q of [
      pn.replace(/-/g, ' ').toLowerCase(),
      pn.replace(/-/g, '.'),
      pn.replace(/-/g, '/'),
      pn.replace(/-/g, '_'),
      pn.replace(/-/g, ''),
      ` ${pn.toLowerCase().split('').join(' ')} `,
      fullWidth,
    ]) {
      const found = await rows(as.empA, q);
      expect({ q, found: found.map((r) => [r.part_number, r.matched_via]) }).toEqual({
        q,
        found: [[pn, 'normalized']],
      });
    }
  });

  it('finds a nominal size written five ways, in either orientation', async () => {
    const ways = ['20x25x1', '20 x 25 x 1', '20×25×1', '20"x25"x1"', '20 x 25 x 1 in', '25x20x1'];
    const answers = await Promise.all(ways.map((q) => rows(as.empA, q)));
    const expected = all
      .filter((x) => !x.v.odd_size && /^(20x25|25x20)x1(\s|$)/.test(x.v.size) && x.v.depth === 1)
      .map((x) => x.v.part_number)
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    for (const [i, list] of answers.entries()) {
      expect({ q: ways[i], pns: list.map((r) => r.part_number).sort() }).toEqual({ q: ways[i], pns: expected });
      expect(list.every((r) => r.matched_via === 'size')).toBe(true);
    }
  });

  it('finds the nominal filter by its actual size (19.5 x 24.5 x 0.75 → 20x25x1)', async () => {
    const nominal = (await rows(as.empA, '20x25x1')).map((r) => r.part_number).sort();
    expect(nominal.length).toBeGreaterThan(1);
    for (const q of ['19.5 x 24.5 x 0.75', '24.5x19.5x0.75']) {
      const pns = (await rows(as.empA, q)).map((r) => r.part_number).sort();
      expect({ q, pns }).toEqual({ q, pns: nominal });
    }
    // A size that is neither nominal nor actual still finds nothing.
    expect(await rows(as.empA, '19.25 x 24.5 x 0.75')).toEqual([]);
  });

  it('narrows a size by words in the category or product name; words alone find nothing', async () => {
    const wide = await rows(as.empA, '20x25x1');
    const narrow = await rows(as.empA, '20x25x1 merv 13');
    expect(narrow.length).toBeGreaterThan(0);
    expect(narrow.length).toBeLessThan(wide.length);
    for (const r of narrow) {
      const text = `${r.category.name} ${r.subcategory?.name ?? ''} ${r.product.name}`.toLowerCase();
      expect(text).toContain('merv');
      expect(text).toContain('13');
    }
    const expected = wide.filter((r) =>
      ['merv', '13'].every((w) =>
        `${r.category.name} ${r.subcategory?.name ?? ''} ${r.product.name}`.toLowerCase().includes(w),
      ),
    );
    expect(narrow.map((r) => r.variant_id).sort()).toEqual(expected.map((r) => r.variant_id).sort());
    const words = await find(as.empA, 'merv 13');
    expect(words.status).toBe(200);
    expect(words.body.data).toMatchObject({ list: [], total: 0 });
  });

  it("prices every row at the caller's company price, exactly as the catalogue screen shows it", async () => {
    const checks: [ApiClient, CompanyPercentages | 'list'][] = [
      [as.empA, A],
      [as.empB, B],
      [as.root, 'list'],
    ];
    for (const q of ['20x25x1', '20x20x2', std.v.part_number]) {
      for (const [who, pct] of checks) {
        const found = await rows(who, q);
        expect(found.length).toBeGreaterThan(0);
        const screen = new Map<string, number>();
        for (const catId of new Set(found.map((r) => r.category._id))) {
          const page = await who.request('GET', `catalogue/product/${catId}`);
          expect(page.status).toBe(200);
          for (const p of page.body.data.productDetails) {
            for (const v of p.variants) screen.set(v._id, v.customer_price);
          }
        }
        for (const r of found) {
          expect({ pn: r.part_number, price: r.price }).toEqual({ pn: r.part_number, price: screen.get(r.variant_id) });
          const d = all.find((x) => x.v.part_number === r.part_number)!;
          const cents =
            pct === 'list' ? d.v.list_price_cents : companyPriceCents(d.v.list_price_cents, d.category, pct);
          expect(Math.round(r.price * 100)).toBe(cents);
        }
      }
    }
  });

  it('answers rows in the contract shape with the total', async () => {
    const res = await find(as.empA, '20x25x1', '&limit=2');
    expect(res.status).toBe(200);
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.total).toBeGreaterThan(2);
    const row: FindRow = res.body.data.list[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'variant_id',
        'part_number',
        'size',
        'actual_size',
        'depth',
        'price',
        'category',
        'subcategory',
        'product',
        'matched_via',
        'alias',
      ].sort(),
    );
    expect(row).not.toHaveProperty('list_price');
  });

  it('never shows odd-size variants, by part number or by alias', async () => {
    for (const who of [as.empA, as.root]) {
      expect(await rows(who, odd.v.part_number)).toEqual([]);
    }
    await addAlias(odd.v.part_number, { alias: 'ODDX-777', source: 'competitor' });
    for (const who of [as.empA, as.root]) expect(await rows(who, 'oddx 777')).toEqual([]);
  });

  it('finds our part by an alias and says which number matched', async () => {
    await addAlias(std.v.part_number, { alias: 'FLN-12345', source: 'competitor', brand: 'Filtron' });
    const found = await rows(as.empA, 'fln 12345');
    expect(found).toMatchObject([
      {
        part_number: std.v.part_number,
        matched_via: 'alias',
        alias: { alias: 'FLN-12345', source: 'competitor', brand: 'Filtron' },
      },
    ]);
    // The part-number look-up under its category finds it too, with matched_via.
    const catId = found[0].subcategory?._id ?? found[0].category._id;
    const pn = await as.empA.request('GET', `catalogue/productNumber/${catId}?partNumber=FLN.12345`);
    expect(pn.status).toBe(200);
    expect(pn.body.data).toMatchObject({ matched_via: 'alias', variants: [{ part_number: std.v.part_number }] });
  });

  it('keeps the part-number look-up contract and adds matched_via (exact and normalised)', async () => {
    const found = await rows(as.empA, std.v.part_number);
    const catId = found[0].category._id;
    const exact = await as.empA.request('GET', `catalogue/productNumber/${catId}?partNumber=${std.v.part_number}`);
    expect(exact.status).toBe(200);
    expect(exact.body.data).toMatchObject({
      _id: found[0].product._id,
      name: found[0].product.name,
      matched_via: 'part_number',
      variants: [{ part_number: std.v.part_number, customer_price: found[0].price }],
    });
    const spaced = std.v.part_number.replace(/-/g, ' ').toLowerCase();
    const norm = await as.empA.request(
      'GET',
      `catalogue/productNumber/${catId}?partNumber=${encodeURIComponent(spaced)}`,
    );
    expect(norm.status).toBe(200);
    expect(norm.body.data).toMatchObject({ matched_via: 'normalized', variants: [{ part_number: std.v.part_number }] });
    const none = await as.empA.request('GET', `catalogue/productNumber/${catId}?partNumber=NOPE-0000`);
    expect(none.status).toBe(404);
  });

  it('offers did_you_mean for a part number one edit away, and never substitutes it', async () => {
    const pn = std.v.part_number;
    for (const typo of [`${pn}9`, pn.slice(0, -1), `${pn.slice(0, -1)}Q`]) {
      const res = await find(as.empA, typo);
      expect(res.status).toBe(200);
      expect(res.body.data.list).toEqual([]);
      expect(res.body.data.total).toBe(0);
      expect(typeof res.body.data.did_you_mean).toBe('string');
      expect(editDistance(partKey(res.body.data.did_you_mean), partKey(typo))).toBe(1);
    }
    const far = await find(as.empA, 'ZZZZ-99999999');
    expect(far.body.data).not.toHaveProperty('did_you_mean');
    // Odd-size parts are not offered either.
    const oddTypo = await find(as.empA, `${odd.v.part_number}9`);
    expect(oddTypo.body.data.did_you_mean ?? '').not.toBe(odd.v.part_number);
  });

  it('refuses bad input with a 400 naming the field, and anonymous callers with 401', async () => {
    const noQ = await as.empA.request('GET', 'catalogue/find');
    expect(noQ.status).toBe(400);
    expect(noQ.body.message).toBe(FIND_MSG.qRequired);
    const long = await find(as.empA, 'x'.repeat(65));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(FIND_MSG.qTooLong);
    for (const limit of ['0', '51', 'abc', '1.5']) {
      const res = await find(as.empA, '20x25x1', `&limit=${limit}`);
      expect({ limit, status: res.status, message: res.body.message }).toEqual({
        limit,
        status: 400,
        message: FIND_MSG.limitInvalid,
      });
    }
    const anon = await find(new ApiClient(api), '20x25x1');
    expect(anon.status).toBe(401);
  });

  it('answers admins and employees of each company at their own prices (tenancy)', async () => {
    const a = await rows(as.adminA, std.v.part_number);
    const b = await rows(as.empB, std.v.part_number);
    expect(a[0].price).toBe(companyPriceCents(std.v.list_price_cents, std.category, A) / 100);
    expect(b[0].price).toBe(companyPriceCents(std.v.list_price_cents, std.category, B) / 100);
    expect(a[0].price).not.toBe(b[0].price);
  });
});
