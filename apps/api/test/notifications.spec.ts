import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { addedUserId, connectSocket, fakeMailer, startTestWorker, waitFor } from './support';

const PW = 'Passw0rd!23';

/**
 * The whole pipeline: API action → outbox → worker → notification record + email →
 * `GET notification`; and the notifications API itself.
 */
describe('notifications and emails for companies and users', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  const mailer = fakeMailer();
  let root: ApiClient;
  let companyId: string;
  let adminId: string;

  const notifications = async (): Promise<{ id: string; description: string; username: string; email: string }[]> =>
    api.db.query(`SELECT id, description, username, email FROM notifications ORDER BY created_at, id`);

  beforeAll(async () => {
    api = await startTestApi();
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
    worker = await startTestWorker(api, {}, { mailer });
    root = new ApiClient(api);
    await root.login('root@example.com', PW);
  });
  afterAll(async () => {
    await worker.stop(2000);
    await api.close();
  });

  it('company created → notification and a welcome email with sign-in and set-password links, never the password', async () => {
    const res = await root.request('POST', 'company', {
      name: 'Acme <Air>',
      username: 'Alice',
      email: 'alice@acme.com',
      password: 'Secret-pass1',
      confirm_password: 'Secret-pass1',
    });
    expect(res.status).toBe(200);
    companyId = res.body.data.company._id;
    adminId = res.body.data.admin._id;
    const n = await waitFor(async () =>
      (await notifications()).find((x) => x.description.startsWith('Company "Acme <Air>" created')),
    );
    expect(n).toMatchObject({ username: 'Alice', email: 'alice@acme.com' });
    expect(n.description).toBe('Company "Acme <Air>" created by Super Admin with administrator "Alice"');
    const mail = await waitFor(() => mailer.sent.find((m) => m.to === 'alice@acme.com'));
    expect(mail.subject).toBe('Welcome to Filter Portal');
    expect(mail.text).toContain('http://localhost:3999/');
    // A single-use set-password link, not the password: it works, once.
    const code = /http:\/\/localhost:3999\/reset-password\?code=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    const anon = new ApiClient(api);
    expect((await anon.request('POST', 'reset-password', { password: 'Chosen-by-Alice1', token: code })).status).toBe(
      200,
    );
    expect((await anon.request('POST', 'reset-password', { password: 'Chosen-by-Alice2', token: code })).status).toBe(
      400,
    );
    expect((await new ApiClient(api).login('alice@acme.com', 'Chosen-by-Alice1')).status).toBe(200);
    expect(mail.html).toContain('Acme &lt;Air&gt;');
    expect(mail.html).not.toContain('<Air>');
    expect(`${mail.html}${mail.text}`).not.toContain('Secret-pass1');
  });

  it('user created / updated / status changed / resend / deleted → one notification each and the right emails', async () => {
    const eveId = await addedUserId(root, {
      company_id: companyId,
      username: 'Eve',
      email: 'eve@acme.com',
      password: 'Secret-pass2',
    });
    await waitFor(() => mailer.sent.find((m) => m.to === 'eve@acme.com' && m.subject === 'Welcome to Filter Portal'));

    expect((await root.request('PATCH', `user/${eveId}`, { username: 'Eve B', email: 'eve.b@acme.com' })).status).toBe(
      200,
    );
    const upd = await waitFor(() =>
      mailer.sent.find((m) => m.to === 'eve.b@acme.com' && m.subject.includes('updated')),
    );
    expect(upd.text).toContain('User Name: Eve → Eve B');
    expect(upd.text).toContain('Email: eve@acme.com → eve.b@acme.com');
    // The old address is told as well.
    await waitFor(() => mailer.sent.find((m) => m.to === 'eve@acme.com' && m.subject.includes('updated')));

    expect((await root.request('PATCH', `user/${eveId}`, { status: false })).status).toBe(200);
    await waitFor(() => mailer.sent.find((m) => m.to === 'eve.b@acme.com' && m.subject.includes('deactivated')));

    const admin = new ApiClient(api);
    await admin.login('alice@acme.com', 'Chosen-by-Alice1');
    expect((await admin.request('GET', `user/resend/${eveId}`)).status).toBe(200);
    const resend = await waitFor(() =>
      mailer.sent.find((m) => m.to === 'eve.b@acme.com' && m.subject.includes('account information')),
    );
    expect(resend.text).toMatch(/http:\/\/localhost:3999\/reset-password\?code=[A-Za-z0-9_-]{43}/);
    expect(`${resend.html}${resend.text}`).not.toMatch(/Secret-pass2/);

    expect((await admin.request('DELETE', `user/${eveId}`)).status).toBe(200);
    const descriptions = await waitFor(async () => {
      const all = (await notifications()).map((x) => x.description);
      return all.some((d) => d.includes('deleted')) ? all : undefined;
    });
    expect(descriptions).toEqual(
      expect.arrayContaining([
        'Employee "Eve" of "Acme <Air>" created by Super Admin',
        'Employee "Eve B" of "Acme <Air>" updated by Super Admin: User Name, Email',
        'Employee "Eve B" of "Acme <Air>" deactivated by Super Admin',
        'Account information resent to Employee "Eve B" of "Acme <Air>" by administrator Alice',
        'Employee "Eve B" of "Acme <Air>" deleted by administrator Alice',
      ]),
    );
    for (const m of mailer.sent) expect(`${m.html}${m.text}`).not.toMatch(/Secret-pass/);
  });

  it('company updated and deleted → notifications naming the changes', async () => {
    expect(
      (await root.request('PATCH', `company/${companyId}`, { discount_percentage: 45.5, name: 'Acme Air' })).status,
    ).toBe(200);
    expect((await root.request('DELETE', `company/${companyId}`)).status).toBe(200);
    const all = await waitFor(async () => {
      const d = (await notifications()).map((x) => x.description);
      return d.some((x) => x.startsWith('Company "Acme Air" deleted')) && d.some((x) => x.includes('updated by'))
        ? d
        : undefined;
    });
    expect(all).toEqual(
      expect.arrayContaining([
        'Company "Acme Air" updated by Super Admin: Name "Acme <Air>" → "Acme Air"; Price Multiplier 1.0000 → 0.4550',
        'Company "Acme Air" deleted by Super Admin, with 1 user',
      ]),
    );
    void adminId;
  });

  describe('GET notification / DELETE notification/', () => {
    let acmeAdmin: ApiClient;
    let employee: ApiClient;

    beforeAll(async () => {
      // A quiet, known set: 25 rows, 5 of them read.
      await api.db.query(`DELETE FROM notifications`);
      for (let i = 0; i < 25; i++) {
        await api.db.query(
          `INSERT INTO notifications (event_id, username, email, description, read_status, created_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, now() - make_interval(mins => $5))`,
          [`user${i}`, `user${i}@x.com`, `Action ${i}`, i % 5 === 0, i],
        );
      }
      const other = await createCompany(api.db, 'Other');
      await createUser(api.db, { email: 'admin@other.com', role: 'admin', companyId: other });
      await createUser(api.db, { email: 'emp@other.com', role: 'employee', companyId: other });
      acmeAdmin = new ApiClient(api);
      await acmeAdmin.login('admin@other.com', PW);
      employee = new ApiClient(api);
      await employee.login('emp@other.com', PW);
    });

    it('lists newest first, 20 per page, with totalcount and the spec fields', async () => {
      const res = await root.request('GET', 'notification?page=1&limit=20');
      expect(res.status).toBe(200);
      expect(res.body.data.totalcount).toBe(25);
      expect(res.body.data.notification).toHaveLength(20);
      expect(res.body.data.notification[0]).toEqual({
        _id: expect.any(String),
        username: 'user0',
        email: 'user0@x.com',
        description: 'Action 0',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        read_status: true,
        actor_id: null,
        link: null,
      });
      const p2 = await root.request('GET', 'notification?page=2&limit=20');
      expect(p2.body.data.notification.map((n: { description: string }) => n.description)).toEqual([
        'Action 20',
        'Action 21',
        'Action 22',
        'Action 23',
        'Action 24',
      ]);
    });

    it('filters by read_status', async () => {
      const read = await root.request('GET', 'notification?page=1&limit=20&read_status=true');
      expect(read.body.data.totalcount).toBe(5);
      expect(read.body.data.notification.every((n: { read_status: boolean }) => n.read_status)).toBe(true);
      expect((await root.request('GET', 'notification?page=1&limit=20&read_status=false')).body.data.totalcount).toBe(
        20,
      );
      expect((await root.request('GET', 'notification?page=1&limit=20&read_status=')).body.data.totalcount).toBe(25);
      expect((await root.request('GET', 'notification?read_status=maybe')).status).toBe(400);
    });

    it('superadmin only', async () => {
      for (const c of [acmeAdmin, employee]) {
        expect((await c.request('GET', 'notification?page=1&limit=20')).status).toBe(403);
        const ids = (await api.db.query(`SELECT id FROM notifications LIMIT 1`)).map((r: { id: string }) => r.id);
        expect((await c.request('DELETE', 'notification/', { ids })).status).toBe(403);
      }
      expect((await new ApiClient(api).request('GET', 'notification')).status).toBe(401);
      expect(await api.db.query(`SELECT count(*)::int AS n FROM notifications`)).toEqual([{ n: 25 }]);
    });

    it('bulk delete is all-or-nothing; then "Notifications deleted Successfully"', async () => {
      // Three ids: TypeORM answers DELETE … RETURNING with [rows, rowCount], a 2-element array.
      const ids: string[] = (await api.db.query(`SELECT id FROM notifications ORDER BY created_at DESC LIMIT 3`)).map(
        (r: { id: string }) => r.id,
      );
      const bad = await root.request('DELETE', 'notification/', { ids: [...ids, randomUUID()] });
      expect(bad.status).toBe(404);
      expect(await api.db.query(`SELECT count(*)::int AS n FROM notifications`)).toEqual([{ n: 25 }]);
      expect((await root.request('DELETE', 'notification/', { ids: ['nope'] })).body.message).toBe('Invalid id');
      expect((await root.request('DELETE', 'notification/', { ids: [] })).body.message).toBe(
        'Please select at least one notification',
      );
      expect((await root.request('DELETE', 'notification/', {})).status).toBe(400);
      const ok = await root.request('DELETE', 'notification/', { ids });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('Notifications deleted Successfully');
      expect(await api.db.query(`SELECT count(*)::int AS n FROM notifications`)).toEqual([{ n: 22 }]);
    });
  });

  describe('PATCH notification/read, GET notification/unread-count', () => {
    let acmeAdmin: ApiClient;
    let root2: ApiClient;
    const sockets: Socket[] = [];
    let ids: string[];

    const unreadIds = async (): Promise<string[]> =>
      (await api.db.query(`SELECT id FROM notifications WHERE NOT read_status ORDER BY created_at DESC`)).map(
        (r: { id: string }) => r.id,
      );
    async function connect(who: ApiClient): Promise<{ socket: Socket; got: unknown[] }> {
      const got: unknown[] = [];
      const socket = await connectSocket(api, who.token, {
        track: sockets,
        setup: (s) => s.on('notification.read', (e: unknown) => got.push(e)),
      });
      return { socket, got };
    }

    beforeAll(async () => {
      // 6 rows, the oldest 2 already read.
      await api.db.query(`DELETE FROM notifications`);
      for (let i = 0; i < 6; i++)
        await api.db.query(
          `INSERT INTO notifications (event_id, username, email, description, read_status, created_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, now() - make_interval(mins => $5))`,
          [`u${i}`, `u${i}@x.com`, `Read test ${i}`, i >= 4, i],
        );
      ids = (await api.db.query(`SELECT id FROM notifications ORDER BY created_at DESC`)).map(
        (r: { id: string }) => r.id,
      );
      await createUser(api.db, { email: 'root2@example.com', role: 'superadmin', username: 'Second' });
      const other = await createCompany(api.db, 'Readers');
      await createUser(api.db, { email: 'admin@readers.com', role: 'admin', companyId: other });
      root2 = new ApiClient(api);
      await root2.login('root2@example.com', PW);
      acmeAdmin = new ApiClient(api);
      await acmeAdmin.login('admin@readers.com', PW);
    });
    afterAll(() => {
      for (const s of sockets) s.close();
    });

    it('counts unread notifications for superadmins only', async () => {
      const res = await root.request('GET', 'notification/unread-count');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 200, data: { unread: 4 } });
      expect((await acmeAdmin.request('GET', 'notification/unread-count')).status).toBe(403);
      expect((await new ApiClient(api).request('GET', 'notification/unread-count')).status).toBe(401);
    });

    it('marks the given ids read; GET ?read_status=true then lists them; other superadmins hear it, admins do not', async () => {
      const second = await connect(root2);
      const admin = await connect(acmeAdmin);
      // ids[4] is already read: it counts as found, not as updated.
      const res = await root.request('PATCH', 'notification/read', { ids: [ids[0], ids[1], ids[4]] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 200,
        message: 'Notifications marked as read',
        data: { updated: 2, unread: 2 },
      });
      const read = await root.request('GET', 'notification?page=1&limit=20&read_status=true');
      expect(read.body.data.notification.map((n: { _id: string }) => n._id)).toEqual([ids[0], ids[1], ids[4], ids[5]]);
      expect((await root.request('GET', 'notification/unread-count')).body.data.unread).toBe(2);
      const event = await waitFor(() => second.got[0]);
      expect(event).toEqual({ ids: [ids[0], ids[1], ids[4]], all: false, unread: 2 });
      // Marking read again changes nothing and pushes nothing.
      expect((await root.request('PATCH', 'notification/read', { ids: [ids[0]] })).body.data).toEqual({
        updated: 0,
        unread: 2,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(second.got).toHaveLength(1);
      expect(admin.got).toHaveLength(0);
    });

    it('validates the id set: an unknown id changes nothing (404); bad bodies are 400; non-superadmins 403', async () => {
      const before = await unreadIds();
      expect(before).toEqual([ids[2], ids[3]]);
      const bad = await root.request('PATCH', 'notification/read', { ids: [ids[2], randomUUID()] });
      expect(bad.status).toBe(404);
      expect(bad.body.message).toBe('Notification not found');
      expect(await unreadIds()).toEqual(before);

      const cases: [unknown, string][] = [
        [{}, 'Send either the ids to mark as read or all: true'],
        [{ ids: [ids[2]], all: true }, 'Send either the ids to mark as read or all: true'],
        [{ all: false }, 'Send either the ids to mark as read or all: true'],
        [{ all: 'yes' }, 'Send either the ids to mark as read or all: true'],
        [{ ids: [] }, 'Please select at least one notification'],
        [{ ids: ['nope'] }, 'Invalid id'],
        [{ ids: ids[2] }, 'Please select at least one notification'],
        [{ ids: [ids[2]], extra: 1 }, 'Send either the ids to mark as read or all: true'],
      ];
      for (const [body, message] of cases) {
        const res = await root.request('PATCH', 'notification/read', body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
      }
      expect(await unreadIds()).toEqual(before);

      for (const body of [{ ids: [ids[2]] }, { all: true }]) {
        expect((await acmeAdmin.request('PATCH', 'notification/read', body)).status).toBe(403);
        expect((await new ApiClient(api).request('PATCH', 'notification/read', body)).status).toBe(401);
      }
      expect(await unreadIds()).toEqual(before);
    });

    it('{ all: true } marks every unread notification read and tells the other superadmins', async () => {
      const second = await connect(root2);
      const res = await root.request('PATCH', 'notification/read', { all: true });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ updated: 2, unread: 0 });
      expect(await unreadIds()).toEqual([]);
      expect((await root.request('GET', 'notification?page=1&limit=20&read_status=true')).body.data.totalcount).toBe(6);
      expect(await waitFor(() => second.got[0])).toEqual({ ids: [], all: true, unread: 0 });
    });
  });
});
