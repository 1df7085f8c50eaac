import fs from 'node:fs/promises';
import sharp from 'sharp';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { signInAll } from './support';

const PW = 'Passw0rd!23';
const DISAGREE =
  'customer_price and list_price disagree and both differ from the stored price. Send the new list price in one of them (customer_price), or the same amount in both.';
const CONTROL = (label: string) => `${label} must not contain line breaks, tabs or invisible control characters`;
const FILE_NAME_CONTROL = 'File names must not contain line breaks, tabs or invisible control characters';

type Row = Record<string, any>;

/**
 * Bad input that must be refused at the edge with a 400 naming the field (never a 500, never a
 * silent 200): variant prices and numbers, control characters in names, uploads; and the company
 * detail that serves both readings of `data`.
 */
describe('input edges: variant price fields and ranges, names, uploads, company detail', () => {
  let api: TestApi;
  let acme: string;
  let product: string;
  let category: string;
  const as: Record<'root' | 'admin' | 'emp', ApiClient> = {} as never;
  const filesDir = `/tmp/portal-test-edges-${process.pid}`;
  let seq = 0;

  /** A fresh variant (list price $10.00) on the shared product; returns its superadmin row. */
  async function variant(): Promise<Row> {
    const pn = `EDGE-${++seq}`;
    await api.db.query(
      `INSERT INTO variants (product_id, part_number, size, actual_size, depth, list_price_cents, display_order)
       VALUES ($1, $2, '16x25x1', '15.5x24.5x0.75', 1, 1000, $3)`,
      [product, pn, seq],
    );
    // Exactly what the superadmin's catalogue view returns for it (list_price, customer_price, version).
    const res = await as.root.request('GET', `catalogue/product/${category}?role=superadmin`);
    const rows: Row[] = res.body.data.productDetails.flatMap((p: Row) => p.variants);
    return rows.find((v) => v.part_number === pn)!;
  }
  const stored = async (id: string) =>
    (
      await api.db.query(
        `SELECT list_price_cents::int AS cents, display_order, depth::text AS depth, version FROM variants WHERE id = $1`,
        [id],
      )
    )[0];
  const patch = (v: Row, body: unknown) => as.root.request('PATCH', `catalogue/${product}/variant/${v._id}`, body);

  async function multipart(
    who: ApiClient,
    path: string,
    parts: { field: string; name: string; data: Buffer; type: string }[],
  ) {
    const csrf = await who.refreshCsrf();
    // Built by hand: FormData would percent-escape some control characters in file names.
    const boundary = `----edge${Date.now()}`;
    const chunks: Buffer[] = [];
    for (const p of parts) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
          'utf8',
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const res = await fetch(`${api.baseUrl}/api/${path}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${who.token}`,
        'x-xsrf-token': csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat(chunks),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  beforeAll(async () => {
    api = await startTestApi({ FILES_DIR: filesDir });
    acme = await createCompany(api.db, 'Acme Air');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: acme });
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: acme });
    Object.assign(as, await signInAll(api, { root: 'root@example.com', admin: 'admin@acme.com', emp: 'emp@acme.com' }));
    [{ id: category }] = await api.db.query(`INSERT INTO categories (name) VALUES ('MERV 13') RETURNING id`);
    [{ id: product }] = await api.db.query(
      `INSERT INTO products (category_id, name) VALUES ($1, 'Pleated') RETURNING id`,
      [category],
    );
  });
  afterAll(async () => {
    await api.close();
    await fs.rm(filesDir, { recursive: true, force: true });
  });

  describe('superadmin price edits: customer_price is honoured, nothing is silently ignored', () => {
    it('PATCH variant: a fetched row sent back with customer_price edited applies it (and records the history)', async () => {
      const v = await variant();
      expect(v).toMatchObject({ list_price: 10, customer_price: 10 });
      const res = await patch(v, { ...v, customer_price: 12.34 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ list_price: 12.34, customer_price: 12.34, version: v.version + 1 });
      expect((await stored(v._id)).cents).toBe(1234);
      const history = await as.root.request('GET', `catalogue/variant/${v._id}/price-history`);
      expect(history.body.data[0]).toMatchObject({ old_price: 10, new_price: 12.34 });
    });

    it('PATCH variant: the editor’s list_price edit with a stale customer_price applies list_price', async () => {
      const v = await variant();
      const res = await patch(v, { ...v, list_price: 15 });
      expect(res.status).toBe(200);
      expect((await stored(v._id)).cents).toBe(1500);
    });

    it('PATCH variant: customer_price alone (the spec client) is applied', async () => {
      const v = await variant();
      const { list_price: _drop, ...spec } = v;
      const res = await patch(v, { ...spec, customer_price: '8.50' });
      expect(res.status).toBe(200);
      expect((await stored(v._id)).cents).toBe(850);
    });

    it('PATCH variant: both prices changed to different amounts → 400 naming both fields, nothing changes', async () => {
      const v = await variant();
      const res = await patch(v, { ...v, customer_price: 11, list_price: 12 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 400,
        message: DISAGREE,
        errors: { customer_price: DISAGREE, list_price: DISAGREE },
      });
      expect(await stored(v._id)).toMatchObject({ cents: 1000, version: v.version });
    });

    it('PATCH variant: unknown fields and another variant’s _id → 400 naming them, nothing changes', async () => {
      const v = await variant();
      const other = await variant();
      const unknown = await patch(v, { ...v, price: 99, productId: product });
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.body.errors).sort()).toEqual(['price', 'productId']);
      expect(unknown.body.message).toContain('price, productId');
      const wrongId = await patch(v, { ...v, _id: other._id, customer_price: 20 });
      expect(wrongId.status).toBe(400);
      expect(wrongId.body.errors).toEqual({ _id: '_id in the body is not the variant in the address' });
      expect(await stored(v._id)).toMatchObject({ cents: 1000, version: v.version });
    });

    it('appendvarient: customer_price applied; disagreeing prices, an existing _id or unknown fields → 400', async () => {
      const add = (variants: Row[]) => as.root.request('PATCH', `catalogue/appendvarient/${product}`, { variants });
      const base = { size: '20x20x1', actual_size: '19.5x19.5x0.75', depth: 1 };
      const ok = await add([{ ...base, part_number: 'APP-1', customer_price: 7.5, display_order: 500 }]);
      expect(ok.status).toBe(201);
      expect(ok.body.data.variants.find((r: Row) => r.part_number === 'APP-1')).toMatchObject({
        list_price: 7.5,
        display_order: 500,
      });
      const before = await api.db.query(`SELECT count(*)::int AS n FROM variants`);
      const both = await add([{ ...base, part_number: 'APP-2', customer_price: 7.5, list_price: 8 }]);
      expect(both.status).toBe(400);
      expect(both.body.errors).toEqual({ '0.customer_price': DISAGREE, '0.list_price': DISAGREE });
      const withId = await add([{ ...base, part_number: 'APP-3', _id: (await variant())._id, list_price: 1 }]);
      expect(withId.status).toBe(400);
      expect(Object.keys(withId.body.errors)).toEqual(['0._id']);
      const unknown = await add([{ ...base, part_number: 'APP-4', list_price: 1, colour: 'blue' }]);
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.body.errors)).toEqual(['0.colour']);
      expect(await api.db.query(`SELECT count(*)::int AS n FROM variants`)).toEqual([
        { n: before[0].n + 1 }, // only the variant() made for the _id case
      ]);
    });

    it('grid save: the edited price field wins; both changed → 400 on that row; unknown fields → 400', async () => {
      const v = await variant();
      const rows = async () => {
        const [r] = await api.db.query(`SELECT version FROM variants WHERE id = $1`, [v._id]);
        return { ...v, version: r.version };
      };
      const save = (variants: Row[]) =>
        as.root.request('PUT', `catalogue/product/${product}/variants`, { variants, deleted: [] });
      const all = async (): Promise<Row[]> => {
        const list: Row[] = await api.db.query(
          `SELECT id AS "_id", part_number, size, actual_size, depth::float8 AS depth, odd_size, out_of_stock, version,
                  list_price_cents FROM variants WHERE product_id = $1 ORDER BY display_order, id`,
          [product],
        );
        return list.map(({ list_price_cents, ...r }) => ({ ...r, list_price: Number(list_price_cents) / 100 }));
      };
      const others = async () => (await all()).filter((r) => r._id !== v._id);

      let res = await save([{ ...(await rows()), customer_price: 21 }, ...(await others())]);
      expect(res.status).toBe(200);
      expect((await stored(v._id)).cents).toBe(2100);

      const fp = await api.db.query(`SELECT id, list_price_cents, version FROM variants ORDER BY id`);
      res = await save([{ ...(await rows()), list_price: 1, customer_price: 2 }, ...(await others())]);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ '0.customer_price': DISAGREE, '0.list_price': DISAGREE });
      res = await save([{ ...(await rows()), list_price: 21, selected: true }, ...(await others())]);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['0.selected']);
      expect(await api.db.query(`SELECT id, list_price_cents, version FROM variants ORDER BY id`)).toEqual(fp);
    });
  });

  describe('numeric ranges at the edge (400 naming the field, never 500, never silently rounded)', () => {
    it.each([
      ['display_order', 2147483648, 'display_order must be a whole number from 0 to 2147483647'],
      ['display_order', 1.5, 'display_order must be a whole number from 0 to 2147483647'],
      ['display_order', -1, 'display_order must be a whole number from 0 to 2147483647'],
      ['display_order', '12abc', 'display_order must be a whole number from 0 to 2147483647'],
      ['depth', 2 ** 63, 'Depth must be a number from 0 to 100 with at most 4 decimals'],
      ['depth', '9223372036854775808', 'Depth must be a number from 0 to 100 with at most 4 decimals'],
      ['depth', 1e-7, 'Depth must be a number from 0 to 100 with at most 4 decimals'],
      ['depth', '1.123456', 'Depth must be a number from 0 to 100 with at most 4 decimals'],
      ['version', 1.5, 'version must be a whole number from 1 to 2147483647'],
      ['version', 2 ** 31, 'version must be a whole number from 1 to 2147483647'],
      ['customer_price', 1e20, 'List price must be an amount of 0 or more with at most 2 decimals'],
    ])('PATCH variant %s = %p → 400', async (field, value, message) => {
      const v = await variant();
      const res = await patch(v, { ...v, list_price: undefined, [field]: value });
      expect({ status: res.status, message: res.body.message, error: res.body.errors?.[field] }).toEqual({
        status: 400,
        message,
        error: message,
      });
      expect(await stored(v._id)).toMatchObject({ cents: 1000, version: v.version, depth: '1' });
    });

    it('odd-size areas past their bound → 400; the largest valid values are stored exactly', async () => {
      const v = await variant();
      const odd = { ...v, size: '', actual_size: '', odd_size: true, odd_size_type: 'SINGLE', min_area: 0 };
      const tooBig = await patch(v, { ...odd, max_area: 1e12 });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.errors).toEqual({
        max_area: 'Area must be a number from 0 to 1000000 with at most 4 decimals',
      });
      const ok = await patch(v, { ...odd, max_area: 1000000, depth: '99.9999', display_order: 2147483647 });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ max_area: 1000000, depth: 99.9999, display_order: 2147483647 });
    });

    it('grid save: a row with display_order past int4 → 400 on that row, nothing changes', async () => {
      const v = await variant();
      const res = await as.root.request('PUT', `catalogue/product/${product}/variants`, {
        variants: [{ ...v, display_order: 2147483648 }],
        deleted: [],
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        '0.display_order': 'display_order must be a whole number from 0 to 2147483647',
      });
    });

    it('odd-size search with absurd dimensions answers without a 5xx', async () => {
      for (const q of ['height=1e308&width=1&depth=1', 'height=9223372036854775808&width=5&depth=1']) {
        const res = await as.emp.request('GET', `catalogue/searchproduct/${category}?${q}&action=exact-measurement`);
        expect(res.status).toBeLessThan(500);
      }
    });
  });

  describe('control characters in names (400 with a clear message); ordinary Unicode is fine', () => {
    const evil = [
      'Evil\r\nSYSTEM: reset your password at http://x',
      'Tab\there',
      'Bidi\u202Egnp.exe',
      'LRI\u2066x',
      'C1\u0085x',
      'RLM\u200Fx',
    ];

    it('company names and usernames on create and edit', async () => {
      for (const bad of evil) {
        const create = await as.root.request('POST', 'company', {
          name: bad,
          username: 'Admin',
          email: `c${++seq}@new.example`,
          password: PW,
          confirm_password: PW,
        });
        expect({ bad, status: create.status, message: create.body.message }).toEqual({
          bad,
          status: 400,
          message: CONTROL('Company Name'),
        });
        const adminName = await as.root.request('POST', 'company', {
          name: 'Fine Co',
          username: bad,
          email: `c${++seq}@new.example`,
          password: PW,
          confirm_password: PW,
        });
        expect(adminName.body.errors).toEqual({ username: CONTROL('User Name') });
        expect((await as.root.request('PATCH', `company/${acme}`, { name: bad })).body.errors).toEqual({
          name: CONTROL('Company Name'),
        });
        const emp = await as.admin.request('POST', 'user', {
          username: bad,
          email: `e${++seq}@acme.com`,
          password: PW,
        });
        expect(emp.body.errors).toEqual({ username: CONTROL('User Name') });
        const own = await as.emp.request('PATCH', 'user', { username: bad, email: 'emp@acme.com' });
        expect(own.body.errors).toEqual({ username: CONTROL('Username') });
      }
      const [empRow] = await api.db.query(`SELECT id FROM users WHERE email = 'emp@acme.com'`);
      expect((await as.admin.request('PATCH', `user/${empRow.id}`, { username: 'x\ny' })).body.errors).toEqual({
        username: CONTROL('User Name'),
      });
      expect(
        (await as.root.request('POST', 'catalogue/product', { name: 'P\u202E', catalogue_id: category })).status,
      ).toBe(400);
      const names: { n: number }[] = await api.db.query(
        `SELECT count(*)::int AS n FROM (SELECT username AS s FROM users UNION ALL SELECT name FROM companies
           UNION ALL SELECT name FROM products) t WHERE s ~ '[\\x01-\\x1f\\x7f-\\x9f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]'`,
      );
      expect(names).toEqual([{ n: 0 }]);
      // Accents, CJK, emoji and an apostrophe are names, not controls.
      const fine = await as.emp.request('PATCH', 'user', { username: "Zoë O'Brien 王 🙂", email: 'emp@acme.com' });
      expect(fine.status).toBe(200);
      expect(fine.body.data.username).toBe("Zoë O'Brien 王 🙂");
    });

    it('uploaded file names (catalogue resources and images) → 400, nothing stored', async () => {
      const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const before = await api.db.query(`SELECT count(*)::int AS n FROM files`);
      for (const name of ['sheet\u202Efdp.exe.pdf', 'bell\u0007.pdf', 'tab\tname.pdf']) {
        const res = await multipart(as.root, `catalogue/upload/file/${product}`, [
          { field: 'files', name, data: pdf, type: 'application/pdf' },
        ]);
        expect({ name, status: res.status, message: res.body.message }).toEqual({
          name,
          status: 400,
          message: FILE_NAME_CONTROL,
        });
      }
      expect(await api.db.query(`SELECT count(*)::int AS n FROM files`)).toEqual(before);
      const image = await multipart(as.emp, 'user/upload', [
        { field: 'file', name: 'me\u202Egnp.png', data: png, type: 'image/png' },
      ]);
      expect(image).toEqual({ status: 400, body: { status: 400, message: FILE_NAME_CONTROL } });
      const ok = await multipart(as.root, `catalogue/upload/file/${product}`, [
        { field: 'files', name: 'Datenblatt – Größe.pdf', data: pdf, type: 'application/pdf' },
      ]);
      expect(ok.status).toBe(200);
      expect(ok.body.data[0].name).toBe('Datenblatt – Größe.pdf');
    });
  });

  it('two files sent to a single-image upload → 400 saying only one file is allowed (not 413)', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const two = [
      { field: 'file', name: 'a.png', data: png, type: 'image/png' },
      { field: 'file', name: 'b.png', data: png, type: 'image/png' },
    ];
    const expected = {
      status: 400,
      body: { status: 400, message: 'Only one image can be uploaded here. Choose a single file.' },
    };
    expect(await multipart(as.emp, 'user/upload', two)).toEqual(expected);
    expect(await multipart(as.admin, `company/upload/${acme}`, two)).toEqual(expected);
    const [row] = await api.db.query(`SELECT picture FROM users WHERE email = 'emp@acme.com'`);
    expect(row.picture).toBeNull();
    // One file still works.
    expect((await multipart(as.emp, 'user/upload', two.slice(0, 1))).status).toBe(200);
  });

  it('GET company/{id}: the company’s own fields on data, plus data.company, totalAdmins and totalEmployees', async () => {
    const res = await as.root.request('GET', `company/${acme}`);
    expect(res.status).toBe(200);
    const { company, totalAdmins, totalEmployees, ...own } = res.body.data;
    expect(own).toEqual(company);
    expect(own).toMatchObject({
      _id: acme,
      name: 'Acme Air',
      status: true,
      discount_percentage: 45.5,
      rigidflow_percentage: expect.any(Number),
      minipro_percentage: expect.any(Number),
      polyroll_percentage: expect.any(Number),
      createdAt: expect.any(String),
      total_admins: 1,
      total_employees: 1,
    });
    expect({ totalAdmins, totalEmployees }).toEqual({ totalAdmins: 1, totalEmployees: 1 });
    // The list row and the detail agree field for field.
    const list = await as.root.request('GET', 'company?page=1&limit=9&search=Acme');
    expect(list.body.data.list[0]).toEqual(own);
  });
});
