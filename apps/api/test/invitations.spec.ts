import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { signIn } from './support';

/** Issue 27: invitations instead of invented passwords. */
describe('invitations API', () => {
  let api: TestApi;
  let root: ApiClient;
  let acmeAdmin: ApiClient;
  let betaAdmin: ApiClient;
  let acme: string;
  let beta: string;

  const anon = () => new ApiClient(api);
  /** The raw link token of the newest invitation emailed to `email` (only the outbox ever holds it). */
  const tokenFor = async (email: string): Promise<string | undefined> =>
    (
      await api.db.query(
        `SELECT payload->>'token' AS token FROM outbox WHERE type = 'user.invited' AND payload->>'email' = $1
          ORDER BY seq DESC LIMIT 1`,
        [email],
      )
    )[0]?.token ?? undefined;
  const auditActions = async (userId: string): Promise<string[]> =>
    (
      await api.db.query(
        `SELECT action FROM audit_log WHERE entity_id = $1
          ORDER BY created_at, (action = 'user.created') DESC`,
        [userId],
      )
    ).map((r: { action: string }) => r.action);
  const invite = (client: ApiClient, fields: Record<string, unknown>) =>
    client.request('POST', 'user', { invite: true, action: 'employee', ...fields });

  beforeAll(async () => {
    api = await startTestApi();
    acme = await createCompany(api.db, 'Acme Air');
    beta = await createCompany(api.db, 'Beta Filters');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: acme, username: 'Alice' });
    await createUser(api.db, { email: 'admin@beta.com', role: 'admin', companyId: beta, username: 'Bea' });
    root = await signIn(api, 'root@example.com');
    acmeAdmin = await signIn(api, 'admin@acme.com');
    betaAdmin = await signIn(api, 'admin@beta.com');
  });
  afterAll(() => api.close());

  it('pending → accepted: invite, open the link, choose a password, signed in; "Last login" is this sign-in', async () => {
    const res = await invite(acmeAdmin, { username: 'Ivy', email: 'ivy@acme.com' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Employee added Successfully');
    const id = res.body.data._id;
    expect(res.body.data.invitation).toMatchObject({ status: 'pending' });
    const days =
      (Date.parse(res.body.data.invitation.expires_at) - Date.parse(res.body.data.invitation.sent_at)) / 864e5;
    expect(days).toBeCloseTo(7, 3);

    // The list shows the pending invitation; no welcome email with a reset link was issued.
    const list = await acmeAdmin.request('GET', 'user/employee');
    expect(list.body.data.users.find((u: { _id: string }) => u._id === id).invitation.status).toBe('pending');
    expect(await api.db.query(`SELECT 1 FROM password_reset_tokens WHERE user_id = $1`, [id])).toHaveLength(0);
    const [created] = await api.db.query(
      `SELECT payload FROM outbox WHERE type = 'user.created' ORDER BY seq DESC LIMIT 1`,
    );
    expect(created.payload).toMatchObject({ email: 'ivy@acme.com', invited: true });

    // Only the hash is stored.
    const token = (await tokenFor('ivy@acme.com'))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await api.db.query(
      `SELECT encode(token_hash, 'hex') AS h FROM user_invitations WHERE user_id = $1`,
      [id],
    );
    expect(stored.h).not.toContain(token);

    // Nobody can sign in before accepting (no password was invented), nor reset one.
    expect((await anon().login('ivy@acme.com', 'Secret-pass1')).status).toBe(401);

    const check = await anon().request('POST', 'invitation/check', { token });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ status: 'pending', email: 'ivy@acme.com', username: 'Ivy' });

    const person = anon();
    const accepted = await person.request('POST', 'invitation/accept', { token, password: 'My-own-pass1' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ email: 'ivy@acme.com', role_key: 'employee', company_id: acme });
    person.token = accepted.body.token;
    expect((await person.request('GET', 'user/me')).status).toBe(200);
    expect((await anon().login('ivy@acme.com', 'My-own-pass1')).status).toBe(200);

    // Single use: the link now says it was used.
    const again = await anon().request('POST', 'invitation/accept', { token, password: 'Other-pass12' });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe('This invitation has already been used. Sign in with your email and password.');
    expect((await anon().request('POST', 'invitation/check', { token })).body.data.status).toBe('accepted');

    const detail = await acmeAdmin.request('GET', `user/${id}`);
    expect(detail.body.data.invitation.status).toBe('accepted');
    const row = (await acmeAdmin.request('GET', 'user/employee')).body.data.users.find(
      (u: { _id: string }) => u._id === id,
    );
    // The most recent sign-in is today (current_login); last_login keeps the spec's "previous one".
    expect(new Date(row.current_login).toDateString()).toBe(new Date().toDateString());
    expect(row.last_login).not.toBeNull();

    expect(await auditActions(id)).toEqual(
      expect.arrayContaining(['user.created', 'user.invited', 'user.invitation_accepted']),
    );
    const [acceptedEntry] = await api.db.query(
      `SELECT actor_id FROM audit_log WHERE action = 'user.invitation_accepted' AND entity_id = $1`,
      [id],
    );
    expect(acceptedEntry.actor_id).toBe(id);
    // The raw token left the outbox once the link was spent.
    expect(await tokenFor('ivy@acme.com')).toBeUndefined();
  });

  it('resend kills the old link; the new one works', async () => {
    const id = (await invite(root, { company_id: acme, username: 'Rex', email: 'rex@acme.com', action: 'admin' })).body
      .data._id;
    const first = (await tokenFor('rex@acme.com'))!;
    const res = await root.request('POST', `user/${id}/invitation/resend`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('pending');
    const second = (await tokenFor('rex@acme.com'))!;
    expect(second).not.toBe(first);

    const old = await anon().request('POST', 'invitation/check', { token: first });
    expect(old.body.data.status).toBe('superseded');
    const oldAccept = await anon().request('POST', 'invitation/accept', { token: first, password: 'My-own-pass1' });
    expect(oldAccept.status).toBe(410);
    // The old event no longer carries its token (a queued email is not sent).
    const tokens = await api.db.query(
      `SELECT payload ? 'token' AS has FROM outbox WHERE type = 'user.invited' AND payload->>'email' = 'rex@acme.com' ORDER BY seq`,
    );
    expect(tokens.map((r: { has: boolean }) => r.has)).toEqual([false, true]);

    expect(
      (await anon().request('POST', 'invitation/accept', { token: second, password: 'My-own-pass1' })).status,
    ).toBe(200);
    const done = await root.request('POST', `user/${id}/invitation/resend`);
    expect(done.status).toBe(409);
    expect(await auditActions(id)).toEqual([
      'user.created',
      'user.invited',
      'user.invited',
      'user.invitation_accepted',
    ]);
  });

  it('revoke: the link says it was withdrawn, the person may ask for a new one (once), forgot-password sends nothing', async () => {
    const id = (await invite(acmeAdmin, { username: 'Ray', email: 'ray@acme.com' })).body.data._id;
    const token = (await tokenFor('ray@acme.com'))!;
    const res = await acmeAdmin.request('DELETE', `user/${id}/invitation`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('revoked');
    expect((await acmeAdmin.request('DELETE', `user/${id}/invitation`)).status).toBe(409);

    const check = await anon().request('POST', 'invitation/check', { token });
    expect(check.body.data).toMatchObject({ status: 'revoked', email: 'ray@acme.com', new_link_requested: false });
    const accept = await anon().request('POST', 'invitation/accept', { token, password: 'My-own-pass1' });
    expect(accept.status).toBe(410);
    expect(accept.body.message).toBe('This invitation was withdrawn by your administrator.');

    // A revoked invitation cannot be bypassed with forgot-password.
    await anon().request('POST', 'forgot-password', { email: 'ray@acme.com' });
    expect(await api.db.query(`SELECT 1 FROM password_reset_tokens WHERE user_id = $1`, [id])).toHaveLength(0);

    expect((await anon().request('POST', 'invitation/request-new', { token })).status).toBe(200);
    expect((await anon().request('POST', 'invitation/request-new', { token })).status).toBe(200);
    const asks = await api.db.query(
      `SELECT payload FROM outbox WHERE type = 'user.invitation_new_link_requested' AND payload->>'userId' = $1`,
      [id],
    );
    expect(asks).toHaveLength(1);
    expect(asks[0].payload.invitationStatus).toBe('revoked');
    expect((await anon().request('POST', 'invitation/check', { token })).body.data.new_link_requested).toBe(true);

    // The spec's "Resend Account Information" re-invites (no set-password link around the revoke).
    expect((await acmeAdmin.request('GET', `user/resend/${id}`)).status).toBe(200);
    expect(await api.db.query(`SELECT 1 FROM password_reset_tokens WHERE user_id = $1`, [id])).toHaveLength(0);
    expect((await acmeAdmin.request('GET', `user/${id}`)).body.data.invitation.status).toBe('pending');
    expect((await acmeAdmin.request('DELETE', `user/${id}/invitation`)).status).toBe(200);
    // Resend after a revoke starts a new pending invitation.
    expect((await acmeAdmin.request('POST', `user/${id}/invitation/resend`)).body.data.status).toBe('pending');
    expect(await auditActions(id)).toEqual([
      'user.created',
      'user.invited',
      'user.invitation_revoked',
      'user.invitation_new_link_requested',
      'user.invited',
      'user.invitation_revoked',
      'user.invited',
    ]);
  });

  it('expiry (time moved past the 7 days): the link says expired, cannot be accepted, audited once by the system', async () => {
    const id = (await invite(acmeAdmin, { username: 'Eli', email: 'eli@acme.com' })).body.data._id;
    const token = (await tokenFor('eli@acme.com'))!;
    await api.db.query(
      `UPDATE user_invitations SET sent_at = sent_at - interval '8 days', expires_at = expires_at - interval '8 days'
        WHERE user_id = $1`,
      [id],
    );
    const row = (await acmeAdmin.request('GET', 'user/employee')).body.data.users.find(
      (u: { _id: string }) => u._id === id,
    );
    expect(row.invitation.status).toBe('expired');
    expect((await anon().request('POST', 'invitation/check', { token })).body.data.status).toBe('expired');
    const accept = await anon().request('POST', 'invitation/accept', { token, password: 'My-own-pass1' });
    expect(accept.status).toBe(410);
    expect(accept.body.message).toBe('This invitation has expired.');
    await anon().request('POST', 'invitation/check', { token });
    const expired = await api.db.query(
      `SELECT actor_username FROM audit_log WHERE action = 'user.invitation_expired' AND entity_id = $1`,
      [id],
    );
    expect(expired).toEqual([{ actor_username: 'system' }]);
    expect((await anon().request('POST', 'invitation/request-new', { token })).status).toBe(200);
    expect((await acmeAdmin.request('DELETE', `user/${id}/invitation`)).status).toBe(409);
  });

  it('company creation with invite: true invites its administrator', async () => {
    const res = await root.request('POST', 'company', {
      name: 'Gamma Air',
      username: 'Gil',
      email: 'gil@gamma.com',
      invite: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.admin.invitation.status).toBe('pending');
    expect(await tokenFor('gil@gamma.com')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [ev] = await api.db.query(
      `SELECT payload FROM outbox WHERE type = 'company.created' ORDER BY seq DESC LIMIT 1`,
    );
    expect(ev.payload.invited).toBe(true);
    expect(ev.payload.token).toBeUndefined();
  });

  it('the spec client still sends a password: no invitation, invitation null', async () => {
    const res = await acmeAdmin.request('POST', 'user', {
      username: 'Pat',
      email: 'pat@acme.com',
      password: 'Secret-pass1',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.invitation).toBeNull();
    expect((await anon().login('pat@acme.com', 'Secret-pass1')).status).toBe(200);
    const resend = await acmeAdmin.request('POST', `user/${res.body.data._id}/invitation/resend`);
    expect(resend.status).toBe(409);
  });

  it.each([
    [{ invite: true, password: 'Secret-pass1' }, 'invite', 'Send either a password or invite: true, not both'],
    [{}, 'password', 'Password is required'],
    [{ invite: 'yes' }, 'invite', 'invite must be true or false'],
  ])('400 naming the field for %j', async (fields, field, message) => {
    const res = await acmeAdmin.request('POST', 'user', { username: 'Zed', email: 'zed@acme.com', ...fields });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it('tenancy: an admin cannot resend or revoke another company’s invitation (404); employees 403; bad ids 400', async () => {
    const id = (await invite(acmeAdmin, { username: 'Tia', email: 'tia@acme.com' })).body.data._id;
    expect((await betaAdmin.request('POST', `user/${id}/invitation/resend`)).status).toBe(404);
    expect((await betaAdmin.request('DELETE', `user/${id}/invitation`)).status).toBe(404);
    expect((await anon().request('POST', `user/${id}/invitation/resend`)).status).toBe(401);
    expect((await acmeAdmin.request('DELETE', 'user/not-a-uuid/invitation')).status).toBe(400);
    expect((await betaAdmin.request('GET', 'user/employee')).body.data.users).toHaveLength(0);
  });

  it('bad links: a made-up token is 404 "not valid", a missing one 400', async () => {
    const made = await anon().request('POST', 'invitation/check', { token: 'A'.repeat(43) });
    expect(made.status).toBe(404);
    expect(made.body.message).toBe('This invitation link is not valid.');
    expect((await anon().request('POST', 'invitation/accept', { password: 'My-own-pass1' })).status).toBe(400);
    const weak = await anon().request('POST', 'invitation/accept', { token: 'A'.repeat(43), password: 'short' });
    expect(weak.status).toBe(400);
  });
});
