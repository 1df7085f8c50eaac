import { randomUUID } from 'node:crypto';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { addUser, signIn } from './support';

const PW = 'Passw0rd!23';

describe('users API', () => {
  let api: TestApi;
  let root: ApiClient;
  let acmeAdmin: ApiClient;
  let acme: string;
  let beta: string;
  let rootId: string;
  let acmeAdminId: string;

  const login = (email: string, password = PW) => signIn(api, email, password);
  const lastEvent = async (type: string) =>
    (await api.db.query(`SELECT payload FROM outbox WHERE type = $1 ORDER BY seq DESC LIMIT 1`, [type]))[0]?.payload;

  beforeAll(async () => {
    api = await startTestApi();
    acme = await createCompany(api.db, 'Acme Air');
    beta = await createCompany(api.db, 'Beta Filters', { status: false });
    rootId = (await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' })).id;
    acmeAdminId = (
      await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: acme, username: 'Alice' })
    ).id;
    root = await login('root@example.com');
    acmeAdmin = await login('admin@acme.com');
  });
  afterAll(() => api.close());

  describe('POST user', () => {
    it('superadmin adds an administrator (action admin) → 201 "Admin added Successfully"', async () => {
      const res = await addUser(root, { company_id: acme, username: 'Adam', email: 'ADAM@acme.com', action: 'admin' });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Admin added Successfully');
      expect(res.body.data).toMatchObject({
        username: 'Adam',
        email: 'adam@acme.com',
        role_key: 'admin',
        company_id: acme,
        companyName: 'Acme Air',
        status: true,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password|Secret-pass1/i);
      expect(await lastEvent('user.created')).toMatchObject({
        username: 'Adam',
        role: 'admin',
        companyName: 'Acme Air',
        actor: { role: 'superadmin' },
      });
      await login('adam@acme.com', 'Secret-pass1');
    });

    it('superadmin adds an employee (action employee) → "Employee added Successfully"', async () => {
      const res = await addUser(root, { company_id: acme, username: 'Eve', email: 'eve@acme.com', action: 'employee' });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Employee added Successfully');
      expect(res.body.data.role_key).toBe('employee');
    });

    it('an admin always creates an employee of their own company: company and role in the body are ignored', async () => {
      const ignored = { company_id: beta, action: 'admin', role: 'superadmin' };
      const res = await addUser(acmeAdmin, { username: 'Ed', email: 'ed@acme.com', ...ignored });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Employee added Successfully');
      expect(res.body.data).toMatchObject({ role_key: 'employee', company_id: acme });
      const [row] = await api.db.query(`SELECT role, company_id FROM users WHERE email = 'ed@acme.com'`);
      expect(row).toEqual({ role: 'employee', company_id: acme });
    });

    it('409 for a duplicate email (any case), nothing created; a company admin gets the neutral answer', async () => {
      for (const [client, message] of [
        [root, 'A user with this email already exists.'],
        [acmeAdmin, 'This email cannot be used. Please enter a different address.'],
      ] as const) {
        const res = await addUser(client, {
          company_id: acme,
          username: 'X',
          email: 'EVE@acme.com',
          action: 'employee',
        });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(message);
      }
      expect(await api.db.query(`SELECT 1 FROM users WHERE email = 'eve@acme.com'`)).toHaveLength(1);
    });

    const sa = { company_id: '', username: 'N', email: 'n@acme.com', password: 'Secret-pass1', action: 'admin' };
    it.each([
      [{}, 'Please select a company'],
      [{ company_id: undefined }, 'Please select a company'],
      [{ company_id: 'x' }, 'Please select a company'],
      [{ username: '' }, 'Username is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'bad@' }, 'Please enter a valid email'],
      [{ password: '' }, 'Password is required'],
      [{ password: 'short' }, 'Password must be at least 8 characters'],
      [{ action: 'superadmin' }, "Role must be 'admin' or 'employee'"],
    ])('superadmin 400 for %j: %s', async (patch, message) => {
      // `{}` sends the modal's empty company select; every other case starts from a valid company.
      const body = Object.keys(patch).length === 0 ? { ...sa } : { ...sa, company_id: acme, ...patch };
      const res = await root.request('POST', 'user', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it.each([
      [{ username: '' }, 'User Name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'bad' }, 'Please enter a valid email'],
      [{ password: '' }, 'Password is required'],
      [{ password: 'short' }, 'Password must be at least of 8 characters'],
    ])('admin 400 for %j: %s', async (patch, message) => {
      const res = await acmeAdmin.request('POST', 'user', {
        username: 'N',
        email: 'n2@acme.com',
        password: 'Secret-pass1',
        ...patch,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('404 for an unknown company, 400 for junk', async () => {
      const res = await root.request('POST', 'user', { ...sa, company_id: randomUUID() });
      expect(res.status).toBe(404);
      expect((await root.request('POST', 'user', [1, 2])).status).toBe(400);
    });
  });

  describe('lists and stats', () => {
    beforeAll(async () => {
      for (let i = 0; i < 25; i++) {
        await createUser(api.db, {
          email: `badmin${i}@beta.com`,
          role: 'admin',
          companyId: beta,
          username: `B-admin ${i}`,
          status: i % 5 !== 0,
        });
      }
      await createUser(api.db, { email: 'bemp@beta.com', role: 'employee', companyId: beta, username: 'B-emp' });
      await createUser(api.db, {
        email: 'off@acme.com',
        role: 'employee',
        companyId: acme,
        username: 'Off',
        status: false,
      });
    });

    it('GET user/?page&limit: administrators only, with companyName, newest first, and totalcount', async () => {
      const res = await root.request('GET', 'user/?page=1&limit=20');
      expect(res.status).toBe(200);
      expect(res.body.data.totalcount).toBe(27); // Alice, Adam, 25 Beta admins
      expect(res.body.data.users).toHaveLength(20);
      expect(res.body.data.users.every((u: { role_key: string }) => u.role_key === 'admin')).toBe(true);
      expect(Object.keys(res.body.data.users[0]).sort()).toEqual(
        [
          '_id',
          'username',
          'email',
          'status',
          'last_login',
          'createdAt',
          'role_key',
          'role_name',
          'companyName',
          'company_id',
          'email_status',
          'current_login',
          'invitation',
        ].sort(),
      );
      const page2 = await root.request('GET', 'user?page=2&limit=20');
      expect(page2.body.data.users).toHaveLength(7);
      const ids = new Set([...res.body.data.users, ...page2.body.data.users].map((u: { _id: string }) => u._id));
      expect(ids.size).toBe(27);
      const inactive = await root.request('GET', 'user/?page=1&limit=20&status=false');
      expect(inactive.body.data.totalcount).toBe(5);
      expect(inactive.body.data.users.every((u: { status: boolean }) => !u.status)).toBe(true);
      expect((await root.request('GET', 'user/?page=1&limit=20&status=true')).body.data.totalcount).toBe(22);
      expect((await root.request('GET', 'user/?page=5&limit=20')).body.data).toEqual({ users: [], totalcount: 27 });
    });

    it('GET user/total: active companies, employees and admins', async () => {
      const res = await root.request('GET', 'user/total');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ activeCompanies: 1, totalEmployees: 4, totalAdmins: 27 });
    });

    it("GET user/employee: the admin's own company's employees, with status filter", async () => {
      const res = await acmeAdmin.request('GET', 'user/employee');
      expect(res.status).toBe(200);
      expect(res.body.data.users.map((u: { username: string }) => u.username).sort()).toEqual(['Ed', 'Eve', 'Off']);
      expect(res.body.data.totalcount).toBe(3);
      expect(
        (await acmeAdmin.request('GET', 'user/employee?status=false')).body.data.users.map(
          (u: { username: string }) => u.username,
        ),
      ).toEqual(['Off']);
      expect((await acmeAdmin.request('GET', 'user/employee?status=true')).body.data.totalcount).toBe(2);
      expect((await root.request('GET', 'user/employee')).status).toBe(403);
    });
  });

  describe('detail, edit, resend, delete', () => {
    let empId: string;
    let emp: ApiClient;

    beforeAll(async () => {
      empId = (
        await createUser(api.db, { email: 'target@acme.com', role: 'employee', companyId: acme, username: 'Target' })
      ).id;
      emp = await login('target@acme.com');
    });

    it('GET user/{id}: role_id.key, company_id {_id, name}, username, email, status, last_login, createdAt, picture', async () => {
      const res = await root.request('GET', `user/${empId}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        _id: empId,
        role_id: { key: 'employee' },
        company_id: { _id: acme, name: 'Acme Air' },
        username: 'Target',
        email: 'target@acme.com',
        status: true,
        picture: null,
        createdAt: expect.any(String),
      });
      expect(res.body.data).toHaveProperty('last_login');
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      const self = await root.request('GET', `user/${rootId}`);
      expect(self.body.data).toMatchObject({ role_id: { key: 'superadmin' }, company_id: null });
      expect((await acmeAdmin.request('GET', `user/${empId}`)).status).toBe(200);
    });

    it('PATCH user/{id} changes status, username, email only (role, company, password ignored)', async () => {
      const res = await acmeAdmin.request('PATCH', `user/${empId}`, {
        username: 'Target Two',
        email: 'Target2@Acme.com',
        role: 'admin',
        role_key: 'superadmin',
        company_id: beta,
        password: 'Hacked-pass1',
        password_hash: 'x',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Data Updated Successfully');
      expect(res.body.data).toMatchObject({
        username: 'Target Two',
        email: 'target2@acme.com',
        role_id: { key: 'employee' },
        company_id: { _id: acme },
      });
      const [row] = await api.db.query(`SELECT role, company_id FROM users WHERE id = $1`, [empId]);
      expect(row).toEqual({ role: 'employee', company_id: acme });
      expect((await new ApiClient(api).login('target2@acme.com', 'Hacked-pass1')).status).toBe(401);
      const ev = await lastEvent('user.updated');
      expect(ev).toMatchObject({ username: 'Target Two', email: 'target2@acme.com', previousEmail: 'target@acme.com' });
      expect(ev.changes.map((c: { field: string }) => c.field)).toEqual(['username', 'email']);
      // Still signed in: editing username/email does not end sessions.
      expect((await emp.request('GET', 'validate')).status).toBe(200);
    });

    it('PATCH 409 for an email that belongs to someone else; 400 with the form messages', async () => {
      const dup = await root.request('PATCH', `user/${empId}`, { email: 'admin@acme.com' });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe('A user with this email already exists.');
      for (const [body, message] of [
        [{ username: '' }, 'User Name is required'],
        [{ email: '' }, 'Email is required'],
        [{ email: 'x' }, 'Please enter a valid email'],
        [{ status: 'maybe' }, 'Status is required'],
        [{}, 'Nothing to update'],
      ] as const) {
        const res = await root.request('PATCH', `user/${empId}`, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });

    it('disabling a user ends their sessions at once (old token → 401) and emits user.status_changed', async () => {
      const res = await root.request('PATCH', `user/${empId}`, {
        status: false,
        username: 'Target Two',
        email: 'target2@acme.com',
      });
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe(false);
      expect((await emp.request('GET', 'validate')).status).toBe(401);
      expect(await lastEvent('user.status_changed')).toMatchObject({ userId: empId, active: false });
      expect((await new ApiClient(api).login('target2@acme.com', PW)).status).toBe(403);
      await root.request('PATCH', `user/${empId}`, { status: 'true' });
      emp = await login('target2@acme.com');
    });

    it('an admin re-pointing an email voids the set-password/reset links mailed to the old address', async () => {
      const id = (
        await createUser(api.db, { email: 'moving@acme.com', role: 'employee', companyId: acme, username: 'Mover' })
      ).id;
      expect((await acmeAdmin.request('GET', `user/resend/${id}`)).status).toBe(200);
      const live = `SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL`;
      expect((await api.db.query(live, [id]))[0].n).toBe(1);
      expect((await acmeAdmin.request('PATCH', `user/${id}`, { email: 'moved@acme.com' })).status).toBe(200);
      expect((await api.db.query(live, [id]))[0].n).toBe(0);
    });

    it('GET user/resend/{id} queues the account email (no password in it)', async () => {
      const res = await acmeAdmin.request('GET', `user/resend/${empId}`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Account information has been sent.');
      const ev = await lastEvent('user.resend_requested');
      expect(ev).toMatchObject({ userId: empId, email: 'target2@acme.com' });
      expect(JSON.stringify(ev)).not.toMatch(/password|Passw0rd/i);
    });

    it('nobody deletes or edits themselves or a superadmin here; admins cannot touch fellow admins', async () => {
      expect((await root.request('DELETE', `user/${rootId}`)).body.message).toBe('You cannot delete your own account.');
      expect((await root.request('PATCH', `user/${rootId}`, { status: false })).status).toBe(403);
      expect((await acmeAdmin.request('DELETE', `user/${acmeAdminId}`)).status).toBe(403);
      const adam = (await api.db.query(`SELECT id FROM users WHERE email = 'adam@acme.com'`))[0].id;
      const r = await acmeAdmin.request('PATCH', `user/${adam}`, { status: false });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Only a superadmin can change or delete an administrator.');
      expect((await acmeAdmin.request('DELETE', `user/${rootId}`)).status).toBe(404);
      expect((await api.db.query(`SELECT status FROM users WHERE id = $1`, [adam]))[0].status).toBe(true);
    });

    it('DELETE user/bulk is all-or-nothing: one foreign or forbidden id and nothing is deleted', async () => {
      const a = (await createUser(api.db, { email: 'bulk1@acme.com', role: 'employee', companyId: acme })).id;
      const b = (await createUser(api.db, { email: 'bulk2@acme.com', role: 'employee', companyId: acme })).id;
      const foreign = (await api.db.query(`SELECT id FROM users WHERE email = 'bemp@beta.com'`))[0].id;
      const count = async () => (await api.db.query(`SELECT count(*)::int AS n FROM users`))[0].n;
      const before = await count();
      for (const [client, ids, status] of [
        [acmeAdmin, [a, b, foreign], 404],
        [acmeAdmin, [a, b, randomUUID()], 404],
        [acmeAdmin, [a, acmeAdminId], 403],
        [root, [a, b, rootId], 403],
        [root, [a, 'not-a-uuid'], 400],
      ] as const) {
        const res = await client.request('DELETE', 'user/bulk', { id: ids });
        expect(res.status).toBe(status);
        expect(await count()).toBe(before);
      }
      expect((await acmeAdmin.request('DELETE', 'user/bulk', { id: [] })).body.message).toBe(
        'Please select at least one user',
      );
      const bulkClient = await login('bulk1@acme.com');
      const ok = await acmeAdmin.request('DELETE', 'user/bulk', { id: [a, b, a] });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ message: 'Users Deleted Successfully', data: { deleted: 2 } });
      expect(await count()).toBe(before - 2);
      expect((await bulkClient.request('GET', 'validate')).status).toBe(401);
    });

    it('DELETE user/{id}: "User Deleted Successfully", session ended, then 404', async () => {
      const res = await root.request('DELETE', `user/${empId}`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('User Deleted Successfully');
      expect((await emp.request('GET', 'validate')).status).toBe(401);
      expect((await root.request('GET', `user/${empId}`)).status).toBe(404);
      expect((await root.request('DELETE', `user/${empId}`)).status).toBe(404);
      expect(await lastEvent('user.deleted')).toMatchObject({ userId: empId, username: 'Target Two' });
    });

    it('bad ids → 400 "Invalid id"; unknown → 404', async () => {
      const routes = (id: string) =>
        [
          ['GET', `user/${id}`],
          ['PATCH', `user/${id}`],
          ['DELETE', `user/${id}`],
          ['GET', `user/resend/${id}`],
        ] as const;
      const send = (m: 'GET' | 'PATCH' | 'DELETE', p: string) =>
        root.request(m, p, m === 'PATCH' ? { username: 'x' } : undefined);
      for (const [m, p] of routes('abc')) {
        const res = await send(m, p);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Invalid id');
      }
      for (const [m, p] of routes(randomUUID())) expect((await send(m, p)).status).toBe(404);
    });
  });
});
