import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { fakeMailer, signIn, startTestWorker, waitFor } from './support';

/** Issue 27 §4: `search` on every list, no notification of one's own action; §3 the invitation email. */
describe('lists that search; your own actions do not notify you', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  const mailer = fakeMailer();
  let root: ApiClient;
  let other: ApiClient;
  let acmeAdmin: ApiClient;
  let acme: string;
  let beta: string;
  let rootId: string;

  const names = (rows: { username: string }[]) => rows.map((r) => r.username).sort();

  beforeAll(async () => {
    api = await startTestApi();
    acme = await createCompany(api.db, 'Acme Air');
    beta = await createCompany(api.db, 'Beta Filters');
    rootId = (await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' })).id;
    await createUser(api.db, { email: 'ops@example.com', role: 'superadmin', username: 'Ops' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: acme, username: 'Alice' });
    await createUser(api.db, { email: 'admin@beta.com', role: 'admin', companyId: beta, username: 'Bob Beta' });
    for (const [username, email] of [
      ['Carla Stone', 'carla@acme.com'],
      ['Dan', 'dan.stone@acme.com'],
      ['Erin', 'erin@acme.com'],
      ['Stone_Beta', 'x@beta.com'],
    ]) {
      await createUser(api.db, {
        email,
        role: 'employee',
        companyId: email.endsWith('beta.com') ? beta : acme,
        username,
      });
    }
    worker = await startTestWorker(api, {}, { mailer });
    root = await signIn(api, 'root@example.com');
    other = await signIn(api, 'ops@example.com');
    acmeAdmin = await signIn(api, 'admin@acme.com');
  });
  afterAll(async () => {
    await worker.stop(2000);
    await api.close();
  });

  it('GET company/user/{companyId}?search matches username or email, any case, only that company', async () => {
    const res = await root.request('GET', `company/user/${acme}?search=STONE`);
    expect(res.status).toBe(200);
    expect(names(res.body.data.users)).toEqual(['Carla Stone', 'Dan']);
    expect(res.body.data.totalcount).toBe(2);
    // The admin's own company only; the search never reaches across tenants.
    const mine = await acmeAdmin.request('GET', `company/user/${acme}?search=stone`);
    expect(names(mine.body.data.users)).toEqual(['Carla Stone', 'Dan']);
    expect((await acmeAdmin.request('GET', `company/user/${beta}?search=stone`)).status).toBe(404);
  });

  it('GET user/employee?search (admin) and GET user/?search (superadmin: administrators)', async () => {
    const emp = await acmeAdmin.request('GET', 'user/employee?search=erin');
    expect(names(emp.body.data.users)).toEqual(['Erin']);
    expect(emp.body.data.totalcount).toBe(1);
    expect(names((await acmeAdmin.request('GET', 'user/employee?search=beta')).body.data.users)).toEqual([]);
    const admins = await root.request('GET', 'user/?search=beta.com');
    expect(names(admins.body.data.users)).toEqual(['Bob Beta']);
    expect(admins.body.data.totalcount).toBe(1);
    // % and _ are literal characters, not wildcards.
    expect((await root.request('GET', 'user/?search=%25')).body.data.users).toEqual([]);
    expect(names((await root.request('GET', `company/user/${beta}?search=_`)).body.data.users)).toEqual(['Stone_Beta']);
    // Too long is a 400 naming the parameter.
    const long = await root.request('GET', `user/?search=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/search/);
  });

  it('your own action does not notify you (list, badge); another superadmin sees it; search over notifications', async () => {
    const res = await root.request(
      'PATCH',
      `user/${(await api.db.query(`SELECT id FROM users WHERE email = 'erin@acme.com'`))[0].id}`,
      {
        username: 'Erin Quill',
      },
    );
    expect(res.status).toBe(200);
    const row = await waitFor(
      async () =>
        (
          await api.db.query(`SELECT actor_id, description FROM notifications WHERE description LIKE '%Erin Quill%'`)
        )[0],
    );
    expect(row.actor_id).toBe(rootId);

    const theirs = await other.request('GET', 'notification?search=quill');
    expect(theirs.body.data.notification).toHaveLength(1);
    expect(theirs.body.data.notification[0].link).toMatch(new RegExp(`^/superadmin/companies/${acme}/user/`));
    const mine = await root.request('GET', 'notification?search=quill');
    expect(mine.body.data).toEqual({ notification: [], totalcount: 0 });

    const unreadMine = (await root.request('GET', 'notification/unread-count')).body.data.unread;
    const unreadTheirs = (await other.request('GET', 'notification/unread-count')).body.data.unread;
    expect(unreadTheirs).toBe(unreadMine + 1);
    // It stays in the audit log, named, and the audit log searches by the record's name.
    const audit = await root.request('GET', 'audit?search=quill');
    expect(audit.body.data.list.map((e: { action: string }) => e.action)).toContain('user.updated');
    expect(audit.body.data.list[0].entity_name).toBe('Erin Quill');
  });

  it('GET audit?search matches who acted and the company name; tenancy still applies for an admin', async () => {
    await root.request('PATCH', `company/${beta}`, { discount_percentage: 50 });
    const byName = await root.request('GET', 'audit?search=beta%20filters');
    expect(byName.body.data.list.some((e: { entity_name: string }) => e.entity_name === 'Beta Filters')).toBe(true);
    const byActor = await root.request('GET', 'audit?search=root');
    expect(byActor.body.data.total).toBeGreaterThan(0);
    const admin = await acmeAdmin.request('GET', 'audit?search=beta%20filters');
    expect(admin.body.data.total).toBe(0);
  });

  it('invite: true → one email, "Welcome to Filter Portal — choose your password", with the /invitation link; no welcome email', async () => {
    const res = await acmeAdmin.request('POST', 'user', { username: 'Nia', email: 'nia@acme.com', invite: true });
    expect(res.status).toBe(201);
    const mail = await waitFor(() => mailer.sent.find((m) => m.to === 'nia@acme.com'));
    expect(mail.subject).toBe('You are invited to Filter Portal');
    expect(mail.html).toContain('Welcome to Filter Portal — choose your password');
    const code = /http:\/\/localhost:3999\/invitation\?code=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect((await new ApiClient(api).request('POST', 'invitation/check', { token: code })).body.data.email).toBe(
      'nia@acme.com',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(mailer.sent.filter((m) => m.to === 'nia@acme.com')).toHaveLength(1);
  });
});
