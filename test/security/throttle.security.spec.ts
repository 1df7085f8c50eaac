/**
 * Brute force and enumeration. The API runs with TRUST_PROXY=true so each test can
 * speak from its own client address (X-Forwarded-For). Documented limits (docs/SECURITY.md):
 * 5 failed sign-ins per account+IP and 30 per IP per 15 minutes; forgot-password 3 per email and
 * 10 per IP. Windows are moved back in the database to prove recovery.
 */
import { PW, SecClient, seedWorld, startSecurityApi, type SecurityApi, type World } from './harness';

jest.setTimeout(120_000);

const ACCOUNT_IP_LIMIT = 5;
const IP_LIMIT = 30;
const FORGOT_PER_ACCOUNT = 3;

describe('security: brute force and enumeration', () => {
  let api: SecurityApi;
  let w: World;
  let ipSeq = 0;
  const freshIp = () => `198.51.100.${++ipSeq}`;

  beforeAll(async () => {
    api = await startSecurityApi({ TRUST_PROXY: 'true' });
    w = await seedWorld(api);
  });
  afterAll(() => api?.close());

  const login = (ip: string, email: string, password: string) => {
    const c = new SecClient(api.baseUrl);
    return c.login(email, password, { 'x-forwarded-for': ip });
  };
  const moveWindowsBack = () => api.db.query(`UPDATE auth_throttle SET window_start = now() - interval '16 minutes'`);

  it(`429 after ${ACCOUNT_IP_LIMIT} failures per account+IP — even with the right password — and recovery after the window`, async () => {
    const victim = await w.freshEmployee('A');
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_IP_LIMIT; i++)
      expect((await login(ip, victim.email, `Wrong-${i}-passw0rd`)).status).toBe(401);
    const blocked = await login(ip, victim.email, PW);
    expect(blocked.status).toBe(429);
    expect((await login(ip, victim.email, 'Wrong-again-passw0rd')).status).toBe(429);
    // Another account from the same address is not blocked by this counter.
    const other = await w.freshEmployee('A');
    expect((await login(ip, other.email, PW)).status).toBe(200);
    await moveWindowsBack();
    expect((await login(ip, victim.email, PW)).status).toBe(200);
  });

  it('a victim cannot be locked out by someone else’s IP', async () => {
    const victim = await w.freshEmployee('B');
    const attacker = freshIp();
    for (let i = 0; i < ACCOUNT_IP_LIMIT + 3; i++) await login(attacker, victim.email, `Wrong-${i}-passw0rd`);
    expect((await login(attacker, victim.email, PW)).status).toBe(429);
    // The victim, from their own address, signs in at once.
    expect((await login(freshIp(), victim.email, PW)).status).toBe(200);
  });

  it(`429 for every account after ${IP_LIMIT} failures from one IP; other IPs unaffected; recovery after the window`, async () => {
    const ip = freshIp();
    let n = 0;
    for (let i = 0; i < IP_LIMIT; i++) {
      // Spread over many (unknown) emails so the per-account counter never trips first.
      const r = await login(ip, `spray${i}@nowhere.example`, 'Wrong-passw0rd!');
      expect(r.status).toBe(401);
      n++;
    }
    expect(n).toBe(IP_LIMIT);
    const innocent = await w.freshEmployee('A');
    expect((await login(ip, innocent.email, PW)).status).toBe(429);
    expect((await login(freshIp(), innocent.email, PW)).status).toBe(200);
    await moveWindowsBack();
    expect((await login(ip, innocent.email, PW)).status).toBe(200);
  });

  it('sign-in: unknown email and wrong password give identical status and body', async () => {
    const known = await w.freshEmployee('A');
    const a = await login(freshIp(), known.email, 'Wrong-passw0rd!');
    const b = await login(freshIp(), `unknown${w.seq()}@nowhere.example`, 'Wrong-passw0rd!');
    expect(a.status).toBe(401);
    expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body });
    // Throttled: identical for known and unknown too.
    const ip = freshIp();
    const unknown = `unknown${w.seq()}@nowhere.example`;
    for (let i = 0; i < ACCOUNT_IP_LIMIT; i++) {
      await login(ip, known.email, 'Wrong-passw0rd!');
      await login(ip, unknown, 'Wrong-passw0rd!');
    }
    const ta = await login(ip, known.email, 'Wrong-passw0rd!');
    const tb = await login(ip, unknown, 'Wrong-passw0rd!');
    expect(ta.status).toBe(429);
    expect({ status: tb.status, body: tb.body }).toEqual({ status: ta.status, body: ta.body });
  });

  it('forgot-password: known, unknown and disabled emails give identical status and body; the per-email budget applies alike', async () => {
    const known = await w.freshEmployee('B');
    const disabled = await w.freshEmployee('B');
    await api.db.query(`UPDATE users SET status = false WHERE id = $1`, [disabled.id]);
    const unknown = `ghost${w.seq()}@nowhere.example`;
    const forgot = async (email: string) => {
      const c = new SecClient(api.baseUrl);
      await c.refreshCsrf();
      return c.send('POST', 'forgot-password', { body: { email }, headers: { 'x-forwarded-for': freshIp() } });
    };
    const answers: Record<string, { status: number; body: unknown }[]> = { known: [], unknown: [], disabled: [] };
    for (let i = 0; i < FORGOT_PER_ACCOUNT + 1; i++) {
      for (const [k, email] of [
        ['known', known.email],
        ['unknown', unknown],
        ['disabled', disabled.email],
      ] as const) {
        const r = await forgot(email);
        answers[k].push({ status: r.status, body: r.body });
      }
    }
    expect(answers.unknown).toEqual(answers.known);
    expect(answers.disabled).toEqual(answers.known);
    expect(answers.known.map((a) => a.status)).toEqual([...Array(FORGOT_PER_ACCOUNT).fill(200), 429]);
    // Only the known, active account got a link.
    const links = await api.db.query(
      `SELECT payload->>'email' AS email FROM outbox WHERE type = 'account.password_reset_requested' AND payload->>'email' = ANY($1)`,
      [[known.email, unknown, disabled.email]],
    );
    expect(new Set(links.map((l: { email: string }) => l.email))).toEqual(new Set([known.email]));
  });

  it('change-password: wrong current passwords are throttled per user', async () => {
    const u = await w.freshEmployee('A');
    const c = await w.signIn(u.email);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await c.send('POST', 'change-password', {
            body: { oldPassword: `Wrong-${i}`, newPassword: 'Another-Passw0rd!1' },
          })
        ).status,
      ).toBe(400);
    }
    expect(
      (await c.send('POST', 'change-password', { body: { oldPassword: PW, newPassword: 'Another-Passw0rd!1' } }))
        .status,
    ).toBe(429);
  });
});
