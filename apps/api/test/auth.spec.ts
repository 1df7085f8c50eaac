import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';

describe('auth API', () => {
  let api: TestApi;
  let companyId: string;

  beforeAll(async () => {
    api = await startTestApi();
    companyId = await createCompany(api.db, 'Acme Air');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId, username: 'Alice Admin' });
    await createUser(api.db, { email: 'off@acme.com', role: 'employee', companyId, status: false });
  });
  afterAll(() => api.close());

  it('issues a three-part CSRF token', async () => {
    const res = await new ApiClient(api).request('GET', 'csrf-token');
    expect(res.status).toBe(200);
    expect(res.body.token.split('.')).toHaveLength(3);
    expect(res.body.token.length).toBeGreaterThanOrEqual(10);
  });

  it('signs in with a normalised email and returns the session user', async () => {
    const client = new ApiClient(api);
    const res = await client.login('  ADMIN@Acme.com ', 'Passw0rd!23');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      token: expect.any(String),
      data: {
        role_key: 'admin',
        company_id: companyId,
        company_name: 'Acme Air',
        username: 'Alice Admin',
        email: 'admin@acme.com',
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('answers 401 with the same body for a wrong password and an unknown email', async () => {
    const a = await new ApiClient(api).login('admin@acme.com', 'wrong-password');
    const b = await new ApiClient(api).login('nobody@acme.com', 'wrong-password');
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual({ status: 401, message: 'Invalid email or password. Please try again.' });
    expect(b.body).toEqual(a.body);
  });

  it('answers 403 for a disabled account only after the correct password', async () => {
    expect((await new ApiClient(api).login('off@acme.com', 'bad-password')).status).toBe(401);
    const res = await new ApiClient(api).login('off@acme.com', 'Passw0rd!23');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your account has been disabled. Please contact support.');
  });

  it('rejects bad input with 400 and the spec messages, never 500', async () => {
    const client = new ApiClient(api);
    expect((await client.login('', 'Passw0rd!23')).body.message).toBe('Email is required');
    expect((await client.login('not-an-email', 'Passw0rd!23')).body.message).toBe('Email is invalid');
    expect((await client.login('a@b.com', 'short')).body.message).toBe('Password must be at least 8 characters long.');
    const weird = await client.request('POST', 'login', ['array'] as unknown);
    expect(weird.status).toBe(400);
    const junk = await client.request('POST', 'login', undefined, { 'content-type': 'application/json' });
    expect([400, 415]).toContain(junk.status);
  });

  it('refuses mutations without or with a wrong CSRF token', async () => {
    const client = new ApiClient(api);
    const loginWith = (csrf: string) =>
      client.request('POST', 'login', { email: 'admin@acme.com', password: 'Passw0rd!23' }, { 'x-xsrf-token': csrf });
    const missing = await loginWith('');
    expect(missing.status).toBe(403);
    expect(missing.body.message).toMatch(/CSRF/);
    expect((await loginWith('aaaa.bbbb.cccc')).status).toBe(403);
  });

  it('refuses requests from a foreign or null Origin', async () => {
    const client = new ApiClient(api);
    for (const origin of ['https://evil.example', 'null']) {
      const res = await client.request('GET', 'csrf-token', undefined, { origin });
      expect(res.status).toBe(403);
    }
    expect((await client.request('GET', 'csrf-token', undefined, { origin: api.origin })).status).toBe(200);
  });

  it('validates a session (fresh token, same user) and logout revokes it at once', async () => {
    const client = new ApiClient(api);
    await client.login('root@example.com', 'Passw0rd!23');
    const first = client.token;
    const v = await client.request('GET', 'validate');
    expect(v.status).toBe(200);
    expect(v.body.data.role_key).toBe('superadmin');
    expect(v.body.token).toEqual(expect.any(String));
    const out = await client.request('POST', 'logout');
    expect(out.status).toBe(200);
    client.token = first;
    expect((await client.request('GET', 'validate')).status).toBe(401);
    client.token = v.body.token;
    expect((await client.request('GET', 'validate')).status).toBe(401);
  });

  it('rejects forged, tampered and alg:none tokens with 401', async () => {
    const client = new ApiClient(api);
    await client.login('root@example.com', 'Passw0rd!23');
    const [h, p, s] = client.token!.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${s}`;
    for (const token of [none, tampered, 'garbage', `${h}.${p}.${s.slice(0, -2)}xx`]) {
      client.token = token;
      const res = await client.request('GET', 'validate');
      expect(res.status).toBe(401);
    }
  });

  it('requires a session for protected routes', async () => {
    const res = await new ApiClient(api).request('GET', 'validate');
    expect(res.status).toBe(401);
  });
});

describe('OpenAPI document', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startTestApi()));
  afterAll(() => api.close());

  it('is served at /api/docs and lists the auth routes', async () => {
    const res = await fetch(`${api.baseUrl}/api/docs-json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/validate', '/api/csrf-token']));
    expect((await fetch(`${api.baseUrl}/api/docs`)).status).toBe(200);
  });
});
