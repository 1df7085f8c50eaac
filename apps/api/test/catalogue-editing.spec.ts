import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { signInAll } from './support';

const NOT_AUTHORIZED = 'You are not authorized to perform this action.';
const CONFLICT = 'Some rows were changed by someone else. Reload to see their changes or overwrite them.';

interface Seed {
  category: string;
  subcategory: string;
  product: string;
  other: string;
  variants: string[];
}

/** One category → sub-category → product with 3 variants, plus a second product holding 'TAKEN-1'. */
async function seed(api: TestApi): Promise<Seed> {
  const [{ id: category }] = await api.db.query(`INSERT INTO categories (name) VALUES ('MERV 13') RETURNING id`);
  const [{ id: subcategory }] = await api.db.query(
    `INSERT INTO subcategories (category_id, name) VALUES ($1, '1 inch') RETURNING id`,
    [category],
  );
  const [{ id: product }] = await api.db.query(
    `INSERT INTO products (category_id, subcategory_id, name) VALUES ($1, $2, 'Pleated 1"') RETURNING id`,
    [category, subcategory],
  );
  const [{ id: other }] = await api.db.query(
    `INSERT INTO products (category_id, subcategory_id, name) VALUES ($1, $2, 'Other') RETURNING id`,
    [category, subcategory],
  );
  const rows: { id: string }[] = await api.db.query(
    `INSERT INTO variants (product_id, part_number, size, actual_size, depth, list_price_cents, display_order)
     VALUES ($1, 'P-1', '16x25x1', '15.5x24.5x0.75', 1, 1000, 1),
            ($1, 'P-2', '20x20x1', '19.5x19.5x0.75', 1, 2000, 2),
            ($1, 'P-3', '20x25x1', '19.5x24.5x0.75', 1, 3000, 3)
     RETURNING id`,
    [product],
  );
  await api.db.query(
    `INSERT INTO variants (product_id, part_number, size, depth, list_price_cents) VALUES ($1, 'TAKEN-1', '10x10x1', 1, 500)`,
    [other],
  );
  return { category, subcategory, product, other, variants: rows.map((r) => r.id) };
}

type Row = Record<string, any>;

