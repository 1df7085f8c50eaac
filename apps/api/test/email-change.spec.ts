import { createHash } from 'node:crypto';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';

const PW = 'Passw0rd!23';
const SENT = 'We sent a confirmation link to the new address. Your email changes when you open it.';
const INVALID = 'This confirmation link is invalid or has expired. Please change your email again.';

/** Own email change: current password, confirmation link to the new address, no account enumeration. */
describe('PATCH user email change → POST user/confirm-email', () => {
  let api: TestApi;
  let acme: string;
  let other: string;
  let seq = 0;

  const email = (name: string) => `${name}${++seq}@acme.example`;
  async function employee(name: string, companyId = acme) {
    const u = await createUser(api.db, { email: email(name), role: 'employee', companyId, username: name });
    const c = new ApiClient(api);
    expect((await c.login(u.email, PW)).status).toBe(200);
    return { ...u, c };
  }
  const emailOf = async (id: string) => (await api.db.query(`SELECT email FROM users WHERE id = $1`, [id]))[0].email;
  const requested = (userId: string) =>
    api.db.query(
      `SELECT payload FROM outbox WHERE type = 'account.email_change_requested' AND payload->>'userId' = $1 ORDER BY seq`,
      [userId],
    ) as Promise<{ payload: Record<string, unknown> }[]>;
  const confirm = (token: unknown) => new ApiClient(api).request('POST', 'user/confirm-email', { token });

  beforeAll(async () => {
    api = await startTestApi();
    acme = await createCompany(api.db, 'Acme');
    other = await createCompany(api.db, 'Other Co');
  });
  afterAll(() => api.close());
  beforeEach(() => api.db.query(`DELETE FROM auth_throttle`));

  it('needs the current password: missing or wrong → 400 naming `password`, nothing changes; a username alone needs none', async () => {
    const u = await employee('ann');
    const missing = await u.c.request('PATCH', 'user', { username: 'ann', email: 'ann.new@acme.example' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: 'Enter your current password to change your email address.',
      errors: { password: 'Enter your current password to change your email address.' },
    });
    const wrong = await u.c.request('PATCH', 'user', {
      username: 'ann',
      email: 'ann.new@acme.example',
      password: 'Not-the-passw0rd',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'Current password is incorrect.',
      errors: { password: 'Current password is incorrect.' },
    });
    expect(await emailOf(u.id)).toBe(u.email);
    expect(await requested(u.id)).toEqual([]);
    // The spec's body `username, email` keeps working for a username change.
    const renamed = await u.c.request('PATCH', 'user', { username: 'Ann Arbor', email: u.email });
    expect(renamed.body).toMatchObject({ status: 200, message: 'Data Updated Successfully' });
    expect(renamed.body.data).toMatchObject({ username: 'Ann Arbor', email: u.email });
  });

  it('wrong current passwords are throttled (429) with change-password', async () => {
    const u = await employee('bea');
    for (let i = 0; i < 5; i++) {
      const r = await u.c.request('PATCH', 'user', {
        username: 'bea',
        email: 'x@acme.example',
        password: `Wrong-${i}!`,
      });
      expect(r.status).toBe(400);
    }
    const blocked = await u.c.request('PATCH', 'user', { username: 'bea', email: 'x@acme.example', password: PW });
    expect(blocked.status).toBe(429);
    expect(await requested(u.id)).toEqual([]);
  });

  it('answers the same for a free address and one used in another company; only the free one gets a token', async () => {
    const u = await employee('cid');
    const foreign = await createUser(api.db, { email: email('theirs'), role: 'admin', companyId: other });
    const free = await u.c.request('PATCH', 'user', { username: 'cid', email: 'cid.free@acme.example', password: PW });
    const taken = await u.c.request('PATCH', 'user', {
      username: 'cid',
      email: foreign.email.toUpperCase(),
      password: PW,
    });
    expect(free.status).toBe(200);
    expect(taken.status).toBe(200);
    expect(free.body.message).toBe(SENT);
    expect(taken.body).toEqual({ ...free.body, data: { ...free.body.data } });
    expect(taken.body.data.email).toBe(u.email);
    const [first, second] = await requested(u.id);
    expect(first.payload).toMatchObject({ newEmail: 'cid.free@acme.example', addressInUse: false });
    expect(first.payload.token).toBeUndefined(); // the newer request superseded it and erased the token
    expect(second.payload).toMatchObject({ newEmail: foreign.email, addressInUse: true });
    expect(second.payload.token).toBeUndefined();
    const live: unknown[] = await api.db.query(
      `SELECT 1 FROM email_change_tokens WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL`,
      [u.id],
    );
    expect(live).toEqual([]);
    expect(await emailOf(u.id)).toBe(u.email);
    expect(await emailOf(foreign.id)).toBe(foreign.email);
  });

  it('the link is stored hashed, works once, and moves the account; reset links to the old address die', async () => {
    const u = await employee('dot');
    await new ApiClient(api).request('POST', 'forgot-password', { email: u.email });
    const res = await u.c.request('PATCH', 'user', { username: 'dot', email: 'Dot.New@Acme.example', password: PW });
    expect(res.body.message).toBe(SENT);
    const [{ payload }] = await requested(u.id);
    const token = payload.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await api.db.query(
      `SELECT token_hash, new_email, extract(epoch FROM expires_at - created_at)::int AS ttl FROM email_change_tokens WHERE user_id = $1`,
      [u.id],
    );
    expect(row.new_email).toBe('dot.new@acme.example');
    expect(row.ttl).toBe(3600);
    expect(Buffer.compare(row.token_hash, createHash('sha256').update(Buffer.from(token, 'base64url')).digest())).toBe(
      0,
    );

    const ok = await confirm(token);
    expect(ok.body).toEqual({
      status: 200,
      message: 'Your email address has been changed. Use the new address to sign in.',
      data: { email: 'dot.new@acme.example' },
    });
    expect(await emailOf(u.id)).toBe('dot.new@acme.example');
    expect((await confirm(token)).body).toEqual({ status: 400, message: INVALID });
    // The raw token left the outbox; the pending password-reset link is void.
    const [again] = await requested(u.id);
    expect(again.payload.token).toBeUndefined();
    const liveResets: unknown[] = await api.db.query(
      `SELECT 1 FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL`,
      [u.id],
    );
    expect(liveResets).toEqual([]);
    expect((await new ApiClient(api).login('dot.new@acme.example', PW)).status).toBe(200);
    expect((await new ApiClient(api).login(u.email, PW)).status).toBe(401);
    // The old address is told (account.profile_updated carries previousEmail).
    const [updated] = await api.db.query(
      `SELECT payload FROM outbox WHERE type = 'account.profile_updated' AND payload->>'userId' = $1`,
      [u.id],
    );
    expect(updated.payload).toMatchObject({ changed: ['email'], previousEmail: u.email });
  });

  it('refuses expired, superseded, malformed and unknown links (400) and a disabled account', async () => {
    const u = await employee('eve');
    await u.c.request('PATCH', 'user', { username: 'eve', email: 'eve.a@acme.example', password: PW });
    const first = (await requested(u.id))[0].payload.token as string;
    await u.c.request('PATCH', 'user', { username: 'eve', email: 'eve.b@acme.example', password: PW });
    const second = (await requested(u.id))[1].payload.token as string;
    expect((await confirm(first)).body).toEqual({ status: 400, message: INVALID });
    for (const bad of ['', 'x', 'A'.repeat(43), 42, null]) expect((await confirm(bad)).status).toBe(400);
    await api.db.query(`UPDATE email_change_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      u.id,
    ]);
    expect((await confirm(second)).body).toEqual({ status: 400, message: INVALID });

    const v = await employee('vic');
    await v.c.request('PATCH', 'user', { username: 'vic', email: 'vic.b@acme.example', password: PW });
    const token = (await requested(v.id))[0].payload.token as string;
    await api.db.query(`UPDATE users SET status = false WHERE id = $1`, [v.id]);
    expect((await confirm(token)).body).toEqual({ status: 400, message: INVALID });
    expect(await emailOf(v.id)).toBe(v.email);
  });

  it('an address taken between the request and the confirmation is 409 to the mailbox owner, nothing changes', async () => {
    const u = await employee('fay');
    await u.c.request('PATCH', 'user', { username: 'fay', email: 'race@acme.example', password: PW });
    const token = (await requested(u.id))[0].payload.token as string;
    await createUser(api.db, { email: 'race@acme.example', role: 'employee', companyId: other });
    const res = await confirm(token);
    expect(res.body).toEqual({
      status: 409,
      message: 'This email address is already used by another account, so it was not changed.',
    });
    expect(await emailOf(u.id)).toBe(u.email);
  });

  it('a superadmin editing another user (PATCH user/{id}) keeps the direct change and its 409', async () => {
    const root = await createUser(api.db, { email: email('root'), role: 'superadmin' });
    const c = new ApiClient(api);
    await c.login(root.email, PW);
    const u = await employee('gus');
    const foreign = await createUser(api.db, { email: email('them'), role: 'employee', companyId: other });
    const dup = await c.request('PATCH', `user/${u.id}`, { email: foreign.email });
    expect(dup.status).toBe(409);
    const ok = await c.request('PATCH', `user/${u.id}`, { email: 'gus.direct@acme.example' });
    expect(ok.status).toBe(200);
    expect(await emailOf(u.id)).toBe('gus.direct@acme.example');
  });
});
