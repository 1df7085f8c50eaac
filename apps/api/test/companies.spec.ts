import { randomUUID } from 'node:crypto';
import { customerPriceSql } from '@portal/db';
import { customerPriceCents, Multiplier } from '@portal/domain';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { signIn } from './support';

const PW = 'Passw0rd!23';

describe('companies API', () => {
  let api: TestApi;
  let root: ApiClient;

  const login = (email: string, password = PW) => signIn(api, email, password);
  const outboxTypes = async (): Promise<string[]> =>
    (await api.db.query(`SELECT type FROM outbox ORDER BY seq`)).map((r: { type: string }) => r.type);

  beforeAll(async () => {
    api = await startTestApi();
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
    root = await login('root@example.com');
  });
  afterAll(() => api.close());

  it('one rounding rule: the SQL price expression equals customerPriceCents for every stored multiplier', async () => {
    // Every percentage a company can hold (0.00..100.00), each against list prices chosen to hit
    // exact halves, odd cents and large values; a deterministic pseudo-random spread on top.
    const lists = [0, 1, 5, 49, 50, 51, 99, 101, 12345, 99999, 1_000_001, 987654321];
    let seed = 13;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const cases: [number, string][] = [];
    for (let units = 0; units <= 10_000; units++) {
      cases.push([lists[units % lists.length], Multiplier.toPercentageText(units)]);
      cases.push([rand() % 10_000_000, Multiplier.toPercentageText(units)]);
    }
    const rows: { price: string }[] = await api.db.query(
      `SELECT ${customerPriceSql('p.pct', 'p.list')}::text AS price
         FROM unnest($1::bigint[], $2::numeric[]) WITH ORDINALITY AS p(list, pct, n) ORDER BY p.n`,
      [cases.map((c) => c[0]), cases.map((c) => c[1])],
    );
    const mismatches = cases.filter(([list, pct], i) => {
      const cents = customerPriceCents(list, pct);
      return rows[i].price !== `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    });
    expect(mismatches).toEqual([]);
  });

  describe('POST company', () => {
    const valid = {
      name: 'Acme Air',
      username: 'Alice',
      email: 'Alice@Acme.com',
      password: 'Secret-pass1',
      confirm_password: 'Secret-pass1',
    };

    it('creates the company and its admin in one call; the admin can sign in; the event is in the outbox', async () => {
      const res = await root.request('POST', 'company', valid);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Company added Successfully');
      expect(res.body.data.company).toMatchObject({
        name: 'Acme Air',
        status: true,
        total_admins: 1,
        total_employees: 0,
        discount_percentage: 100,
      });
      expect(res.body.data.admin).toMatchObject({
        username: 'Alice',
        email: 'alice@acme.com',
        role_key: 'admin',
        companyName: 'Acme Air',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password|Secret-pass1/i);
      const admin = await login('alice@acme.com', 'Secret-pass1');
      const v = await admin.request('GET', 'validate');
      expect(v.body.data).toMatchObject({
        role_key: 'admin',
        company_id: res.body.data.company._id,
        company_name: 'Acme Air',
      });
      expect(await outboxTypes()).toContain('company.created');
      const [event] = await api.db.query(`SELECT payload FROM outbox WHERE type = 'company.created'`);
      expect(JSON.stringify(event.payload)).not.toContain('Secret-pass1');
    });

    it('refuses a duplicate email with 409 and creates nothing', async () => {
      const before = await api.db.query(`SELECT count(*)::int AS n FROM companies`);
      const res = await root.request('POST', 'company', { ...valid, name: 'Other Co', email: 'ALICE@acme.com' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('A user with this email already exists.');
      const after = await api.db.query(`SELECT count(*)::int AS n FROM companies`);
      expect(after[0].n).toBe(before[0].n);
    });

    it.each([
      [{ name: '' }, 'Company Name is required'],
      [{ name: '   ' }, 'Company Name is required'],
      [{ name: undefined }, 'Company Name is required'],
      [{ username: '' }, 'User Name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'nope' }, 'Email is invalid'],
      [{ password: '', confirm_password: '' }, 'Admin Account Password is required'],
      [{ password: 'short', confirm_password: 'short' }, 'Password must be at least of 8 characters'],
      [{ confirm_password: '' }, 'Confirm Password is required'],
      [{ confirm_password: 'short' }, 'Confirm Password must be at least 8 characters long.'],
      [{ confirm_password: 'Different-1' }, 'Confirm Password and Password must match'],
    ])('400 for %j: %s', async (patch, message) => {
      const res = await root.request('POST', 'company', { ...valid, email: 'new@x.com', ...patch });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('400 (not 500) for junk bodies', async () => {
      for (const body of [[], 'text', { name: 5 }, null]) {
        const res = await root.request('POST', 'company', body);
        expect(res.status).toBe(400);
      }
    });
  });

  describe('listing, search, sort and paging', () => {
    beforeAll(async () => {
      // 12 more companies with varied data; "100%_Filters" exercises LIKE escaping.
      for (let i = 1; i <= 12; i++) {
        const id = await createCompany(api.db, `Zeta ${String(i).padStart(2, '0')}`, { status: i % 3 !== 0 });
        await api.db.query(
          `UPDATE companies SET discount_percentage = $2, created_at = now() - make_interval(days => $3) WHERE id = $1`,
          [id, i * 5, i],
        );
        for (let e = 0; e < i % 4; e++)
          await createUser(api.db, { email: `e${i}_${e}@zeta.com`, role: 'employee', companyId: id });
      }
      await createCompany(api.db, '100%_Filters');
      await createCompany(api.db, '100 Percent Filters');
    });

    it('pages with the default sort name ascending (case-insensitive) and returns the total', async () => {
      const res = await root.request('GET', 'company?page=1&limit=9&search=&sortBy=name&sortOrder=asc');
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(15);
      expect(res.body.data.list).toHaveLength(9);
      const names = res.body.data.list.map((c: { name: string }) => c.name);
      expect(names.slice(0, 3)).toEqual(['100 Percent Filters', '100%_Filters', 'Acme Air']);
      const row = res.body.data.list[0];
      expect(Object.keys(row).sort()).toEqual(
        [
          '_id',
          'name',
          'status',
          'createdAt',
          'picture',
          'discount_percentage',
          'rigidflow_percentage',
          'minipro_percentage',
          'polyroll_percentage',
          'total_admins',
          'total_employees',
          'approval_threshold', // order requests above it wait for an admin (null: none)
        ].sort(),
      );
      expect(typeof row.discount_percentage).toBe('number');
      const page2 = await root.request('GET', 'company?page=2&limit=9');
      expect(page2.body.data.list).toHaveLength(6);
      expect(page2.body.data.total).toBe(15);
      const beyond = await root.request('GET', 'company?page=9&limit=9');
      expect(beyond.body.data).toMatchObject({ list: [], total: 15 });
    });

    it('searches case-insensitively by substring with LIKE wildcards taken literally', async () => {
      const zeta = await root.request('GET', 'company?page=1&limit=9&search=ZETA%201');
      expect(zeta.body.data.list.map((c: { name: string }) => c.name)).toEqual(['Zeta 10', 'Zeta 11', 'Zeta 12']);
      expect(zeta.body.data.total).toBe(3);
      const pct = await root.request('GET', `company?page=1&limit=9&search=${encodeURIComponent('%_')}`);
      expect(pct.body.data.list.map((c: { name: string }) => c.name)).toEqual(['100%_Filters']);
      const none = await root.request('GET', 'company?page=1&limit=9&search=nothing-like-this');
      expect(none.body.data).toMatchObject({ list: [], total: 0 });
    });

    it.each(['name', 'discount_percentage', 'status', 'total_admins', 'total_employees', 'createdAt'])(
      'sorts by %s in both directions',
      async (sortBy) => {
        const asc = (await root.request('GET', `company?page=1&limit=100&sortBy=${sortBy}&sortOrder=asc`)).body.data
          .list;
        const desc = (await root.request('GET', `company?page=1&limit=100&sortBy=${sortBy}&sortOrder=desc`)).body.data
          .list;
        expect(asc).toHaveLength(15);
        const key = (c: Record<string, unknown>) =>
          sortBy === 'name'
            ? String(c.name).toLowerCase()
            : sortBy === 'status'
              ? Number(c.status)
              : sortBy === 'createdAt'
                ? Date.parse(String(c.createdAt))
                : Number(c[sortBy]);
        const a = asc.map(key);
        for (let i = 1; i < a.length; i++) expect(a[i] >= a[i - 1]).toBe(true);
        const d = desc.map(key);
        for (let i = 1; i < d.length; i++) expect(d[i] <= d[i - 1]).toBe(true);
      },
    );

    it('counts admins and employees per company', async () => {
      const list = (await root.request('GET', 'company?page=1&limit=100&search=Zeta 07')).body.data.list;
      expect(list[0]).toMatchObject({ name: 'Zeta 07', total_admins: 0, total_employees: 3, discount_percentage: 35 });
    });

    it('rejects unknown sort fields and bad paging with 400, caps limit at 100', async () => {
      for (const q of [
        'sortBy=password_hash',
        'sortBy=name;drop',
        'sortOrder=sideways',
        'page=0',
        'page=abc',
        'limit=-1',
        'page=1&page=2',
      ]) {
        const res = await root.request('GET', `company?${q}`);
        expect(res.status).toBe(400);
      }
      const big = await root.request('GET', 'company?page=1&limit=5000');
      expect(big.status).toBe(200);
      expect(big.body.data.limit).toBe(100);
    });

    it('GET company/ without paging lists every company for the selects', async () => {
      for (const path of ['company', 'company/']) {
        const res = await root.request('GET', path);
        expect(res.status).toBe(200);
        expect(res.body.data.list).toHaveLength(15);
        expect(Object.keys(res.body.data.list[0]).sort()).toEqual(['_id', 'name', 'status']);
      }
    });
  });

  describe('detail, edit, users, delete', () => {
    let companyId: string;
    let adminId: string;
    let employee: ApiClient;
    let admin: ApiClient;

    beforeAll(async () => {
      companyId = await createCompany(api.db, 'Edit Me Inc');
      adminId = (await createUser(api.db, { email: 'boss@editme.com', role: 'admin', companyId, username: 'Boss' })).id;
      await createUser(api.db, { email: 'worker@editme.com', role: 'employee', companyId, username: 'Worker' });
      await createUser(api.db, {
        email: 'idle@editme.com',
        role: 'employee',
        companyId,
        username: 'Idle',
        status: false,
      });
      employee = await login('worker@editme.com');
      admin = await login('boss@editme.com');
    });

    it('GET company/{id}: data.company and data.totalAdmins', async () => {
      const res = await root.request('GET', `company/${companyId}`);
      expect(res.status).toBe(200);
      expect(res.body.data.company).toMatchObject({
        _id: companyId,
        name: 'Edit Me Inc',
        total_admins: 1,
        total_employees: 2,
        discount_percentage: 45.5,
      });
      expect(res.body.data.totalAdmins).toBe(1);
    });

    it('bad ids are 400 "Invalid id", unknown ids 404', async () => {
      for (const [method, path] of [
        ['GET', 'company/not-a-uuid'],
        ['PATCH', "company/1'or'1"],
        ['DELETE', 'company/123'],
        ['GET', 'company/user/zzz'],
      ] as const) {
        const res = await root.request(method, path, method === 'PATCH' ? { name: 'x' } : undefined);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Invalid id');
      }
      for (const [method, path] of [
        ['GET', `company/${randomUUID()}`],
        ['PATCH', `company/${randomUUID()}`],
        ['DELETE', `company/${randomUUID()}`],
        ['GET', `company/user/${randomUUID()}`],
      ] as const) {
        const res = await root.request(method, path, method === 'PATCH' ? { name: 'x' } : undefined);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Company not found');
      }
    });

    it('GET company/user/{id} lists its users with a status filter', async () => {
      const all = await root.request('GET', `company/user/${companyId}`);
      expect(all.status).toBe(200);
      expect(all.body.data.users.map((u: { username: string }) => u.username).sort()).toEqual([
        'Boss',
        'Idle',
        'Worker',
      ]);
      expect(all.body.data.users[0]).toMatchObject({
        username: 'Boss',
        role_key: 'admin',
        companyName: 'Edit Me Inc',
        company_id: companyId,
      });
      const active = await root.request('GET', `company/user/${companyId}?status=true`);
      expect(active.body.data.users.map((u: { username: string }) => u.username).sort()).toEqual(['Boss', 'Worker']);
      const inactive = await root.request('GET', `company/user/${companyId}?status=false`);
      expect(inactive.body.data.users.map((u: { username: string }) => u.username)).toEqual(['Idle']);
      expect((await root.request('GET', `company/user/${companyId}?status=maybe`)).status).toBe(400);
      // The company's own admin may read it (company from the session).
      const own = await admin.request('GET', `company/user/${companyId}`);
      expect(own.status).toBe(200);
      expect(own.body.data.users).toHaveLength(3);
    });

    it('PATCH company/{id}: percentages 0..100 with ≤ 2 decimals (UI sends multiplier × 100)', async () => {
      const res = await root.request('PATCH', `company/${companyId}`, {
        id: companyId,
        name: 'Edited Inc',
        status: true,
        discount_percentage: 0.4551 * 100,
        rigidflow_percentage: 80,
        minipro_percentage: '12.5',
        polyroll_percentage: 0,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Data Updated Successfully');
      expect(res.body.data.company).toMatchObject({
        name: 'Edited Inc',
        discount_percentage: 45.51,
        rigidflow_percentage: 80,
        minipro_percentage: 12.5,
        polyroll_percentage: 0,
      });
      const [ev] = await api.db.query(
        `SELECT payload FROM outbox WHERE type = 'company.updated' ORDER BY seq DESC LIMIT 1`,
      );
      expect(ev.payload.changes.map((c: { field: string }) => c.field).sort()).toEqual(
        ['discount_percentage', 'minipro_percentage', 'name', 'polyroll_percentage', 'rigidflow_percentage'].sort(),
      );
      expect(ev.payload.changes.find((c: { field: string }) => c.field === 'discount_percentage')).toMatchObject({
        from: '0.4550',
        to: '0.4551',
      });
    });

    it.each([
      [{ discount_percentage: 100.01 }, 'Price Multiplier must be a number between 0 and 1 (step 0.0001)'],
      [{ discount_percentage: -1 }, 'Price Multiplier must be a number between 0 and 1 (step 0.0001)'],
      [{ rigidflow_percentage: 12.345 }, 'Rigidflow Multiplier must be a number between 0 and 1 (step 0.0001)'],
      [{ minipro_percentage: 'abc' }, 'Minipro Multiplier must be a number between 0 and 1 (step 0.0001)'],
      [{ minipro_percentage: null }, 'Minipro Multiplier must be a number between 0 and 1 (step 0.0001)'],
      [{ name: '' }, 'Company Name is required'],
      [{ status: 'yes' }, 'Status must be Active or Inactive'],
      [{}, 'Nothing to update'],
    ])('PATCH 400 for %j', async (body, message) => {
      const res = await root.request('PATCH', `company/${companyId}`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it("deactivating a company ends its users' sessions at once (401), and they cannot sign in", async () => {
      expect((await employee.request('GET', 'validate')).status).toBe(200);
      const res = await root.request('PATCH', `company/${companyId}`, { status: 'false' });
      expect(res.status).toBe(200);
      expect(res.body.data.company.status).toBe(false);
      expect((await employee.request('GET', 'validate')).status).toBe(401);
      expect((await admin.request('GET', 'validate')).status).toBe(401);
      const again = await new ApiClient(api).login('worker@editme.com', PW);
      expect(again.status).toBe(403);
      await root.request('PATCH', `company/${companyId}`, { status: true });
      employee = await login('worker@editme.com');
    });

    it('DELETE company/{id} deletes its users in one transaction and revokes their sessions', async () => {
      const res = await root.request('DELETE', `company/${companyId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Company deleted successfully', data: { deleted: 3 } });
      expect(
        await api.db.query(`SELECT id FROM users WHERE company_id = $1 OR id = $2`, [companyId, adminId]),
      ).toHaveLength(0);
      expect((await employee.request('GET', 'validate')).status).toBe(401);
      expect((await root.request('GET', `company/${companyId}`)).status).toBe(404);
      expect((await root.request('DELETE', `company/${companyId}`)).status).toBe(404);
      const [ev] = await api.db.query(`SELECT payload FROM outbox WHERE type = 'company.deleted'`);
      expect(ev.payload).toMatchObject({ name: 'Edited Inc', deletedUsers: 3 });
    });

    it('refuses mutations without a CSRF token', async () => {
      const res = await root.request('POST', 'company', {}, { 'x-xsrf-token': 'aaaa.bbbb.cccc' });
      expect(res.status).toBe(403);
    });
  });
});
