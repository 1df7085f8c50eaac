import { createHash, randomBytes } from 'node:crypto';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { fakeMailer, startTestWorker, waitFor as poll } from './support';

const PASSWORD = 'Passw0rd!23';
const SENT = { status: 200, message: 'If an account exists for this email, a reset link has been sent.' };
const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';

/** A client whose requests come from the given address (the test API trusts X-Forwarded-For). */
class Client extends ApiClient {
  constructor(
    api: TestApi,
    private readonly ip = '203.0.113.1',
  ) {
    super(api);
  }
  override request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
  }
}

const waitFor = <T>(fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000) => poll(fn, timeoutMs);

describe('account API: forgot/reset/change password, user/me, PATCH user', () => {
  let api: TestApi;
  let companyId: string;
  let ipCounter = 10;
  const freshIp = () => `198.51.100.${ipCounter++}`;

  /** The raw token of the user's latest reset request, as the email worker would receive it. */
  async function latestToken(email: string): Promise<string> {
    const rows: { token: string }[] = await api.db.query(
      `SELECT payload->>'token' AS token FROM outbox
        WHERE type = 'account.password_reset_requested' AND payload->>'email' = $1 ORDER BY seq DESC LIMIT 1`,
      [email],
    );
    return rows[0].token;
  }

  async function requestReset(email: string, ip = freshIp()): Promise<string> {
    const res = await new Client(api, ip).request('POST', 'forgot-password', { email });
    expect(res.body).toEqual(SENT);
    return latestToken(email);
  }

  async function signedIn(email: string, password = PASSWORD, ip = freshIp()): Promise<Client> {
    const c = new Client(api, ip);
    const res = await c.login(email, password);
    expect(res.status).toBe(200);
    return c;
  }

  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: 'true' });
    if (process.env.DEBUG_API) api.process.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
    if (process.env.DEBUG_API) api.process.stdout?.on('data', (d: Buffer) => process.stderr.write(d));
    companyId = await createCompany(api.db, 'Acme Air');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'hank']) {
      await createUser(api.db, {
        email: `${name}@acme.com`,
        role: name === 'alice' ? 'admin' : 'employee',
        companyId,
        username: name,
      });
    }
    await createUser(api.db, { email: 'off@acme.com', role: 'employee', companyId, status: false });
  });
  afterAll(() => api.close());
  beforeEach(() => api.db.query(`DELETE FROM auth_throttle`));

  describe('POST forgot-password', () => {
    it('answers identically (body and timing) for known and unknown emails, and only stores a hash', async () => {
      // Warm the route up, then time known and unknown emails alternately.
      await new Client(api, freshIp()).request('POST', 'forgot-password', { email: 'warmup@acme.com' });
      const timings = { known: [] as number[], unknown: [] as number[] };
      const bodies: unknown[] = [];
      for (let round = 0; round < 5; round++) {
        for (const [kind, email] of [
          ['known', round === 0 ? '  Bob@ACME.com ' : 'bob@acme.com'],
          ['unknown', `nobody${round}@acme.com`],
          ['unknown', 'off@acme.com'],
        ] as const) {
          const t = Date.now();
          const res = await new Client(api, freshIp()).request('POST', 'forgot-password', { email });
          timings[kind].push(Date.now() - t);
          expect(res.status).toBe(200);
          bodies.push(res.body);
        }
        await api.db.query(`DELETE FROM auth_throttle`);
      }
      for (const body of bodies) expect(body).toEqual(SENT);
      // Medians: on a loaded machine one request can be late for reasons of its own, which moves a mean
      // (at load 9 the means of three known and six unknown answers differed by 78.5 ms).
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      for (const ms of [...timings.known, ...timings.unknown]) expect(ms).toBeGreaterThanOrEqual(240);
      expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(60);

      const tokens: { email: string; token_hash: Buffer; expires_in: number }[] = await api.db.query(
        `SELECT u.email, t.token_hash, extract(epoch FROM t.expires_at - t.created_at)::int AS expires_in
           FROM password_reset_tokens t JOIN users u ON u.id = t.user_id`,
      );
      // Only the known, active account got tokens; each newer one voided the one before.
      expect(new Set(tokens.map((t) => t.email))).toEqual(new Set(['bob@acme.com']));
      expect(tokens).toHaveLength(5);
      const live: unknown[] = await api.db.query(
        `SELECT 1 FROM password_reset_tokens WHERE voided_at IS NULL AND used_at IS NULL`,
      );
      expect(live).toHaveLength(1);
      expect(tokens[0].token_hash).toHaveLength(32);
      expect(tokens[0].expires_in).toBe(3600);
      const raw = await latestToken('bob@acme.com');
      expect(raw).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
      const rawBytes = Buffer.from(raw, 'base64url');
      expect(rawBytes).toHaveLength(32);
      expect(tokens.some((t) => t.token_hash.equals(createHash('sha256').update(rawBytes).digest()))).toBe(true);
      expect(tokens.some((t) => t.token_hash.equals(rawBytes))).toBe(false);
    });

    it('validates the email with the spec messages', async () => {
      const c = new Client(api, freshIp());
      expect((await c.request('POST', 'forgot-password', { email: '' })).body).toMatchObject({
        status: 400,
        message: 'Email address is required',
      });
      expect((await c.request('POST', 'forgot-password', {})).body.message).toBe('Email address is required');
      expect((await c.request('POST', 'forgot-password', { email: 'not-an-email' })).body.message).toBe(
        'Please enter a valid email address',
      );
    });

    it('needs the CSRF token like every POST', async () => {
      const res = await new Client(api, freshIp()).request(
        'POST',
        'forgot-password',
        { email: 'bob@acme.com' },
        { 'x-xsrf-token': 'aaaa.bbbb.cccc' },
      );
      expect(res.status).toBe(403);
    });

    it('rate-limits per account (any email, known or not) with a clear 429', async () => {
      for (const email of ['carol@acme.com', 'ghost@acme.com']) {
        for (let i = 0; i < 3; i++) {
          expect((await new Client(api, freshIp()).request('POST', 'forgot-password', { email })).status).toBe(200);
        }
        const blocked = await new Client(api, freshIp()).request('POST', 'forgot-password', { email });
        expect(blocked.status).toBe(429);
        expect(blocked.body).toEqual({
          status: 429,
          message: 'Too many password reset requests. Please wait a few minutes and try again.',
        });
      }
    });

    it('rate-limits per client address', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        expect((await new Client(api, ip).request('POST', 'forgot-password', { email: `x${i}@acme.com` })).status).toBe(
          200,
        );
      }
      const blocked = await new Client(api, ip).request('POST', 'forgot-password', { email: 'x99@acme.com' });
      expect(blocked.status).toBe(429);
      // Another address is unaffected.
      expect(
        (await new Client(api, freshIp()).request('POST', 'forgot-password', { email: 'x99@acme.com' })).status,
      ).toBe(200);
    });
  });

  describe('POST reset-password', () => {
    it('sets the new password, ends every session, and the link cannot be used twice', async () => {
      const sessionA = await signedIn('dave@acme.com');
      const sessionB = await signedIn('dave@acme.com');
      const token = await requestReset('dave@acme.com');

      const res = await new Client(api, freshIp()).request('POST', 'reset-password', {
        password: 'N3w-secret-pass',
        token,
      });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);

      expect((await sessionA.request('GET', 'validate')).status).toBe(401);
      expect((await sessionB.request('GET', 'user/me')).status).toBe(401);
      expect((await new Client(api, freshIp()).login('dave@acme.com', PASSWORD)).status).toBe(401);
      expect((await new Client(api, freshIp()).login('dave@acme.com', 'N3w-secret-pass')).status).toBe(200);

      const again = await new Client(api, freshIp()).request('POST', 'reset-password', {
        password: 'An0ther-pass!',
        token,
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(INVALID_LINK);

      // The raw token no longer sits in the outbox once spent.
      const rows: { has: boolean }[] = await api.db.query(
        `SELECT payload ? 'token' AS has FROM outbox WHERE type = 'account.password_reset_requested' AND payload->>'email' = 'dave@acme.com'`,
      );
      expect(rows.every((r) => !r.has)).toBe(true);
      const events: { type: string }[] = await api.db.query(
        `SELECT type FROM outbox WHERE type = 'account.password_reset_completed' AND payload->>'email' = 'dave@acme.com'`,
      );
      expect(events).toHaveLength(1);
    });

    it('refuses an expired token', async () => {
      const token = await requestReset('erin@acme.com');
      await api.db.query(
        `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM users WHERE email = 'erin@acme.com')`,
      );
      const res = await new Client(api, freshIp()).request('POST', 'reset-password', {
        password: 'N3w-secret-pass',
        token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_LINK);
      expect((await new Client(api, freshIp()).login('erin@acme.com', PASSWORD)).status).toBe(200);
    });

    it('refuses a token superseded by a newer one; the newer one works', async () => {
      const first = await requestReset('frank@acme.com');
      const second = await requestReset('frank@acme.com');
      expect(second).not.toBe(first);
      const old = await new Client(api, freshIp()).request('POST', 'reset-password', {
        password: 'N3w-secret-pass',
        token: first,
      });
      expect(old.status).toBe(400);
      expect(old.body.message).toBe(INVALID_LINK);
      const ok = await new Client(api, freshIp()).request('POST', 'reset-password', {
        password: 'N3w-secret-pass',
        token: second,
      });
      expect(ok.status).toBe(200);
    });

    it('refuses a token voided by a password change', async () => {
      const token = await requestReset('gina@acme.com');
      const c = await signedIn('gina@acme.com');
      expect(
        (await c.request('POST', 'change-password', { oldPassword: PASSWORD, newPassword: 'Gina-new-pass-1' })).status,
      ).toBe(200);
      const res = await new Client(api, freshIp()).request('POST', 'reset-password', {
        password: 'N3w-secret-pass',
        token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_LINK);
    });

    it('refuses made-up tokens and weak passwords with the spec messages', async () => {
      const c = new Client(api, freshIp());
      const bogus = randomBytes(32).toString('base64url');
      for (const token of [bogus, 'short', '../../etc', '']) {
        const res = await c.request('POST', 'reset-password', { password: 'N3w-secret-pass', token });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(INVALID_LINK);
      }
      const token = await requestReset('hank@acme.com');
      expect((await c.request('POST', 'reset-password', { token })).body.message).toBe('Password is required');
      expect((await c.request('POST', 'reset-password', { password: '', token })).body.message).toBe(
        'Password is required',
      );
      expect((await c.request('POST', 'reset-password', { password: 'Ab1!', token })).body.message).toBe(
        'Password must be at least 8 characters long',
      );
      expect((await c.request('POST', 'reset-password', { password: 'Password123', token })).body.message).toBe(
        'This password is too common. Please choose a less predictable one.',
      );
      // None of those spent the token.
      expect((await c.request('POST', 'reset-password', { password: 'Hank-new-pass-9', token })).status).toBe(200);
    });
  });

  describe('POST change-password', () => {
    it('requires the correct current password, with a clear message', async () => {
      const c = await signedIn('alice@acme.com');
      const res = await c.request('POST', 'change-password', {
        oldPassword: 'not-my-password',
        newPassword: 'Brand-new-pass-1',
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Current password is incorrect.');
      const missing = await c.request('POST', 'change-password', { newPassword: 'Brand-new-pass-1' });
      expect(missing.body.message).toBe('Current password is required');
      const short = await c.request('POST', 'change-password', { oldPassword: PASSWORD, newPassword: 'short' });
      expect(short.body.message).toBe('New password must be at least 8 characters long');
      const common = await c.request('POST', 'change-password', { oldPassword: PASSWORD, newPassword: 'qwerty123' });
      expect(common.status).toBe(400);
      expect(common.body.message).toBe('This password is too common. Please choose a less predictable one.');
      const tooLong = await c.request('POST', 'change-password', {
        oldPassword: PASSWORD,
        newPassword: 'x'.repeat(257),
      });
      expect(tooLong.status).toBe(400);
    });

    it('needs a session', async () => {
      const res = await new Client(api, freshIp()).request('POST', 'change-password', {
        oldPassword: PASSWORD,
        newPassword: 'Brand-new-pass-1',
      });
      expect(res.status).toBe(401);
    });

    it('changes the password, keeps this session and ends the others; 128-character passwords work untruncated', async () => {
      const current = await signedIn('bob@acme.com');
      const other = await signedIn('bob@acme.com');
      const long = `${'Lo0ng-'.repeat(21)}xy`; // 128 characters
      expect(long).toHaveLength(128);
      const res = await current.request('POST', 'change-password', { oldPassword: PASSWORD, newPassword: long });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 200, message: 'Your account password has been changed successfully.' });

      expect((await current.request('GET', 'user/me')).status).toBe(200);
      expect((await other.request('GET', 'user/me')).status).toBe(401);
      expect((await new Client(api, freshIp()).login('bob@acme.com', PASSWORD)).status).toBe(401);
      expect((await new Client(api, freshIp()).login('bob@acme.com', long)).status).toBe(200);
      // No truncation: the first 72 (bcrypt) or 127 characters alone do not sign in.
      expect((await new Client(api, freshIp()).login('bob@acme.com', long.slice(0, 72))).status).toBe(401);
      expect((await new Client(api, freshIp()).login('bob@acme.com', long.slice(0, 127))).status).toBe(401);

      // Same password again is refused; changing back works from the surviving session.
      const same = await current.request('POST', 'change-password', { oldPassword: long, newPassword: long });
      expect(same.status).toBe(400);
      expect(
        (await current.request('POST', 'change-password', { oldPassword: long, newPassword: PASSWORD })).status,
      ).toBe(200);
      const events: unknown[] = await api.db.query(
        `SELECT 1 FROM outbox WHERE type = 'account.password_changed' AND payload->>'email' = 'bob@acme.com'`,
      );
      expect(events).toHaveLength(2);
    });

    it('answers 429 after 5 wrong current passwords', async () => {
      const c = await signedIn('carol@acme.com');
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await c.request('POST', 'change-password', {
              oldPassword: `wrong-${i}-pass`,
              newPassword: 'Brand-new-pass-1',
            })
          ).status,
        ).toBe(400);
      }
      const blocked = await c.request('POST', 'change-password', {
        oldPassword: PASSWORD,
        newPassword: 'Brand-new-pass-1',
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(
        'Too many incorrect password attempts. Please wait a few minutes and try again.',
      );
    });
  });

  describe('GET user/me and PATCH user', () => {
    it('returns the signed-in user', async () => {
      await createUser(api.db, { email: 'kim@acme.com', role: 'admin', companyId, username: 'kim' });
      const c = await signedIn('kim@acme.com');
      const res = await c.request('GET', 'user/me');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 200,
        data: {
          _id: expect.any(String),
          username: 'kim',
          email: 'kim@acme.com',
          role_key: 'admin',
          company_id: companyId,
          company_name: 'Acme Air',
          picture: null,
          company_picture: null,
          createdAt: expect.any(String),
          last_login: null,
        },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      expect((await new Client(api).request('GET', 'user/me')).status).toBe(401);
    });

    it('updates only username and email (mass-assignment safe), normalising the email', async () => {
      await createUser(api.db, { email: 'ivy@acme.com', role: 'employee', companyId, username: 'ivy' });
      const c = await signedIn('ivy@acme.com');
      const other = await createCompany(api.db, 'Other Co');
      const res = await c.request('PATCH', 'user', {
        username: '  Ivy Ives ',
        email: ' IVY.IVES@Acme.com ',
        role: 'superadmin',
        role_key: 'superadmin',
        company_id: other,
        status: false,
        password: PASSWORD, // the current password, required for the email change
        password_hash: 'x',
        _id: '00000000-0000-0000-0000-000000000000',
      });
      expect(res.status).toBe(200);
      // The username changes at once; the email only once the link sent to the new address is used.
      expect(res.body).toMatchObject({
        status: 200,
        message: 'We sent a confirmation link to the new address. Your email changes when you open it.',
        data: { username: 'Ivy Ives', email: 'ivy@acme.com', role_key: 'employee', company_id: companyId },
      });
      const [{ token }] = await api.db.query(
        `SELECT payload->>'token' AS token FROM outbox WHERE type = 'account.email_change_requested'
          AND payload->>'newEmail' = 'ivy.ives@acme.com'`,
      );
      const confirmed = await new Client(api, freshIp()).request('POST', 'user/confirm-email', { token });
      expect(confirmed.body).toEqual({
        status: 200,
        message: 'Your email address has been changed. Use the new address to sign in.',
        data: { email: 'ivy.ives@acme.com' },
      });
      const rows: { role: string; company_id: string; status: boolean }[] = await api.db.query(
        `SELECT role, company_id, status FROM users WHERE email = 'ivy.ives@acme.com'`,
      );
      expect(rows).toEqual([{ role: 'employee', company_id: companyId, status: true }]);
      expect((await new Client(api, freshIp()).login('ivy.ives@acme.com', PASSWORD)).status).toBe(200);
      expect((await new Client(api, freshIp()).login('ivy.ives@acme.com', 'Hacked-pass-123')).status).toBe(401);
      const events: { payload: { changed: string[]; previousEmail: string } }[] = await api.db.query(
        `SELECT payload FROM outbox WHERE type = 'account.profile_updated'
          AND payload->>'userId' = (SELECT id::text FROM users WHERE email = 'ivy.ives@acme.com') ORDER BY seq`,
      );
      expect(events.map((e) => e.payload)).toEqual([
        expect.objectContaining({ changed: ['username'], previousEmail: null }),
        expect.objectContaining({ changed: ['email'], previousEmail: 'ivy@acme.com' }),
      ]);
    });

    it('does not reveal that another user has an email (no 409) and refuses invalid input (400)', async () => {
      const c = await signedIn('hank@acme.com', 'Hank-new-pass-9');
      const dup = await c.request('PATCH', 'user', {
        username: 'hank',
        email: 'ALICE@acme.com',
        password: 'Hank-new-pass-9',
      });
      expect(dup.status).toBe(200);
      expect(dup.body.message).toBe(
        'We sent a confirmation link to the new address. Your email changes when you open it.',
      );
      expect(dup.body.data.email).toBe('hank@acme.com');
      expect((await c.request('PATCH', 'user', { username: '   ', email: 'hank@acme.com' })).body.message).toBe(
        'Username is required',
      );
      expect((await c.request('PATCH', 'user', { username: 'hank', email: 'nope' })).body.message).toBe(
        'Please enter a valid email address',
      );
      // No change → no event.
      const same = await c.request('PATCH', 'user', { username: 'hank', email: 'hank@acme.com' });
      expect(same.status).toBe(200);
      const events: unknown[] = await api.db.query(
        `SELECT 1 FROM outbox WHERE type = 'account.profile_updated' AND payload->>'email' = 'hank@acme.com'`,
      );
      expect(events).toHaveLength(0);
    });
  });

  describe('emails and notifications through the worker', () => {
    let worker: WorkerRuntime | null = null;
    afterEach(async () => {
      await worker?.stop(2000);
      worker = null;
    });

    it('mails a PUBLIC_URL reset link (never the request Host), confirmations, and writes notifications', async () => {
      const mailer = fakeMailer();
      worker = await startTestWorker(api, { REDIS_URL: undefined }, { mailer });
      await createUser(api.db, { email: 'jane@acme.com', role: 'employee', companyId, username: 'Jane' });
      const res = await new Client(api, freshIp()).request(
        'POST',
        'forgot-password',
        { email: 'jane@acme.com' },
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      );
      expect(res.body).toEqual(SENT);
      const resetMail = await waitFor(() =>
        mailer.sent.find((m) => m.to === 'jane@acme.com' && /Reset your/.test(m.subject)),
      );
      const match = /http:\/\/localhost:3999\/reset-password\?code=([A-Za-z0-9_-]{43})/.exec(resetMail.text);
      expect(match).not.toBeNull();
      expect(resetMail.html).toContain(match![0]);
      expect(resetMail.text + resetMail.html).not.toContain('evil.example');

      // The link from the email resets the password; a confirmation follows.
      const token = match![1];
      expect(
        (await new Client(api, freshIp()).request('POST', 'reset-password', { password: 'Jane-new-pass-7', token }))
          .status,
      ).toBe(200);
      await waitFor(() => mailer.sent.find((m) => m.to === 'jane@acme.com' && /was reset/.test(m.subject)));

      const c = await signedIn('jane@acme.com', 'Jane-new-pass-7');
      expect(
        (
          await c.request('POST', 'change-password', {
            oldPassword: 'Jane-new-pass-7',
            newPassword: 'Jane-newer-pass-8',
          })
        ).status,
      ).toBe(200);
      await waitFor(() => mailer.sent.find((m) => m.to === 'jane@acme.com' && /was changed/.test(m.subject)));

      expect(
        (
          await c.request('PATCH', 'user', {
            username: 'Jane',
            email: 'jane.doe@acme.com',
            password: 'Jane-newer-pass-8',
          })
        ).status,
      ).toBe(200);
      // The link goes to the NEW address; the email changes only when it is used.
      const confirm = await waitFor(() => mailer.sent.find((m) => m.to === 'jane.doe@acme.com'));
      expect(confirm.subject).toBe('Confirm your new Filter Portal email address');
      const link = /http:\/\/localhost:3999\/confirm-email\?code=([A-Za-z0-9_-]{43})/.exec(confirm.text);
      expect(link).not.toBeNull();
      expect(mailer.sent.some((m) => m.to === 'jane@acme.com' && /email address of your/.test(m.subject))).toBe(false);
      expect((await new Client(api, freshIp()).request('POST', 'user/confirm-email', { token: link![1] })).status).toBe(
        200,
      );
      const moved = await waitFor(() =>
        mailer.sent.find((m) => /email address of your/.test(m.subject) && m.text.includes('jane.doe@acme.com')),
      );
      expect(moved.to).toBe('jane@acme.com');
      expect(moved.text).toContain('jane.doe@acme.com');

      const notes = await waitFor(async () => {
        const rows: { description: string }[] = await api.db.query(
          `SELECT n.description FROM notifications n JOIN outbox o ON o.id = n.event_id
            WHERE o.type LIKE 'account.%' AND o.payload->>'userId' = (SELECT id::text FROM users WHERE email = 'jane.doe@acme.com')
            ORDER BY n.created_at`,
        );
        return rows.length >= 5 ? rows : undefined;
      });
      expect(notes.map((n) => n.description)).toEqual([
        'Requested a password reset link',
        'Reset their password with an emailed link; all sessions were signed out',
        'Changed their password; other sessions were signed out',
        'Asked to change their email to jane.doe@acme.com; waiting for the confirmation link to be used',
        expect.stringContaining('Updated their profile (email)'),
      ]);
      // A superseded or spent reset link is never mailed: its token was erased from the outbox.
      expect(mailer.sent.filter((m) => /Reset your/.test(m.subject) && m.to === 'dave@acme.com')).toHaveLength(0);
    });
  });
});
