import { io } from 'socket.io-client';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { codeStep, enrol, forgetUsedStep, passwordStep, totpCode } from '../../../test/two-factor';

const PW = 'Passw0rd!23';
const ENROL_FIRST = 'Set up two-factor authentication to continue.';

describe('two-factor policy (GET/PATCH settings/security)', () => {
  let api: TestApi;
  let companyId: string;
  let rootSecret: string;
  let rootId: string;

  const signIn = async (email: string) => {
    const c = new ApiClient(api);
    const res = await c.login(email, PW);
    return { client: c, res };
  };

  beforeAll(async () => {
    api = await startTestApi();
    companyId = await createCompany(api.db, 'Acme Air');
    rootId = (await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' })).id;
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId, username: 'Alice' });
    await createUser(api.db, { email: 'staff@acme.com', role: 'employee', companyId, username: 'Sam' });
  });
  beforeEach(() => api.db.query(`DELETE FROM auth_throttle`));
  afterAll(() => api.close());

  it('defaults to none; only a superadmin reads or changes it; bad values are 400', async () => {
    const root = (await signIn('root@example.com')).client;
    expect((await root.request('GET', 'settings/security')).body).toEqual({
      status: 200,
      data: { require_2fa_for: 'none' },
    });
    const admin = (await signIn('admin@acme.com')).client;
    expect((await admin.request('GET', 'settings/security')).status).toBe(403);
    expect((await admin.request('PATCH', 'settings/security', { require_2fa_for: 'none' })).status).toBe(403);
    const bad = await root.request('PATCH', 'settings/security', { require_2fa_for: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('require_2fa_for must be one of: none, superadmins, admins, everyone');
    expect((await root.request('GET', '2fa')).body.data).toMatchObject({ required: false, policy: 'none' });
  });

  it('refuses a policy that covers the superadmin before they use two-factor themselves', async () => {
    const root = (await signIn('root@example.com')).client;
    for (const policy of ['superadmins', 'admins', 'everyone']) {
      const res = await root.request('PATCH', 'settings/security', { require_2fa_for: policy });
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'Enable two-factor authentication for your own account before requiring it.' },
      });
    }
    rootSecret = (await enrol(root)).secret;
  });

  it('requiring it for admins signs out uncovered admins and sends them to enrolment only', async () => {
    await forgetUsedStep(api, rootId);
    const root = new ApiClient(api);
    await codeStep(root, { mfa_token: await passwordStep(root, 'root@example.com', PW), code: totpCode(rootSecret) });
    const adminBefore = (await signIn('admin@acme.com')).client;
    const staffBefore = (await signIn('staff@acme.com')).client;

    const res = await root.request('PATCH', 'settings/security', { require_2fa_for: 'admins' });
    expect(res.body).toEqual({ status: 200, message: 'Security policy saved.', data: { require_2fa_for: 'admins' } });
    expect((await adminBefore.request('GET', 'validate')).status).toBe(401);
    expect((await staffBefore.request('GET', 'validate')).status).toBe(200);
    expect((await root.request('GET', 'validate')).status).toBe(200);

    // Employees are not covered: exactly as before.
    const staff = await signIn('staff@acme.com');
    expect(Object.keys(staff.res.body).sort()).toEqual(['data', 'status', 'token']);

    const { client: admin, res: login } = await signIn('admin@acme.com');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      status: 200,
      mfa_enrolment_required: true,
      token: expect.any(String),
      data: { email: 'admin@acme.com', role_key: 'admin' },
    });
    admin.token = login.body.token;
    await admin.refreshCsrf();

    // Everything but enrolment is refused with a clear 403.
    for (const [method, path] of [
      ['GET', 'user/me'],
      ['GET', 'user/employee?page=1&limit=10'],
      ['GET', 'catalogue'],
      ['POST', '2fa/disable'],
      ['PATCH', 'user'],
    ] as const) {
      const r = await admin.request(method, path, method === 'GET' ? undefined : {});
      expect({ path, status: r.status, message: r.body.message }).toEqual({ path, status: 403, message: ENROL_FIRST });
    }
    const validate = await admin.request('GET', 'validate');
    expect(validate.status).toBe(200);
    expect(validate.body.mfa_enrolment_required).toBe(true);
    expect((await admin.request('GET', '2fa')).body.data).toMatchObject({ enabled: false, required: true });

    // No live updates for an enrolment-only session.
    const refused = await new Promise<string>((resolve) => {
      const socket = io(api.baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: login.body.token },
        extraHeaders: { origin: api.origin },
        reconnection: false,
      });
      socket.on('connect', () => {
        socket.close();
        resolve('connected');
      });
      socket.on('connect_error', () => resolve('refused'));
      socket.on('disconnect', () => resolve('refused'));
    });
    expect(refused).toBe('refused');

    // Enrolling lifts the restriction on this session; the next sign-in asks for a code.
    const { secret } = await enrol(admin);
    expect((await admin.request('GET', 'user/me')).status).toBe(200);
    expect((await admin.request('GET', 'validate')).body.mfa_enrolment_required).toBeUndefined();
    const next = await new ApiClient(api).login('admin@acme.com', PW);
    expect(next.body.mfa_required).toBe(true);

    // A covered user cannot turn it off.
    const off = await admin.request('POST', '2fa/disable', { password: PW, code: totpCode(secret, 1) });
    expect(off).toMatchObject({
      status: 403,
      body: { message: 'Your organisation requires two-factor authentication, so it cannot be turned off.' },
    });
  });

  it('logout works from an enrolment-only session', async () => {
    await api.db.query(
      `DELETE FROM user_two_factor WHERE user_id = (SELECT id FROM users WHERE email = 'admin@acme.com')`,
    );
    const { client, res } = await signIn('admin@acme.com');
    expect(res.body.mfa_enrolment_required).toBe(true);
    client.token = res.body.token;
    await client.refreshCsrf();
    expect((await client.request('POST', 'logout')).status).toBe(200);
    expect((await client.request('GET', 'validate')).status).toBe(401);
  });

  it('relaxing the policy to none restores password-only sign-in for users without two-factor', async () => {
    await forgetUsedStep(api, rootId);
    const root = new ApiClient(api);
    await codeStep(root, { mfa_token: await passwordStep(root, 'root@example.com', PW), code: totpCode(rootSecret) });
    expect((await root.request('PATCH', 'settings/security', { require_2fa_for: 'none' })).status).toBe(200);
    const { res } = await signIn('admin@acme.com');
    expect(Object.keys(res.body).sort()).toEqual(['data', 'status', 'token']);
  });
});
