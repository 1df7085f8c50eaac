import { ORG_MSG } from '../../../libs/domain/src';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { signIn } from './support';

jest.setTimeout(120_000);

const PASSWORD = 'Secret-pass1';

/**
 * One mail budget per recipient (3 per 15 minutes) for every mail a person can make the portal send
 * to someone else, whichever route sends it; and a company admin cannot test whether an address has
 * an account (neutral 409, 10 such refusals an hour, then 429, audited; superadmins see the truth).
 */
describe('mail budget per recipient and email probing', () => {
  let api: TestApi;
  let root: ApiClient;
  let acmeAdmin: ApiClient;
  let acme: string;
  let beta: string;

  const outbox = async (type: string, email: string): Promise<number> =>
    (
      await api.db.query(`SELECT count(*)::int AS n FROM outbox WHERE type = $1 AND payload->>'email' = $2`, [
        type,
        email,
      ])
    )[0].n;
  const userCount = async (email: string): Promise<number> =>
    (await api.db.query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [email]))[0].n;
  const refusals = async (outcome: string): Promise<number> =>
    (
      await api.db.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.email_refused' AND after->>'outcome' = $1`,
        [outcome],
      )
    )[0].n;

  beforeAll(async () => {
    api = await startTestApi();
    acme = await createCompany(api.db, 'Acme Air');
    beta = await createCompany(api.db, 'Beta Filters');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: acme, username: 'Alice' });
    await createUser(api.db, { email: 'prober@acme.com', role: 'admin', companyId: acme, username: 'Pat' });
    await createUser(api.db, { email: 'burst@acme.com', role: 'admin', companyId: acme, username: 'Bo' });
    await createUser(api.db, { email: 'staff@acme.com', role: 'employee', companyId: acme, username: 'Sam' });
    await createUser(api.db, { email: 'secret@beta.com', role: 'employee', companyId: beta, username: 'Sid' });
    root = await signIn(api, 'root@example.com');
    acmeAdmin = await signIn(api, 'admin@acme.com');
  });
  afterAll(() => api?.close());

  it('an invitation and its resends share one budget: 3 mails, then both resend routes are 429, whoever asks', async () => {
    const created = await acmeAdmin.request('POST', 'user', {
      username: 'Ivy',
      email: 'ivy@acme.com',
      invite: true,
      action: 'employee',
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    expect((await acmeAdmin.request('GET', `user/resend/${id}`)).status).toBe(200);
    expect((await acmeAdmin.request('POST', `user/${id}/invitation/resend`)).status).toBe(200);
    const refused = await acmeAdmin.request('POST', `user/${id}/invitation/resend`);
    expect(refused).toMatchObject({ status: 429, body: { message: ORG_MSG.user.resendTooMany } });
    expect((await acmeAdmin.request('GET', `user/resend/${id}`)).status).toBe(429);
    expect((await root.request('POST', `user/${id}/invitation/resend`)).status).toBe(429);
    expect(await outbox('user.invited', 'ivy@acme.com')).toBe(3);
    // The link of the last mail that went out still works: nothing was superseded by a refusal.
    const open = await api.db.query(`SELECT 1 FROM user_invitations WHERE user_id = $1 AND ended_at IS NULL`, [id]);
    expect(open).toHaveLength(1);
  });

  it('a burst of 12 invitation resends to one person sends exactly 3 mails', async () => {
    const created = await root.request('POST', 'user', {
      username: 'Ola',
      email: 'ola@acme.com',
      invite: true,
      action: 'employee',
      company_id: acme,
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => acmeAdmin.request('POST', `user/${id}/invitation/resend`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await outbox('user.invited', 'ola@acme.com')).toBe(3);
  });

  it('deleting and adding the same address again does not reset its budget', async () => {
    const email = 'outside@example.org';
    for (let i = 0; i < 3; i++) {
      const res = await acmeAdmin.request('POST', 'user', { username: 'Out', email, password: PASSWORD });
      expect(res.status).toBe(201);
      expect((await acmeAdmin.request('DELETE', `user/${res.body.data._id}`)).status).toBe(200);
    }
    const refused = await acmeAdmin.request('POST', 'user', { username: 'Out', email, password: PASSWORD });
    expect(refused).toMatchObject({ status: 429, body: { message: ORG_MSG.user.mailTooMany } });
    expect(await userCount(email)).toBe(0);
  });

  it("a company admin gets the same neutral 409 for another company's person and their own; a superadmin the truth", async () => {
    for (const email of ['secret@beta.com', 'staff@acme.com', 'SECRET@beta.com']) {
      const res = await acmeAdmin.request('POST', 'user', {
        username: 'Probe',
        email,
        password: PASSWORD,
        invite: false,
      });
      expect({ email, status: res.status, body: res.body }).toEqual({
        email,
        status: 409,
        body: {
          status: 409,
          message: ORG_MSG.user.emailUnavailable,
          errors: { email: ORG_MSG.user.emailUnavailable },
        },
      });
    }
    // The same for re-pointing an employee's email.
    const [{ id: staff }] = await api.db.query(`SELECT id FROM users WHERE email = 'staff@acme.com'`);
    const moved = await acmeAdmin.request('PATCH', `user/${staff}`, { email: 'secret@beta.com' });
    expect(moved).toMatchObject({ status: 409, body: { message: ORG_MSG.user.emailUnavailable } });
    // Saving the employee with their own address unchanged is no probe.
    expect(
      (await acmeAdmin.request('PATCH', `user/${staff}`, { email: 'staff@acme.com', username: 'Sam' })).status,
    ).toBe(200);
    const truth = await root.request('POST', 'user', {
      username: 'Probe',
      email: 'secret@beta.com',
      password: PASSWORD,
      action: 'employee',
      company_id: acme,
    });
    expect(truth).toMatchObject({ status: 409, body: { message: ORG_MSG.user.emailTaken } });
    expect(await refusals('unavailable')).toBe(4);
    const [entry] = await api.db.query(
      `SELECT actor_username, company_id FROM audit_log WHERE action = 'user.email_refused' LIMIT 1`,
    );
    expect(entry).toEqual({ actor_username: 'Alice', company_id: acme });
  });

  it('10 refused addresses per admin per hour, then 429 for every new address, audited', async () => {
    const prober = await signIn(api, 'prober@acme.com');
    const before = await refusals('unavailable');
    for (let i = 0; i < 10; i++) {
      const res = await prober.request('POST', 'user', { username: 'P', email: 'secret@beta.com', password: PASSWORD });
      expect(res.status).toBe(409);
    }
    const free = await prober.request('POST', 'user', { username: 'P', email: 'free-1@acme.com', password: PASSWORD });
    expect(free).toMatchObject({ status: 429, body: { message: ORG_MSG.user.emailProbeTooMany } });
    expect(await userCount('free-1@acme.com')).toBe(0);
    expect(await refusals('unavailable')).toBe(before + 10);
    expect(await refusals('throttled')).toBe(1);
    // Another admin is not affected.
    expect(
      (await acmeAdmin.request('POST', 'user', { username: 'F', email: 'free-2@acme.com', password: PASSWORD })).status,
    ).toBe(201);
  });

  it('a concurrent burst of 20 probes gets exactly 10 answers', async () => {
    const burst = await signIn(api, 'burst@acme.com');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        burst
          .request('POST', 'user', { username: 'B', email: 'secret@beta.com', password: PASSWORD })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
