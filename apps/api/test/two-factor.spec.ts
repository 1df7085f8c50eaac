import type { OutboxEvent } from '@portal/contracts';
import { ApiClient, createCompany, createUser, startTestApi, type SeededUser, type TestApi } from '../../../test/api';
import { codeStep, enrol, forgetUsedStep, passwordStep, totpCode } from '../../../test/two-factor';
import { emailHandlers, notificationHandlers } from '../../worker/src/handlers';

const PW = 'Passw0rd!23';
const BAD_CODE = 'Invalid authentication code. Please try again.';
const EXPIRED = 'Your sign-in has expired. Please sign in again.';

describe('two-factor sign-in (TOTP + recovery codes)', () => {
  let api: TestApi;
  let companyId: string;
  let root: SeededUser;
  /** Every secret, code, recovery code and mfa_token handed out: none may reach an outbox/notification/email. */
  const secrets = new Set<string>();

  const signedIn = async (email: string) => {
    const c = new ApiClient(api);
    const res = await c.login(email, PW);
    expect(res.body.token).toEqual(expect.any(String));
    return c;
  };
  const newUser = async (email: string, role: 'admin' | 'employee' = 'employee') =>
    createUser(api.db, { email, role, companyId, username: email.split('@')[0] });
  const enrolled = async (email: string) => {
    const user = await newUser(email);
    const client = await signedIn(email);
    const { secret, recoveryCodes } = await enrol(client);
    secrets.add(secret);
    recoveryCodes.forEach((c) => secrets.add(c));
    await forgetUsedStep(api, user.id);
    return { user, client, secret, recoveryCodes };
  };

  beforeAll(async () => {
    api = await startTestApi();
    companyId = await createCompany(api.db, 'Acme Air');
    root = await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
  });
  beforeEach(() => api.db.query(`DELETE FROM auth_throttle`));
  afterAll(() => api.close());

  it('leaves sign-in unchanged for accounts without two-factor', async () => {
    await newUser('plain@acme.com');
    const res = await new ApiClient(api).login('plain@acme.com', PW);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'status', 'token']);
    expect(res.body.data).toMatchObject({ email: 'plain@acme.com', role_key: 'employee', company_id: companyId });
  });

  it('setup returns a secret, an otpauth URL and a QR image, and activates nothing', async () => {
    await newUser('setup@acme.com');
    const client = await signedIn('setup@acme.com');
    const res = await client.request('POST', '2fa/setup');
    expect(res.status).toBe(200);
    const { secret, otpauth_url, qr } = res.body.data;
    secrets.add(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Filter%20Portal:setup%40acme\.com\?/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toContain('issuer=Filter%20Portal');
    expect(qr).toMatch(/^data:image\/png;base64,/);

    // Stored encrypted: the plaintext secret is nowhere in the row.
    const [row] = await api.db.query(`SELECT secret_enc, enabled_at FROM user_two_factor`);
    expect(row.enabled_at).toBeNull();
    expect(Buffer.from(row.secret_enc).toString('latin1')).not.toContain(secret);
    expect((await client.request('GET', '2fa')).body.data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await new ApiClient(api).login('setup@acme.com', PW)).body.token).toEqual(expect.any(String));
  });

  it('enable with a wrong code is 400 and enables nothing', async () => {
    await newUser('wrong@acme.com');
    const client = await signedIn('wrong@acme.com');
    const secret = (await client.request('POST', '2fa/setup')).body.data.secret;
    secrets.add(secret);
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await client.request('POST', '2fa/enable', { code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The code is not valid. Check your authenticator app and try again.');
    const junk = await client.request('POST', '2fa/enable', { code: 'abc' });
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe('The code must be 6 digits.');
    expect((await client.request('GET', '2fa')).body.data.enabled).toBe(false);
    expect((await new ApiClient(api).login('wrong@acme.com', PW)).body.token).toEqual(expect.any(String));
    // Without a setup first there is nothing to confirm.
    await newUser('nosetup@acme.com');
    const fresh = await signedIn('nosetup@acme.com');
    const none = await fresh.request('POST', '2fa/enable', { code: '123456' });
    expect(none).toMatchObject({ status: 400, body: { message: 'Start the two-factor setup first.' } });
  });

  it('enable returns 10 single-view recovery codes, stores them hashed and ends the other sessions', async () => {
    await newUser('enable@acme.com');
    const other = await signedIn('enable@acme.com');
    const client = await signedIn('enable@acme.com');
    const { secret, recoveryCodes } = await enrol(client);
    secrets.add(secret);
    recoveryCodes.forEach((c) => secrets.add(c));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    recoveryCodes.forEach((c) => expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));

    expect((await other.request('GET', 'validate')).status).toBe(401);
    expect((await client.request('GET', 'validate')).status).toBe(200);
    expect((await client.request('GET', '2fa')).body.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    const stored: { code_hash: Buffer }[] = await api.db.query(`SELECT code_hash FROM two_factor_recovery_codes`);
    const dump = stored.map((r) => Buffer.from(r.code_hash).toString('latin1')).join('');
    recoveryCodes.forEach((c) => expect(dump).not.toContain(c));
    // Enabling twice is refused.
    expect((await client.request('POST', '2fa/setup')).status).toBe(409);
  });

  it('password sign-in of a two-factor account gives an mfa_token and no access token', async () => {
    await enrolled('mfa@acme.com');
    const res = await new ApiClient(api).login('mfa@acme.com', PW);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, mfa_required: true, mfa_token: expect.stringMatching(/^[\w-]{43}$/) });
    secrets.add(res.body.mfa_token);
    const [row] = await api.db.query(`SELECT token_hash FROM mfa_challenges ORDER BY created_at DESC LIMIT 1`);
    expect(Buffer.from(row.token_hash).toString('latin1')).not.toContain(res.body.mfa_token);
  });

  it('the code step signs in like a password sign-in; a wrong code is 401 with a clear message', async () => {
    const { secret } = await enrolled('step@acme.com');
    const client = new ApiClient(api);
    const mfaToken = await passwordStep(client, 'step@acme.com', PW);
    secrets.add(mfaToken);
    const wrongCode = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await codeStep(client, { mfa_token: mfaToken, code: wrongCode });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: 401, message: BAD_CODE });

    const ok = await codeStep(client, { mfa_token: mfaToken, code: totpCode(secret) });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['data', 'status', 'token']);
    expect(ok.body.data).toMatchObject({ email: 'step@acme.com', role_key: 'employee', company_name: 'Acme Air' });
    expect((await client.request('GET', 'user/me')).status).toBe(200);
  });

  it('an mfa_token is single-use and lives 5 minutes', async () => {
    const { user, secret } = await enrolled('once@acme.com');
    const client = new ApiClient(api);
    const mfaToken = await passwordStep(client, 'once@acme.com', PW);
    expect((await codeStep(client, { mfa_token: mfaToken, code: totpCode(secret) })).status).toBe(200);
    await forgetUsedStep(api, user.id);
    const again = await codeStep(new ApiClient(api), { mfa_token: mfaToken, code: totpCode(secret) });
    expect(again).toMatchObject({ status: 401, body: { message: EXPIRED } });

    const [ttl] = await api.db.query(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS s FROM mfa_challenges ORDER BY created_at DESC LIMIT 1`,
    );
    expect(ttl.s).toBe(300);
    const late = await passwordStep(new ApiClient(api), 'once@acme.com', PW);
    await api.db.query(`UPDATE mfa_challenges SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const expired = await codeStep(new ApiClient(api), { mfa_token: late, code: totpCode(secret) });
    expect(expired).toMatchObject({ status: 401, body: { message: EXPIRED } });
    // An unknown token is the same answer.
    const unknown = await codeStep(new ApiClient(api), { mfa_token: 'A'.repeat(43), code: totpCode(secret) });
    expect(unknown).toMatchObject({ status: 401, body: { message: EXPIRED } });
  });

  it('refuses a replayed code and accepts ±1 time step only', async () => {
    const { user, secret } = await enrolled('replay@acme.com');
    const code = totpCode(secret);
    const first = new ApiClient(api);
    expect((await codeStep(first, { mfa_token: await passwordStep(first, 'replay@acme.com', PW), code })).status).toBe(
      200,
    );
    const second = new ApiClient(api);
    const replay = await codeStep(second, { mfa_token: await passwordStep(second, 'replay@acme.com', PW), code });
    expect(replay).toMatchObject({ status: 401, body: { message: BAD_CODE } });

    for (const [steps, status] of [
      [-2, 401],
      [2, 401],
      [-1, 200],
    ] as const) {
      await forgetUsedStep(api, user.id);
      await api.db.query(`DELETE FROM auth_throttle`);
      const c = new ApiClient(api);
      const res = await codeStep(c, {
        mfa_token: await passwordStep(c, 'replay@acme.com', PW),
        code: totpCode(secret, steps),
      });
      expect({ steps, status: res.status }).toEqual({ steps, status });
    }
    // After a code of step −1 was used, the current step still works (it is later), the older one not.
    const c = new ApiClient(api);
    const next = await codeStep(c, { mfa_token: await passwordStep(c, 'replay@acme.com', PW), code: totpCode(secret) });
    expect(next.status).toBe(200);
  });

  it('answers 429 after 5 wrong codes, even for the right code, and raises one throttle event', async () => {
    const { secret } = await enrolled('brute@acme.com');
    const client = new ApiClient(api);
    const mfaToken = await passwordStep(client, 'brute@acme.com', PW);
    const wrongCode = String((Number(totpCode(secret)) + 333_333) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      expect((await codeStep(client, { mfa_token: mfaToken, code: wrongCode })).status).toBe(401);
    }
    const blocked = await codeStep(client, { mfa_token: mfaToken, code: totpCode(secret) });
    expect(blocked).toMatchObject({
      status: 429,
      body: { message: 'Too many login attempts. Please wait a few minutes and try again.' },
    });
    // The account+IP budget is the sign-in one: the password step is blocked too.
    expect((await new ApiClient(api).login('brute@acme.com', PW)).status).toBe(429);
    const events = await api.db.query(
      `SELECT payload FROM outbox WHERE type = 'auth.login_throttled' AND payload->>'email' = 'brute@acme.com'`,
    );
    expect(events).toHaveLength(1);

    // The challenge itself is spent after 5 failures, even once the window has passed.
    await api.db.query(`DELETE FROM auth_throttle`);
    expect((await codeStep(client, { mfa_token: mfaToken, code: totpCode(secret) })).status).toBe(429);
    const fresh = new ApiClient(api);
    const ok = await codeStep(fresh, {
      mfa_token: await passwordStep(fresh, 'brute@acme.com', PW),
      code: totpCode(secret),
    });
    expect(ok.status).toBe(200);
  });

  it('a recovery code signs in exactly once, in any case and with or without the dash', async () => {
    const { recoveryCodes } = await enrolled('recover@acme.com');
    const [code] = recoveryCodes;
    const a = new ApiClient(api);
    const typed = code.replace('-', '').toUpperCase();
    const ok = await codeStep(a, { mfa_token: await passwordStep(a, 'recover@acme.com', PW), recovery_code: typed });
    expect(ok.status).toBe(200);
    expect((await a.request('GET', '2fa')).body.data.recovery_codes_left).toBe(9);

    const b = new ApiClient(api);
    const again = await codeStep(b, { mfa_token: await passwordStep(b, 'recover@acme.com', PW), recovery_code: code });
    expect(again).toMatchObject({ status: 401, body: { message: 'Invalid recovery code. Please try again.' } });
    const both = await codeStep(b, { mfa_token: 'A'.repeat(43), code: '123456', recovery_code: code });
    expect(both.status).toBe(400);
    const neither = await codeStep(b, { mfa_token: 'A'.repeat(43) });
    expect(neither.status).toBe(400);
  });

  it('regenerating recovery codes needs a code and voids the old ones', async () => {
    const { user, client, secret, recoveryCodes } = await enrolled('regen@acme.com');
    const wrong = await client.request('POST', '2fa/recovery-codes', { code: totpCode(secret, 5) });
    expect(wrong.status).toBe(400);
    const res = await client.request('POST', '2fa/recovery-codes', { code: totpCode(secret) });
    expect(res.status).toBe(200);
    const fresh: string[] = res.body.data.recovery_codes;
    fresh.forEach((c) => secrets.add(c));
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    await forgetUsedStep(api, user.id);
    const a = new ApiClient(api);
    const old = await codeStep(a, {
      mfa_token: await passwordStep(a, 'regen@acme.com', PW),
      recovery_code: recoveryCodes[0],
    });
    expect(old.status).toBe(401);
    const b = new ApiClient(api);
    const ok = await codeStep(b, { mfa_token: await passwordStep(b, 'regen@acme.com', PW), recovery_code: fresh[0] });
    expect(ok.status).toBe(200);
  });

  it('disable needs the password and a code; afterwards sign-in is password-only again', async () => {
    const { client, secret } = await enrolled('off@acme.com');
    const badPw = await client.request('POST', '2fa/disable', { password: 'Wrong-passw0rd', code: totpCode(secret) });
    expect(badPw).toMatchObject({ status: 400, body: { message: 'Current password is incorrect.' } });
    const badCode = await client.request('POST', '2fa/disable', { password: PW, code: totpCode(secret, 4) });
    expect(badCode).toMatchObject({
      status: 400,
      body: { message: 'The code is not valid. Check your authenticator app and try again.' },
    });
    const ok = await client.request('POST', '2fa/disable', { password: PW, code: totpCode(secret) });
    expect(ok.status).toBe(200);
    const res = await new ApiClient(api).login('off@acme.com', PW);
    expect(res.body.token).toEqual(expect.any(String));
    expect(
      await api.db.query(
        `SELECT 1 FROM user_two_factor t JOIN users u ON u.id = t.user_id WHERE u.email = 'off@acme.com'`,
      ),
    ).toHaveLength(0);
  });

  it('limits wrong codes and passwords on the signed-in routes to 5 per 15 minutes', async () => {
    const { client, secret } = await enrolled('guess@acme.com');
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.request('POST', '2fa/disable', { password: `Wrong-${i}-passw0rd`, code: '000000' })).status,
      ).toBe(400);
    }
    const blocked = await client.request('POST', '2fa/disable', { password: PW, code: totpCode(secret) });
    expect(blocked).toMatchObject({
      status: 429,
      body: { message: 'Too many attempts. Please wait a few minutes and try again.' },
    });
    expect((await client.request('GET', '2fa')).body.data.enabled).toBe(true);
  });

  it('a superadmin resets another user’s two-factor: sessions end, the user is emailed', async () => {
    const { user, secret } = await enrolled('lost@acme.com');
    const session = new ApiClient(api);
    await codeStep(session, { mfa_token: await passwordStep(session, 'lost@acme.com', PW), code: totpCode(secret) });
    expect((await session.request('GET', 'validate')).status).toBe(200);
    const superadmin = await signedIn('root@example.com');
    const admin = await signedIn((await newUser('boss@acme.com', 'admin')).email);

    expect((await admin.request('DELETE', `user/${user.id}/2fa`)).status).toBe(403);
    expect((await superadmin.request('DELETE', `user/not-a-uuid/2fa`)).status).toBe(400);
    expect((await superadmin.request('DELETE', `user/00000000-0000-4000-8000-000000000000/2fa`)).status).toBe(404);
    expect((await superadmin.request('DELETE', `user/${root.id}/2fa`)).status).toBe(400);
    const plain = await newUser('never@acme.com');
    expect(await superadmin.request('DELETE', `user/${plain.id}/2fa`)).toMatchObject({
      status: 409,
      body: { message: 'This user does not use two-factor authentication.' },
    });

    const res = await superadmin.request('DELETE', `user/${user.id}/2fa`);
    expect(res.status).toBe(200);
    expect((await session.request('GET', 'validate')).status).toBe(401);
    const login = await new ApiClient(api).login('lost@acme.com', PW);
    expect(login.body.token).toEqual(expect.any(String));

    const [event]: OutboxEvent<'two_factor.reset'>[] = await api.db.query(
      `SELECT id, type, payload, actor_id AS "actorId", created_at AS "createdAt" FROM outbox WHERE type = 'two_factor.reset'`,
    );
    expect(event.payload).toMatchObject({ userId: user.id, email: 'lost@acme.com', actor: { id: root.id } });
    const mails = await emailHandlers['two_factor.reset']!(event, { publicUrl: 'http://portal.test' });
    expect(mails).toEqual([
      expect.objectContaining({ to: 'lost@acme.com', subject: 'Your two-factor authentication was reset' }),
    ]);
  });

  it('a secret that no longer decrypts (JWT_SECRET rotated) is a wrong code, never a 500', async () => {
    const { user, client, secret } = await enrolled('rotated@acme.com');
    await api.db.query(
      `UPDATE user_two_factor SET secret_enc = set_byte(secret_enc, length(secret_enc) - 1, get_byte(secret_enc, length(secret_enc) - 1) # 1) WHERE user_id = $1`,
      [user.id],
    );
    const c = new ApiClient(api);
    const res = await codeStep(c, { mfa_token: await passwordStep(c, 'rotated@acme.com', PW), code: totpCode(secret) });
    expect(res).toMatchObject({ status: 401, body: { message: BAD_CODE } });
    const regen = await client.request('POST', '2fa/recovery-codes', { code: totpCode(secret) });
    expect(regen.status).toBe(400);
  });

  it('never puts secrets, codes or mfa tokens into outbox events, notifications or emails', async () => {
    const events: OutboxEvent[] = await api.db.query(
      `SELECT id, type, payload, actor_id AS "actorId", created_at AS "createdAt" FROM outbox`,
    );
    const types = new Set(events.map((e) => e.type));
    for (const t of ['two_factor.enabled', 'two_factor.disabled', 'two_factor.reset', 'auth.login_throttled']) {
      expect(types).toContain(t);
    }
    const ctx = { publicUrl: 'http://portal.test' };
    const texts: string[] = [];
    for (const e of events) {
      texts.push(JSON.stringify(e.payload));
      const notify = notificationHandlers[e.type] as ((ev: OutboxEvent, c: typeof ctx) => unknown) | undefined;
      const mail = emailHandlers[e.type] as ((ev: OutboxEvent, c: typeof ctx) => unknown) | undefined;
      if (notify) texts.push(JSON.stringify(notify(e, ctx)));
      if (mail) texts.push(JSON.stringify(await mail(e, ctx)));
    }
    const all = texts.join('\n');
    expect(secrets.size).toBeGreaterThan(30);
    for (const s of secrets) {
      expect(all).not.toContain(s);
      expect(all).not.toContain(s.replace('-', ''));
    }
    expect(all).not.toMatch(/secret_enc|code_hash|token_hash|otpauth:/);
  });
});
