import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';

describe('sign-in throttling', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
    const companyId = await createCompany(api.db);
    await createUser(api.db, { email: 'victim@acme.com', role: 'employee', companyId });
  });
  afterAll(() => api.close());

  it('answers 429 after 5 failures for one account from one address, and records one event', async () => {
    const client = new ApiClient(api);
    for (let i = 0; i < 5; i++) expect((await client.login('victim@acme.com', 'wrong-password')).status).toBe(401);
    const blocked = await client.login('victim@acme.com', 'Passw0rd!23');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many login attempts. Please wait a few minutes and try again.');
    const events: { type: string; payload: { email: string; failures: number } }[] = await api.db.query(
      `SELECT type, payload FROM outbox WHERE type = 'auth.login_throttled'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ email: 'victim@acme.com', failures: 5 });
  });

  it('recovers once the window has passed', async () => {
    await api.db.query(`UPDATE auth_throttle SET window_start = now() - interval '16 minutes'`);
    const res = await new ApiClient(api).login('victim@acme.com', 'Passw0rd!23');
    expect(res.status).toBe(200);
  });
});