describe('catalogue editing API (mutations, atomic save, versions, price history)', () => {
  let api: TestApi;
  let s: Seed;
  const as: Record<'root' | 'admin' | 'emp', ApiClient> = {} as never;

  const snapshot = () =>
    api.db.query(`SELECT id, part_number, size, list_price_cents, display_order, version FROM variants ORDER BY id`);
  const current = async (): Promise<Row[]> => {
    const rows: Row[] = await api.db.query(
      `SELECT id AS "_id", part_number, size, actual_size, depth::float8 AS depth, odd_size, coalesce(odd_size_type, '') AS odd_size_type,
              min_area::float8 AS min_area, max_area::float8 AS max_area, out_of_stock, list_price_cents, display_order, version
         FROM variants WHERE product_id = $1 ORDER BY display_order`,
      [s.product],
    );
    return rows.map(({ list_price_cents, ...r }) => ({ ...r, list_price: Number(list_price_cents) / 100 }));
  };
  const save = (body: unknown, who: ApiClient = as.root) =>
    who.request('PUT', `catalogue/product/${s.product}/variants`, body);

  beforeAll(async () => {
    api = await startTestApi();
    const company = await createCompany(api.db);
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: company });
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: company });
    Object.assign(as, await signInAll(api, { root: 'root@example.com', admin: 'admin@acme.com', emp: 'emp@acme.com' }));
    s = await seed(api);
  });
  afterAll(() => api.close());

  it('refuses every mutation to admins and employees (403, nothing changes) and to anonymous callers (401)', async () => {
    const before = await snapshot();
    const v = s.variants[0];
    const calls: [string, string, unknown][] = [
      ['PUT', `catalogue/product/${s.product}/variants`, { variants: [] }],
      ['PATCH', `catalogue/${s.product}/variant/${v}`, { part_number: 'X' }],
      ['PATCH', `catalogue/appendvarient/${s.product}`, { variants: [{ part_number: 'NEW-X', size: '1x1x1' }] }],
      ['DELETE', `catalogue/${s.product}/variant/${v}`, undefined],
      ['POST', 'catalogue/product', { name: 'X', catalogue_id: s.category, variants: [{ part_number: 'DEFAULT_PN' }] }],
      ['DELETE', `catalogue/product/${s.product}`, undefined],
      ['PATCH', `catalogue/upload/file/${s.product}`, undefined],
      ['PATCH', `catalogue/deletefile/${v}`, undefined],
      ['GET', `catalogue/variant/${v}/price-history`, undefined],
    ];
    for (const who of [as.admin, as.emp]) {
      for (const [method, path, body] of calls) {
        const res = await who.request(method, path, body);
        expect({ path, status: res.status, message: res.body.message }).toEqual({
          path,
          status: 403,
          message: NOT_AUTHORIZED,
        });
      }
    }
    const anon = new ApiClient(api);
    for (const [method, path, body] of calls) {
      expect((await anon.request(method, path, body)).status).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('atomic save: edits, new_ rows, deletes and the new order in one call; versions bump; list prices recorded', async () => {
    const rows = await current();
    const [p1, p2, p3] = rows;
    const res = await save({
      variants: [
        { ...p3, list_price: 31.5 }, // moved to the top, price changed
        {
          _id: 'new_1',
          part_number: 'P-NEW',
          size: '12x12x1',
          actual_size: '',
          depth: 1,
          odd_size: false,
          odd_size_type: '',
          min_area: null,
          max_area: null,
          out_of_stock: false,
          list_price: 7.25,
        },
        { ...p1, size: '16x25x1 ' },
        {
          _id: 'new_2',
          part_number: 'P-ODD',
          size: '',
          actual_size: '',
          depth: 1,
          odd_size: true,
          odd_size_type: 'DOUBLE',
          min_area: 100,
          max_area: 900,
          out_of_stock: true,
          list_price: 99.99,
        },
      ],
      deleted: [{ _id: p2._id, version: p2.version }],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('All changes saved successfully');
    expect(res.body.data._id).toBe(s.product);
    const out: Row[] = res.body.data.variants;
    expect(out.map((v) => [v.part_number, v.display_order])).toEqual([
      ['P-3', 1],
      ['P-NEW', 2],
      ['P-1', 3],
      ['P-ODD', 4],
    ]);
    expect(out[0]).toMatchObject({ _id: p3._id, list_price: 31.5, version: p3.version + 1 });
    expect(out[1]._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(out[1]).toMatchObject({ list_price: 7.25, version: 1, odd_size: false, odd_size_type: '' });
    expect(out[2]).toMatchObject({ _id: p1._id, size: '16x25x1', version: p1.version + 1 }); // reordered → changed
    expect(out[3]).toMatchObject({
      odd_size: true,
      odd_size_type: 'DOUBLE',
      min_area: 100,
      max_area: 900,
      size: '',
      out_of_stock: true,
    });
    expect(await api.db.query(`SELECT 1 FROM variants WHERE id = $1`, [p2._id])).toHaveLength(0);

    const history = await as.root.request('GET', `catalogue/variant/${p3._id}/price-history`);
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ old_price: 30, new_price: 31.5, changed_by: 'Root' });
    expect(Date.parse(history.body.data[0].changed_at)).toBeGreaterThan(Date.now() - 60_000);
    // unchanged price → no history row; new rows record their first price
    expect((await as.root.request('GET', `catalogue/variant/${p1._id}/price-history`)).body.data).toEqual([]);
    expect((await as.root.request('GET', `catalogue/variant/${out[1]._id}/price-history`)).body.data).toEqual([
      expect.objectContaining({ old_price: null, new_price: 7.25 }),
    ]);
    // the outbox carries the save event for the notification worker, without prices
    const events: { payload: Row }[] = await api.db.query(
      `SELECT payload FROM outbox WHERE type = 'catalogue.variants_saved'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      productId: s.product,
      added: 2,
      updated: 2,
      deleted: 1,
      priceChanges: 3,
    });
    expect(JSON.stringify(events[0].payload)).not.toMatch(/31\.5|3150/);
  });

  it('saving the same rows again changes nothing and bumps no version', async () => {
    const rows = await current();
    const res = await save({ variants: rows });
    expect(res.status).toBe(200);
    expect(res.body.data.variants.map((v: Row) => v.version)).toEqual(rows.map((r) => r.version));
  });

  it('rolls back entirely when any row is invalid, with per-row messages', async () => {
    const before = await snapshot();
    const rows = await current();
    const res = await save({
      variants: [
        { ...rows[0], list_price: 1 }, // valid change, must not be applied
        { ...rows[1], part_number: '  ' },
        { ...rows[2], odd_size: true, size: '16x25x1', odd_size_type: '' },
        { ...rows[3], min_area: 900, max_area: 100, depth: -1 },
        {
          _id: 'new_9',
          part_number: 'Q-1',
          size: '',
          odd_size: false,
          odd_size_type: 'SINGLE',
          min_area: 5,
          list_price: 'abc',
        },
        { _id: 'new_10', part_number: 'q-1', size: '1x1x1', list_price: 1 },
      ],
      deleted: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fix the highlighted rows.');
    expect(res.body.errors).toEqual({
      '1.part_number': 'Part number is required',
      '2.size': 'Size must be empty for an odd-size variant',
      '2.actual_size': 'Actual size must be empty for an odd-size variant',
      '2.odd_size_type': 'Odd-size type is required (SINGLE, DOUBLE or TRIPLE)',
      '3.depth': 'Must be 0 or more',
      '3.min_area': 'Min area must not exceed max area',
      '4.size': 'Size is required unless the variant is odd-size',
      '4.odd_size_type': 'Odd-size type must be empty unless the variant is odd-size',
      '4.min_area': 'Area must be empty unless the variant is odd-size',
      '4.list_price': 'List price must be an amount of 0 or more with at most 2 decimals',
      '4.part_number': 'Part number is used by another row',
      '5.part_number': 'Part number is used by another row',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a part number used elsewhere in the catalogue (any case) and changes nothing', async () => {
    const before = await snapshot();
    const rows = await current();
    const res = await save({
      variants: [{ ...rows[0], size: '99x99x1' }, { ...rows[1], part_number: 'taken-1' }, ...rows.slice(2)],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ '1.part_number': 'Part number already exists in the catalogue' });
    expect(await snapshot()).toEqual(before);
  });

  it('swapping two part numbers inside one save works', async () => {
    const rows = await current();
    const res = await save({
      variants: [
        { ...rows[0], part_number: rows[1].part_number },
        { ...rows[1], part_number: rows[0].part_number },
        ...rows.slice(2),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.variants.slice(0, 2).map((v: Row) => v.part_number)).toEqual([
      rows[1].part_number,
      rows[0].part_number,
    ]);
  });

  it('409 on stale versions naming the rows with their current values; force overwrites', async () => {
    const stale = await current();
    // someone else edits row 0 and deletes nothing
    const other = await save({ variants: [{ ...stale[0], list_price: 55 }, ...stale.slice(1)] });
    expect(other.status).toBe(200);
    const before = await snapshot();
    const res = await save({
      variants: [{ ...stale[0], size: '18x24x1' }, ...stale.slice(1, 3)],
      deleted: [{ _id: stale[3]._id, version: stale[3].version }],
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: 409,
      message: CONFLICT,
      conflicts: [
        {
          _id: stale[0]._id,
          part_number: stale[0].part_number,
          current: expect.objectContaining({ _id: stale[0]._id, list_price: 55, version: stale[0].version + 1 }),
        },
      ],
    });
    expect(await snapshot()).toEqual(before);

    const forced = await save({
      variants: [{ ...stale[0], size: '18x24x1' }, ...stale.slice(1, 3)],
      deleted: [{ _id: stale[3]._id, version: stale[3].version }],
      force: true,
    });
    expect(forced.status).toBe(200);
    expect(forced.body.data.variants).toHaveLength(3);
    expect(forced.body.data.variants[0]).toMatchObject({ size: '18x24x1', list_price: stale[0].list_price });
  });

  it('existing rows need a version; a deleted row changed meanwhile is a conflict', async () => {
    const rows = await current();
    const { version: _v, ...noVersion } = rows[0];
    const res = await save({ variants: [noVersion, ...rows.slice(1)] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ '0.version': 'Version is required for an existing row' });
    const del = await save({ variants: rows.slice(1), deleted: [{ _id: rows[0]._id, version: rows[0].version - 1 }] });
    expect(del.status).toBe(409);
    expect(del.body.conflicts.map((c: Row) => c._id)).toEqual([rows[0]._id]);
  });

  it('unknown product → 404, malformed id → 400, malformed body → 400', async () => {
    expect((await as.root.request('PUT', `catalogue/product/${s.variants[0]}/variants`, { variants: [] })).status).toBe(
      404,
    );
    expect((await as.root.request('PUT', `catalogue/product/nope/variants`, { variants: [] })).status).toBe(400);
    expect((await save({ variants: 'x' })).status).toBe(400);
  });

  it('MERV and efficiency class: saved from the grid and audited; MERV 17 → 400 naming the field, nothing written; a row without them keeps them', async () => {
    const rows = await current();
    const bad = await save({ variants: rows.map((r, i) => (i === 0 ? { ...r, merv: 17 } : r)), deleted: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ '0.merv': 'MERV must be a whole number from 1 to 16' });
    const long = await save({
      variants: rows.map((r, i) => (i === 1 ? { ...r, efficiency_class: 'x'.repeat(41) } : r)),
      deleted: [],
    });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ '1.efficiency_class': 'Efficiency class must be at most 40 characters' });
    expect((await api.db.query(`SELECT count(*)::int AS n FROM variants WHERE merv IS NOT NULL`))[0].n).toBe(0);

    const ok = await save({
      variants: rows.map((r, i) => (i === 0 ? { ...r, merv: 13, efficiency_class: 'ePM1 50%' } : r)),
      deleted: [],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.variants[0]).toMatchObject({ _id: rows[0]._id, merv: 13, efficiency_class: 'ePM1 50%' });
    const [audit] = await api.db.query(
      `SELECT before, after FROM audit_log WHERE entity = 'variant' AND entity_id = $1 AND action = 'variant.updated'
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [rows[0]._id],
    );
    expect(audit).toEqual({
      before: { merv: null, efficiency_class: null },
      after: { merv: 13, efficiency_class: 'ePM1 50%' },
    });
    // An older client's row without the two fields keeps the stored rating.
    const fresh = await current();
    const kept = await save({ variants: fresh.map((r, i) => (i === 0 ? { ...r, size: '16x25x2' } : r)), deleted: [] });
    expect(kept.status).toBe(200);
    expect(kept.body.data.variants[0]).toMatchObject({ size: '16x25x2', merv: 13, efficiency_class: 'ePM1 50%' });
    // Clearing them in the grid writes null.
    const cleared = await save({
      variants: (await current()).map((r, i) => (i === 0 ? { ...r, merv: null, efficiency_class: '' } : r)),
      deleted: [],
    });
    expect(cleared.body.data.variants[0]).toMatchObject({ merv: null, efficiency_class: null });
  });

  describe("the original client's calls", () => {
    it('POST catalogue/product adds a product with a unique DEFAULT_PN variant (201), under a sub-category or category', async () => {
      const res = await as.root.request('POST', 'catalogue/product', {
        name: 'New filter',
        catalogue_id: s.subcategory,
        variants: [{ part_number: 'DEFAULT_PN' }],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 201, message: 'Product added successfully' });
      expect(res.body.data).toMatchObject({
        name: 'New filter',
        catalogue_id: s.category,
        subcatalogue_id: s.subcategory,
      });
      expect(res.body.data.variants).toHaveLength(1);
      expect(res.body.data.variants[0].part_number).toBe(`DEFAULT_PN-${res.body.data._id.slice(0, 8)}`);
      const again = await as.root.request('POST', 'catalogue/product', {
        name: 'Second',
        catalogue_id: s.category,
        variants: [{ part_number: 'DEFAULT_PN' }],
      });
      expect(again.status).toBe(201);
      expect(again.body.data.subcatalogue_id).toBeNull();
      const missing = await as.root.request('POST', 'catalogue/product', {
        name: '  ',
        catalogue_id: s.category,
        variants: [],
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Product name is required');
      const unknown = await as.root.request('POST', 'catalogue/product', {
        name: 'X',
        catalogue_id: s.variants[0],
        variants: [],
      });
      expect(unknown.status).toBe(404);
    });

    it('PATCH variant, appendvarient (201), DELETE variant, DELETE product', async () => {
      const [{ id: productId }] = await api.db.query(
        `INSERT INTO products (category_id, name) VALUES ($1, 'Spec calls') RETURNING id`,
        [s.category],
      );
      const add = await as.root.request('PATCH', `catalogue/appendvarient/${productId}`, {
        variants: [
          {
            part_number: 'SC-1',
            size: '10x20x1',
            actual_size: '9.5x19.5x0.75',
            depth: 1,
            odd_size: false,
            out_of_stock: false,
            customer_price: 12.5,
          },
          {
            part_number: 'SC-2',
            size: '',
            odd_size: true,
            odd_size_type: 'SINGLE',
            min_area: 0,
            max_area: 400,
            depth: 2,
          },
        ],
      });
      expect(add.status).toBe(201);
      const [v1, v2] = add.body.data.variants;
      expect(v1).toMatchObject({ part_number: 'SC-1', list_price: 12.5, display_order: 1 });
      expect(v2).toMatchObject({ part_number: 'SC-2', odd_size: true, display_order: 2, list_price: 0 });

      const dup = await as.root.request('PATCH', `catalogue/appendvarient/${productId}`, {
        variants: [{ part_number: 'p-1', size: '1x1x1' }],
      });
      expect(dup.status).toBe(400);

      const patch = await as.root.request('PATCH', `catalogue/${productId}/variant/${v1._id}`, {
        ...v1,
        list_price: 13,
        out_of_stock: true,
      });
      expect(patch.status).toBe(200);
      expect(patch.body.data).toMatchObject({ list_price: 13, out_of_stock: true, version: 2 });
      const stale = await as.root.request('PATCH', `catalogue/${productId}/variant/${v1._id}`, {
        ...v1,
        list_price: 14,
      });
      expect(stale.status).toBe(409);
      const bad = await as.root.request('PATCH', `catalogue/${productId}/variant/${v1._id}`, {
        part_number: 'SC-1',
        odd_size: true,
        size: '1x1',
      });
      expect(bad.status).toBe(400);
      // a variant of another product is not found under this product
      expect(
        (await as.root.request('PATCH', `catalogue/${productId}/variant/${s.variants[0]}`, { part_number: 'Z' }))
          .status,
      ).toBe(404);

      expect((await as.root.request('DELETE', `catalogue/${productId}/variant/${v2._id}`)).status).toBe(200);
      expect((await as.root.request('DELETE', `catalogue/${productId}/variant/${v2._id}`)).status).toBe(404);

      const del = await as.root.request('DELETE', `catalogue/product/${productId}`);
      expect(del.status).toBe(200);
      expect(del.body.message).toBe('Product removed successfully');
      expect(await api.db.query(`SELECT 1 FROM variants WHERE product_id = $1`, [productId])).toHaveLength(0);
      expect((await as.root.request('DELETE', `catalogue/product/${productId}`)).status).toBe(404);
      const types: { type: string }[] = await api.db.query(
        `SELECT DISTINCT type FROM outbox WHERE type LIKE 'catalogue.%' ORDER BY type`,
      );
      expect(types.map((t) => t.type)).toEqual([
        'catalogue.product_added',
        'catalogue.product_deleted',
        'catalogue.variants_saved',
      ]);
    });
  });
});
