/**
 * Attempt budgets under concurrency: a burst fired at once (Promise.all) is evaluated at most up to
 * the budget, because each attempt is reserved atomically before anything is verified
 * (docs/SECURITY.md, "Brute force"). Sequential behaviour is covered by throttle.security.spec.ts.
 */
import { totpCode } from '../two-factor';
import { PW, SecClient, seedWorld, startSecurityApi, type SecurityApi, type World } from './harness';

jest.setTimeout(180_000);

const ACCOUNT_IP_LIMIT = 5;
const IP_LIMIT = 30;
const MANAGE_LIMIT = 5;

describe('security: attempt budgets hold for concurrent bursts', () => {
  let api: SecurityApi;
  let w: World;
  let ipSeq = 0;
  const freshIp = () => `203.0.113.${++ipSeq}`;

  beforeAll(async () => {
    api = await startSecurityApi({ TRUST_PROXY: 'true' });
    w = await seedWorld(api);
  });
  afterAll(() => api?.close());

  /** A client with its CSRF token already fetched, speaking from `ip`. */
  const clientAt = async (ip: string) => {
    const c = new SecClient(api.baseUrl);
    c.csrf = (await c.send('GET', 'csrf-token', { headers: { 'x-forwarded-for': ip } })).body.token;
    return c;
  };
  const loginFrom = (c: SecClient, ip: string, email: string, password: string) =>
    c.send('POST', 'login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });
  const statuses = (rs: { status: number }[]) =>
    rs.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
  const auditCount = async (action: string, entityId: string | null, ip: string) =>
    (
      await api.db.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND ip = $2 AND ($3::text IS NULL OR entity_id = $3::text)`,
        [action, ip, entityId],
      )
    )[0].n as number;

  /** Enrols the user's second factor; returns its secret and a signed-in client. */
  const enrolled = async (email: string) => {
    const c = await w.signIn(email);
    const secret = (await c.send('POST', '2fa/setup')).body.data.secret as string;
    const enabled = await c.send('POST', '2fa/enable', { body: { code: totpCode(secret) } });
    if (enabled.status !== 200) throw new Error(`2fa enable failed: ${enabled.status}`);
    return { secret, client: c };
  };

  it(`50 wrong passwords at once on one account from one address: ${ACCOUNT_IP_LIMIT} evaluated, the rest 429`, async () => {
    const victim = await w.freshEmployee('A');
    const ip = freshIp();
    const clients = await Promise.all(Array.from({ length: 50 }, () => clientAt(ip)));
    const rs = await Promise.all(clients.map((c, i) => loginFrom(c, ip, victim.email, `Wrong-${i}-passw0rd`)));
    expect(statuses(rs)).toEqual({ 401: ACCOUNT_IP_LIMIT, 429: 50 - ACCOUNT_IP_LIMIT });
    expect(await auditCount('auth.login_failed', victim.id, ip)).toBe(ACCOUNT_IP_LIMIT);
    // The budget is spent: even the right password waits for the window.
    expect((await loginFrom(clients[0], ip, victim.email, PW)).status).toBe(429);
    // A refused request spent nothing: the per-IP counter holds only the evaluated failures.
    const [ipCounter] = await api.db.query(`SELECT failures FROM auth_throttle WHERE key = $1`, [`ip:${ip}`]);
    expect(ipCounter.failures).toBe(ACCOUNT_IP_LIMIT);
  });

  it(`50 unknown emails at once from one address: ${IP_LIMIT} evaluated, the rest 429`, async () => {
    const ip = freshIp();
    const clients = await Promise.all(Array.from({ length: 50 }, () => clientAt(ip)));
    const rs = await Promise.all(
      clients.map((c, i) => loginFrom(c, ip, `burst${i}-${w.seq()}@nowhere.example`, 'Wrong-passw0rd!')),
    );
    expect(statuses(rs)).toEqual({ 401: IP_LIMIT, 429: 50 - IP_LIMIT });
    expect(await auditCount('auth.login_failed', null, ip)).toBe(IP_LIMIT);
  });

  it('right passwords in a burst hand their attempts back: nothing is counted, the account signs in afterwards', async () => {
    const user = await w.freshEmployee('B');
    const ip = freshIp();
    const clients = await Promise.all(Array.from({ length: 8 }, () => clientAt(ip)));
    const rs = await Promise.all(clients.map((c) => loginFrom(c, ip, user.email, PW)));
    // Attempts in flight hold a place in the budget until they are answered, so some may wait (429).
    expect(rs.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(rs.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    const counters = await api.db.query(
      `SELECT coalesce(sum(failures), 0)::int AS n FROM auth_throttle WHERE key = $1`,
      [`ip:${ip}`],
    );
    expect(counters[0].n).toBe(0);
    expect((await loginFrom(clients[0], ip, user.email, PW)).status).toBe(200);
  });

  it(`10 challenges × 5 wrong codes at once: ${ACCOUNT_IP_LIMIT} codes evaluated, the rest 429`, async () => {
    const user = await w.freshEmployee('A');
    const { secret } = await enrolled(user.email);
    const ip = freshIp();
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await clientAt(ip);
      const res = await loginFrom(c, ip, user.email, PW);
      expect(res.body.mfa_required).toBe(true);
      tokens.push(res.body.mfa_token);
    }
    // Ten minutes ahead: outside the ±1-step window, so certainly wrong.
    const wrong = totpCode(secret, 20);
    const clients = await Promise.all(Array.from({ length: 50 }, () => clientAt(ip)));
    const rs = await Promise.all(
      clients.map((c, i) =>
        c.send('POST', 'login/2fa', {
          body: { mfa_token: tokens[i % 10], code: wrong },
          headers: { 'x-forwarded-for': ip },
        }),
      ),
    );
    expect(statuses(rs)).toEqual({ 401: ACCOUNT_IP_LIMIT, 429: 50 - ACCOUNT_IP_LIMIT });
    expect(await auditCount('auth.two_factor_failed', user.id, ip)).toBe(ACCOUNT_IP_LIMIT);
    // From another address the owner signs in with the right code (enrolment used the current step).
    await api.db.query(`UPDATE user_two_factor SET last_used_step = NULL WHERE user_id = $1`, [user.id]);
    const other = freshIp();
    const c = await clientAt(other);
    const step = await loginFrom(c, other, user.email, PW);
    const ok = await c.send('POST', 'login/2fa', {
      body: { mfa_token: step.body.mfa_token, code: totpCode(secret) },
      headers: { 'x-forwarded-for': other },
    });
    expect(ok.status).toBe(200);
  });

  it(`40 POST /api/2fa/disable at once with a wrong code: ${MANAGE_LIMIT} evaluated, the rest 429; the factor stays`, async () => {
    const user = await w.freshEmployee('B');
    const { secret, client } = await enrolled(user.email);
    const wrong = totpCode(secret, 20);
    const rs = await Promise.all(
      Array.from({ length: 40 }, () => client.send('POST', '2fa/disable', { body: { password: PW, code: wrong } })),
    );
    expect(statuses(rs)).toEqual({ 400: MANAGE_LIMIT, 429: 40 - MANAGE_LIMIT });
    const status = await client.send('GET', '2fa');
    expect(status.body.data.enabled).toBe(true);
  });
});
