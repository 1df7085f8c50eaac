/**
 * `POST reset-password/check`: the reset link's page asks whether its link still works and says
 * "used", "expired" or "replaced" before showing a form. Nothing is spent by asking.
 */
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';

jest.setTimeout(60_000);

describe('POST reset-password/check', () => {
  let api: TestApi;
  let ip = 10;
  const client = () => {
    const c = new ApiClient(api);
    const fwd = `198.51.100.${ip++}`;
    const request = c.request.bind(c);
    c.request = (method, path, body, headers = {}) =>
      request(method, path, body, { 'x-forwarded-for': fwd, ...headers });
    return c;
  };

  async function requestReset(email: string): Promise<string> {
    expect((await client().request('POST', 'forgot-password', { email })).status).toBe(200);
    const rows: { token: string }[] = await api.db.query(
      `SELECT payload->>'token' AS token FROM outbox
        WHERE type = 'account.password_reset_requested' AND payload->>'email' = $1 ORDER BY seq DESC LIMIT 1`,
      [email],
    );
    return rows[0].token;
  }
  const check = async (token: unknown) => client().request('POST', 'reset-password/check', { token });

  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: 'true' });
    const company = await createCompany(api.db, 'Acme Air');
    for (const name of ['ann', 'ben', 'cat', 'dan'])
      await createUser(api.db, { email: `${name}@acme.com`, role: 'employee', companyId: company });
  });
  afterAll(() => api?.close());

  it('says a live link is valid (with its expiry) and does not spend it', async () => {
    const token = await requestReset('ann@acme.com');
    const res = await check(token);
    expect(res.status).toBe(200);
    expect(res.body.data.state).toBe('valid');
    expect(Date.parse(res.body.data.expires_at)).toBeGreaterThan(Date.now());
    expect((await check(token)).body.data.state).toBe('valid');
    const reset = await client().request('POST', 'reset-password', { token, password: 'N3w-secret-pass' });
    expect(reset.status).toBe(200);
    // Spent: the page now says so up front.
    expect((await check(token)).body).toEqual({ status: 200, data: { state: 'used', expires_at: null } });
  });

  it('tells an expired link from one replaced by a newer email', async () => {
    const first = await requestReset('ben@acme.com');
    const second = await requestReset('ben@acme.com');
    expect((await check(first)).body.data.state).toBe('replaced');
    expect((await check(second)).body.data.state).toBe('valid');
    await api.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE email = 'ben@acme.com') AND voided_at IS NULL`,
    );
    expect((await check(second)).body.data).toEqual({ state: 'expired', expires_at: null });
  });

  it("answers 'invalid' for unknown or malformed tokens and for a disabled account, 400 naming a missing token", async () => {
    expect((await check('A'.repeat(43))).body.data.state).toBe('invalid');
    expect((await check('not a token')).body.data.state).toBe('invalid');
    const token = await requestReset('cat@acme.com');
    await api.db.query(`UPDATE users SET status = false WHERE email = 'cat@acme.com'`);
    expect((await check(token)).body.data.state).toBe('invalid');
    const missing = await client().request('POST', 'reset-password/check', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');
  });
});
