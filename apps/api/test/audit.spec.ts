import { io, type Socket } from 'socket.io-client';
import { purgeAuditOlderThan } from '../../../libs/db/src';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { addedUserId, signIn } from './support';

const PW = 'Passw0rd!23';
const NOT_AUTHORIZED = 'You are not authorized to perform this action.';

describe('audit log', () => {
  let api: TestApi;
  let root: ApiClient;
  let rootId: string;
  let acme: string;
  let globex: string;
  let acmeAdmin: ApiClient;
  let acmeEmployee: ApiClient;

  const login = (email: string, password = PW) => signIn(api, email, password);
  const entries = async (where: string, params: unknown[] = []) =>
    api.db.query(`SELECT * FROM audit_log WHERE ${where} ORDER BY created_at, id`, params);

  beforeAll(async () => {
    api = await startTestApi();
    rootId = (await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' })).id;
    acme = await createCompany(api.db, 'Acme Air');
    globex = await createCompany(api.db, 'Globex');
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: acme, username: 'Ada' });
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: acme, username: 'Eve' });
    await createUser(api.db, { email: 'admin@globex.com', role: 'admin', companyId: globex, username: 'Gus' });
    root = await login('root@example.com');
    acmeAdmin = await login('admin@acme.com');
    acmeEmployee = await login('emp@acme.com');
  });
  afterAll(() => api.close());

  describe('recording', () => {
    it('one multiplier change is exactly one entry with before/after, actor and ip, newest first in GET audit', async () => {
      const res = await root.request('PATCH', `company/${globex}`, { discount_percentage: 60.25 });
      expect(res.status).toBe(200);
      const list = await root.request('GET', `audit?entity=company&entity_id=${globex}`);
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(1);
      expect(list.body.data.list).toEqual([
        {
          _id: expect.any(String),
          action: 'company.updated',
          entity: 'company',
          entity_id: globex,
          actor: { _id: rootId, username: 'Root', role: 'superadmin' },
          company_id: globex,
          before: { discount_percentage: 45.5 },
          after: { discount_percentage: 60.25 },
          ip: expect.any(String),
          created_at: expect.any(String),
          entity_name: 'Globex',
        },
      ]);
      // A PATCH that changes nothing writes nothing.
      await root.request('PATCH', `company/${globex}`, { discount_percentage: 60.25 });
      expect((await root.request('GET', `audit?entity=company&entity_id=${globex}`)).body.data.total).toBe(1);
      // Deactivating: one company entry (status) plus one entry per ended session.
      await root.request('PATCH', `company/${globex}`, { status: false });
      const after = await root.request('GET', `audit?entity=company&entity_id=${globex}`);
      expect(after.body.data.list.map((e: { action: string }) => e.action)).toEqual([
        'company.status_changed',
        'company.updated',
      ]);
      expect(after.body.data.list[0]).toMatchObject({ before: { status: true }, after: { status: false } });
      await root.request('PATCH', `company/${globex}`, { status: true });
    });

    it('a rolled-back change leaves no entry', async () => {
      // The change fails after its audit entry was written: the whole transaction is undone.
      await api.db.query(`
        CREATE FUNCTION fail_company_event() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.type = 'company.updated' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$`);
      await api.db.query(
        `CREATE TRIGGER fail_company_event BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION fail_company_event()`,
      );
      try {
        const res = await root.request('PATCH', `company/${acme}`, { name: 'Acme Renamed' });
        expect(res.status).toBe(500);
      } finally {
        await api.db.query(`DROP TRIGGER fail_company_event ON outbox; DROP FUNCTION fail_company_event()`);
      }
      expect(await entries(`entity = 'company' AND entity_id = $1`, [acme])).toHaveLength(0);
      const [company] = await api.db.query(`SELECT name FROM companies WHERE id = $1`, [acme]);
      expect(company.name).toBe('Acme Air');
    });

    it('users: create, update, disable and delete, each one entry with the changed fields', async () => {
      const temp = { company_id: acme, username: 'Temp', email: 'temp@acme.com', password: 'Temp-pass-123' };
      const id = await addedUserId(root, temp);
      await root.request('PATCH', `user/${id}`, { username: 'Tempo' });
      await root.request('PATCH', `user/${id}`, { status: false });
      await root.request('DELETE', `user/${id}`);
      const list = (await root.request('GET', `audit?entity=user&entity_id=${id}`)).body.data.list;
      expect(list.map((e: { action: string }) => e.action)).toEqual([
        'user.deleted',
        'user.disabled',
        'user.updated',
        'user.created',
      ]);
      expect(list[2]).toMatchObject({ before: { username: 'Temp' }, after: { username: 'Tempo' }, company_id: acme });
      expect(list[3].after).toEqual({
        username: 'Temp',
        email: 'temp@acme.com',
        role: 'employee',
        status: true,
        company_id: acme,
      });
      expect(JSON.stringify(list)).not.toMatch(/Temp-pass-123|password|hash|token/i);
    });

    it('sign-in: success, failure (company only for a known account), lockout; never the password', async () => {
      const c = new ApiClient(api);
      expect((await c.login('nobody@nowhere.com', 'Wrong-guess-1')).status).toBe(401);
      const unknown = await entries(`action = 'auth.login_failed' AND actor_username = 'nobody@nowhere.com'`);
      expect(unknown).toHaveLength(1);
      expect(unknown[0]).toMatchObject({ company_id: null, entity_id: null, actor_id: null });

      for (let i = 0; i < 5; i++) expect((await c.login('emp@acme.com', `Wrong-guess-${i}`)).status).toBe(401);
      const known = await entries(`action = 'auth.login_failed' AND actor_username = 'emp@acme.com'`);
      expect(known).toHaveLength(5);
      expect(known.every((e: { company_id: string }) => e.company_id === acme)).toBe(true);
      expect(await entries(`action = 'auth.lockout' AND company_id = $1`, [acme])).toHaveLength(1);

      await login('admin@globex.com');
      const ok = await entries(`action = 'auth.login' AND actor_username = 'Gus'`);
      expect(ok).toHaveLength(1);
      expect(ok[0]).toMatchObject({ entity: 'session', company_id: globex });

      const all = JSON.stringify(await api.db.query(`SELECT before, after, actor_username FROM audit_log`));
      expect(all).not.toMatch(/Wrong-guess|Passw0rd/);
    });

    it('password change: the fact only; the other sessions it ends are recorded', async () => {
      await createUser(api.db, { email: 'pat@acme.com', role: 'employee', companyId: acme, username: 'Pat' });
      const first = await login('pat@acme.com');
      await login('pat@acme.com');
      const res = await first.request('POST', 'change-password', { oldPassword: PW, newPassword: 'Pat-new-pass-9' });
      expect(res.status).toBe(200);
      const [changed] = await entries(`action = 'account.password_changed' AND actor_username = 'Pat'`);
      expect(changed).toMatchObject({ entity: 'user', company_id: acme, before: null, after: null });
      const revoked = await entries(`action = 'session.revoked' AND actor_username = 'Pat'`);
      expect(revoked).toHaveLength(1);
      expect(revoked[0].after).toMatchObject({ reason: 'password_changed' });
      expect(JSON.stringify(await api.db.query(`SELECT before, after FROM audit_log`))).not.toContain('Pat-new-pass-9');
    });

    it('catalogue: one entry per changed variant row with customer_price before/after; product create/delete', async () => {
      const [{ id: category }] = await api.db.query(`INSERT INTO categories (name) VALUES ('MERV 8') RETURNING id`);
      const added = await root.request('POST', 'catalogue/product', { name: 'Audit filter', catalogue_id: category });
      expect(added.status).toBe(201);
      const product = added.body.data;
      const appended = await root.request('PATCH', `catalogue/appendvarient/${product._id}`, {
        variants: [
          { part_number: 'AUD-1', size: '16x25x1', depth: 1, list_price: 10 },
          { part_number: 'AUD-2', size: '20x25x1', depth: 1, list_price: 20 },
        ],
      });
      expect(appended.status).toBe(201);
      const rows = appended.body.data.variants;
      const target = rows.find((v: { part_number: string }) => v.part_number === 'AUD-2');
      // The placeholder default variant (no size yet) goes; AUD-2's price changes; both move up one place.
      const placeholder = rows.find((v: { part_number: string }) => v.part_number.startsWith('DEFAULT_PN'));
      const save = await root.request('PUT', `catalogue/product/${product._id}/variants`, {
        variants: rows
          .filter((v: { _id: string }) => v._id !== placeholder._id)
          .map((v: { _id: string; list_price: number }) => (v._id === target._id ? { ...v, list_price: 25.5 } : v)),
        deleted: [{ _id: placeholder._id, version: placeholder.version }],
      });
      expect(save.body.message).toBe('All changes saved successfully');
      expect(save.status).toBe(200);
      const updated = await root.request('GET', `audit?entity=variant&entity_id=${target._id}&action=variant.updated`);
      expect(updated.body.data.list).toHaveLength(1);
      expect(updated.body.data.list[0]).toMatchObject({
        before: { customer_price: 20, display_order: 3 },
        after: { customer_price: 25.5, display_order: 2 },
      });
      const [moved] = (
        await root.request('GET', `audit?entity=variant&action=variant.updated&limit=200`)
      ).body.data.list.filter((e: { entity_id: string }) => e.entity_id !== target._id);
      expect(moved).toMatchObject({ before: { display_order: 2 }, after: { display_order: 1 } });
      const [removed] = await entries(`action = 'variant.deleted' AND entity_id = $1`, [placeholder._id]);
      expect(removed.before).toMatchObject({ product_id: product._id, part_number: placeholder.part_number });
      expect(await entries(`action = 'variant.created' AND after->>'product_id' = $1`, [product._id])).toHaveLength(3);
      expect(await entries(`action = 'product.created' AND entity_id = $1`, [product._id])).toHaveLength(1);

      expect((await root.request('DELETE', `catalogue/product/${product._id}`)).status).toBe(200);
      const [gone] = await entries(`action = 'product.deleted' AND entity_id = $1`, [product._id]);
      expect(gone.before).toMatchObject({ name: 'Audit filter', variants: 2 });
    });
  });

  describe('GET audit', () => {
    it('company admin sees only their own company; another company id in the filter gives nothing', async () => {
      const mine = await acmeAdmin.request('GET', 'audit?limit=200');
      expect(mine.status).toBe(200);
      expect(mine.body.data.list.length).toBeGreaterThan(0);
      expect(mine.body.data.list.every((e: { company_id: string }) => e.company_id === acme)).toBe(true);
      const theirs = await acmeAdmin.request('GET', `audit?company_id=${globex}`);
      expect(theirs.body.data).toEqual({ list: [], total: 0 });
      const all = await root.request('GET', 'audit?limit=200');
      expect(all.body.data.list.some((e: { company_id: string }) => e.company_id === globex)).toBe(true);
    });

    it('employee is refused (403), anonymous 401; the CSV export follows the same rules', async () => {
      const res = await acmeEmployee.request('GET', 'audit');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(NOT_AUTHORIZED);
      expect((await acmeEmployee.request('GET', 'audit/export')).status).toBe(403);
      expect((await new ApiClient(api).request('GET', 'audit')).status).toBe(401);
    });

    it('has no route that changes or removes an entry', async () => {
      const [{ id }] = await api.db.query(`SELECT id FROM audit_log LIMIT 1`);
      for (const method of ['DELETE', 'PATCH', 'PUT']) {
        const res = await root.request(method, `audit/${id}`, method === 'DELETE' ? undefined : { action: 'x' });
        expect([404, 405]).toContain(res.status);
      }
      expect(await entries(`id = $1`, [id])).toHaveLength(1);
    });

    it('filters, paging, newest first; bad filters are a 400 with a message', async () => {
      const page1 = await root.request('GET', 'audit?action=company&limit=2');
      expect(page1.body.data.list).toHaveLength(2);
      expect(page1.body.data.list.every((e: { action: string }) => e.action.startsWith('company.'))).toBe(true);
      const page2 = await root.request('GET', 'audit?action=company&limit=2&page=2');
      expect(page2.body.data.total).toBe(page1.body.data.total);
      const t = (e: { created_at: string }) => Date.parse(e.created_at);
      expect(t(page1.body.data.list[1])).toBeGreaterThanOrEqual(t(page2.body.data.list[0]));
      const byActor = await root.request('GET', `audit?actor_id=${rootId}&limit=200`);
      expect(byActor.body.data.list.every((e: { actor: { _id: string } }) => e.actor._id === rootId)).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      const inRange = await root.request('GET', `audit?from=${today}&to=${today}`);
      expect(inRange.body.data.total).toBe((await root.request('GET', 'audit')).body.data.total);
      expect((await root.request('GET', 'audit?to=2000-01-01')).body.data.total).toBe(0);
      for (const [q, message] of [
        ['entity=invoice', 'entity must be one of'],
        ['from=yesterday', 'Dates must be YYYY-MM-DD'],
        ['actor_id=42', 'Invalid id'],
        ['action=DROP%20TABLE', 'action must look like'],
        ['from=2026-02-01&to=2026-01-01', '"from" must not be after "to"'],
        ['page=0', 'Invalid query parameters'],
      ]) {
        const res = await root.request('GET', `audit?${q}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toContain(message);
      }
    });

    it('CSV export of the filtered list neutralises formula cells', async () => {
      await createUser(api.db, {
        email: 'evil@acme.com',
        role: 'employee',
        companyId: acme,
        username: '=HYPERLINK("x")',
      });
      await login('evil@acme.com');
      const res = await fetch(`${api.baseUrl}/api/audit/export?action=auth.login`, {
        headers: { authorization: `Bearer ${acmeAdmin.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const text = await res.text();
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe('created_at,action,entity,entity_id,actor,actor_role,company_id,before,after,ip');
      expect(lines.slice(1).every((l) => l.includes(',auth.login,'))).toBe(true);
      expect(text).toContain(`"'=HYPERLINK(""x"")"`);
      expect(text).not.toContain('Gus'); // another company's sign-in
    });

    it('superadmins get audit.created live, after commit', async () => {
      const socket: Socket = io(api.baseUrl, {
        path: '/socket.io',
        auth: { token: root.token },
        transports: ['websocket'],
        extraHeaders: { origin: api.origin },
        reconnection: false,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        const got = new Promise<{ count: number; entities: string[] }>((resolve) =>
          socket.once('audit.created', resolve),
        );
        await root.request('PATCH', `company/${globex}`, { name: 'Globex Corp' });
        expect(await got).toEqual({ count: 1, entities: ['company'] });
      } finally {
        socket.close();
      }
    });
  });

  describe('append-only in the database', () => {
    it('the application role cannot UPDATE, DELETE or TRUNCATE entries', async () => {
      const [{ id }] = await api.db.query(`SELECT id FROM audit_log LIMIT 1`);
      await expect(api.db.query(`UPDATE audit_log SET action = 'forged' WHERE id = $1`, [id])).rejects.toThrow(
        /append-only/,
      );
      await expect(api.db.query(`DELETE FROM audit_log WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
      await expect(api.db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
      // Even inside the retention setting, rows can be deleted but never rewritten.
      await expect(
        api.db.transaction(async (m) => {
          await m.query(`SET LOCAL portal.audit_retention = 'on'`);
          await m.query(`UPDATE audit_log SET action = 'forged' WHERE id = $1`, [id]);
        }),
      ).rejects.toThrow(/append-only/);
      expect(await entries(`id = $1 AND action <> 'forged'`, [id])).toHaveLength(1);
    });

    it('retention deletes only entries older than the configured age', async () => {
      await api.db.query(
        `INSERT INTO audit_log (action, entity, created_at) VALUES ('company.updated', 'company', now() - interval '800 days'),
                ('company.updated', 'company', now() - interval '700 days')`,
      );
      const before = (await api.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n;
      expect(await purgeAuditOlderThan(api.db, 730)).toBe(1);
      expect((await api.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n).toBe(before - 1);
      expect(await entries(`created_at < now() - interval '730 days'`)).toHaveLength(0);
    });
  });
});
