/**
 * Tokens, sessions, CSRF binding, Origin / CORS and headers. Forged, expired, swapped,
 * tampered, reset and revoked tokens are 401 over HTTP and refused on the socket handshake; logout,
 * password change, password reset and disabling a user end sessions at once (socket: `session.revoked`
 * then disconnect); foreign and `null` Origins are refused on HTTP and Socket.IO.
 */
import { createHmac } from 'node:crypto';
import { TEST_JWT_SECRET } from '../api';
import {
  ACCESS_KEY,
  ORIGIN,
  PW,
  SecClient,
  connectSocket,
  craftJwt,
  decodeJwt,
  seedWorld,
  socketOutcome,
  startSecurityApi,
  uuid,
  waitFor,
  type Probe,
  type SecurityApi,
  type World,
} from './harness';

jest.setTimeout(120_000);

describe('security: tokens, sessions, CSRF, Origin', () => {
  let api: SecurityApi;
  let w: World;
  const probes: Probe[] = [];

  beforeAll(async () => {
    api = await startSecurityApi();
    w = await seedWorld(api);
  });
  afterAll(async () => {
    for (const p of probes) p.socket.close();
    await api?.close();
  });

  const socket = (token: unknown, origin: string | null = ORIGIN) => {
    const p = connectSocket(api.baseUrl, token, origin);
    probes.push(p);
    return p;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (token: string) => fetch(`${api.baseUrl}/api/user/me`, { headers: bearer(token) });

  describe('forged and unusable access tokens → 401 (HTTP) and refused (socket)', () => {
    let good: string;
    let claims: any;

    beforeAll(async () => {
      const c = await w.signIn('emp@alpha.example');
      good = c.token!;
      claims = decodeJwt(good).payload;
      expect(decodeJwt(good).header.alg).toBe('HS256');
      expect(claims.aud).toBe('filter-portal');
    });

    it('a token crafted exactly like the server’s is accepted (so the forgeries below are faithful)', async () => {
      const now = Math.floor(Date.now() / 1000);
      const crafted = craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now, exp: now + 600 });
      expect((await me(crafted)).status).toBe(200);
    });

    it('refuses every forgery', async () => {
      const now = Math.floor(Date.now() / 1000);
      const base = { ...claims, iat: now, exp: now + 600 };
      const [, payloadPart, sigPart] = good.split('.');
      const otherUser = w.actors.adminA.user!.id;
      const forged: Record<string, string> = {
        'alg none': craftJwt({ alg: 'none', typ: 'JWT' }, base, null),
        'alg none, signature kept': `${craftJwt({ alg: 'none', typ: 'JWT' }, base, null)}${sigPart}`,
        'wrong key': craftJwt({ alg: 'HS256', typ: 'JWT' }, base, 'another-secret-that-is-long-enough-for-hs256!!'),
        'raw JWT_SECRET (underived) key': craftJwt({ alg: 'HS256', typ: 'JWT' }, base, TEST_JWT_SECRET),
        'CSRF key instead of access key': craftJwt(
          { alg: 'HS256', typ: 'JWT' },
          base,
          createHmac('sha256', TEST_JWT_SECRET).update('csrf-token').digest(),
        ),
        'RS256 header, HMAC signature': craftJwt({ alg: 'RS256', typ: 'JWT' }, base),
        'HS512 with the real key': craftJwt({ alg: 'HS512', typ: 'JWT' }, base, ACCESS_KEY, 'sha512'),
        'HS384 header': craftJwt({ alg: 'HS384', typ: 'JWT' }, base),
        expired: craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 200_000, exp: now - 60 }),
        'not yet valid': craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, nbf: now + 3600 }),
        'wrong audience': craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, aud: 'someone-else' }),
        'no audience': craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, aud: undefined }),
        'wrong purpose (typ reset)': craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, typ: 'reset' }),
        'no purpose': craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, typ: undefined }),
        'tampered payload (other user), old signature': `${good.split('.')[0]}.${Buffer.from(
          JSON.stringify({ ...claims, sub: otherUser }),
        ).toString('base64url')}.${sigPart}`,
        'tampered signature': `${good.split('.')[0]}.${payloadPart}.${sigPart.slice(0, -2)}${sigPart.endsWith('AA') ? 'BB' : 'AA'}`,
        'validly signed, other user with this session': craftJwt(
          { alg: 'HS256', typ: 'JWT' },
          { ...base, sub: otherUser },
        ),
        'validly signed, unknown session': craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, sid: uuid() }),
        'validly signed, non-uuid ids': craftJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, sid: "' OR 1=1 --" }),
        'jwk header injection': craftJwt(
          { alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: 'AAAA' }, kid: '../../dev/null' },
          base,
          Buffer.alloc(0),
        ),
        'empty token': '',
        garbage: 'not.a.jwt',
        huge: 'a'.repeat(10_000),
      };
      const failures: string[] = [];
      for (const [name, token] of Object.entries(forged)) {
        const res = await me(token);
        if (res.status !== 401) failures.push(`${name}: HTTP ${res.status}`);
        const s = socket(token);
        const outcome = await socketOutcome(s.socket);
        if (outcome === 'connected') failures.push(`${name}: socket connected`);
        s.socket.close();
      }
      expect(failures).toEqual([]);
    });

    it('a password-reset token (from the forgot flow) is not an access token', async () => {
      const anon = new SecClient(api.baseUrl);
      expect((await anon.send('POST', 'forgot-password', { body: { email: 'emp@alpha.example' } })).status).toBe(200);
      const [row] = await api.db.query(
        `SELECT payload->>'token' AS token FROM outbox WHERE type = 'account.password_reset_requested' ORDER BY created_at DESC LIMIT 1`,
      );
      expect(row.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await me(row.token)).status).toBe(401);
      const s = socket(row.token);
      expect(await socketOutcome(s.socket)).not.toBe('connected');
      // Nor is a CSRF token.
      expect((await me(anon.csrf!)).status).toBe(401);
    });

    it('a token whose session expired, was revoked, or whose company was disabled → 401', async () => {
      const c = await w.signIn('emp@alpha.example');
      const sid = decodeJwt(c.token!).payload.sid;
      await api.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [sid]);
      expect((await me(c.token!)).status).toBe(401);
      const d = await w.signIn('emp@alpha.example');
      await api.db.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1`, [
        decodeJwt(d.token!).payload.sid,
      ]);
      expect((await me(d.token!)).status).toBe(401);
      const victim = await w.freshEmployee('B');
      const e = await w.signIn(victim.email);
      const other = await w.freshCompany();
      await api.db.query(`UPDATE users SET company_id = $2 WHERE id = $1`, [victim.id, other]);
      await api.db.query(`UPDATE companies SET status = false WHERE id = $1`, [other]);
      expect((await me(e.token!)).status).toBe(401);
    });
  });

  describe('sessions end at once (HTTP and socket)', () => {
    /** Signs in twice; opens a socket for each session. */
    async function twoSessions(email: string, password = PW) {
      const a = await w.signIn(email, password);
      const b = await w.signIn(email, password);
      const sa = socket(a.token);
      const sb = socket(b.token);
      expect(await socketOutcome(sa.socket)).toBe('connected');
      expect(await socketOutcome(sb.socket)).toBe('connected');
      return { a, b, sa, sb };
    }
    const revokedThenClosed = async (p: Probe, reason: string) => {
      await waitFor(() => p.events.some((e) => e.event === 'disconnect'), 5000, 'socket disconnect');
      const names = p.events.map((e) => e.event);
      expect(names.indexOf('session.revoked')).toBeGreaterThanOrEqual(0);
      expect(names.indexOf('session.revoked')).toBeLessThan(names.indexOf('disconnect'));
      expect(JSON.parse(p.events.find((e) => e.event === 'session.revoked')!.json)).toEqual([{ reason }]);
    };

    it('logout: that session is 401 at once and its socket gets session.revoked then closes; the other lives', async () => {
      const u = await w.freshEmployee('A');
      const { a, b, sa, sb } = await twoSessions(u.email);
      expect((await a.send('POST', 'logout')).status).toBe(200);
      expect((await a.send('GET', 'user/me')).status).toBe(401);
      await revokedThenClosed(sa, 'logout');
      expect((await b.send('GET', 'user/me')).status).toBe(200);
      expect(sb.socket.connected).toBe(true);
      // The revoked token cannot open a new socket either.
      expect(await socketOutcome(socket(a.token).socket)).not.toBe('connected');
    });

    it('password change ends every other session at once', async () => {
      const u = await w.freshEmployee('A');
      const { a, b, sa, sb } = await twoSessions(u.email);
      const res = await a.send('POST', 'change-password', {
        body: { oldPassword: PW, newPassword: 'Changed-Passw0rd!42' },
      });
      expect(res.status).toBe(200);
      expect((await b.send('GET', 'user/me')).status).toBe(401);
      await revokedThenClosed(sb, 'password_changed');
      expect((await a.send('GET', 'user/me')).status).toBe(200);
      expect(sa.socket.connected).toBe(true);
    });

    it('password reset ends every session at once', async () => {
      const u = await w.freshEmployee('B');
      const { a, b, sa, sb } = await twoSessions(u.email);
      const anon = new SecClient(api.baseUrl);
      expect((await anon.send('POST', 'forgot-password', { body: { email: u.email } })).status).toBe(200);
      const [row] = await api.db.query(
        `SELECT payload->>'token' AS token FROM outbox WHERE type = 'account.password_reset_requested' AND payload->>'email' = $1`,
        [u.email],
      );
      const res = await anon.send('POST', 'reset-password', {
        body: { token: row.token, password: 'Reset-Passw0rd!77' },
      });
      expect(res.status).toBe(200);
      expect((await a.send('GET', 'user/me')).status).toBe(401);
      expect((await b.send('GET', 'user/me')).status).toBe(401);
      await revokedThenClosed(sa, 'password_changed');
      await revokedThenClosed(sb, 'password_changed');
      // Single use.
      expect(
        (await anon.send('POST', 'reset-password', { body: { token: row.token, password: 'Again-Passw0rd!77' } }))
          .status,
      ).toBe(400);
    });

    it('disabling a user (admin of the company) ends all their sessions at once', async () => {
      const u = await w.freshEmployee('A');
      const { a, b, sa, sb } = await twoSessions(u.email);
      const res = await w.actors.adminA.client.send('PATCH', `user/${u.id}`, { body: { status: false } });
      expect(res.status).toBe(200);
      expect((await a.send('GET', 'user/me')).status).toBe(401);
      expect((await b.send('GET', 'user/me')).status).toBe(401);
      await revokedThenClosed(sa, 'disabled');
      await revokedThenClosed(sb, 'disabled');
      // Re-enabling does not resurrect the old tokens.
      await w.actors.adminA.client.send('PATCH', `user/${u.id}`, { body: { status: true } });
      expect((await a.send('GET', 'user/me')).status).toBe(401);
    });

    it('deleting a user ends their sessions at once', async () => {
      const u = await w.freshEmployee('B');
      const { a, sa } = await twoSessions(u.email);
      expect((await w.actors.adminB.client.send('DELETE', `user/${u.id}`)).status).toBe(200);
      expect((await a.send('GET', 'user/me')).status).toBe(401);
      await revokedThenClosed(sa, 'deleted');
    });
  });

  describe('CSRF tokens are bound to their session or anonymous cookie', () => {
    it('a token from another session, another cookie, or expired is refused', async () => {
      const a = await w.signIn('emp@alpha.example');
      const b = await w.signIn('emp@alpha.example'); // same user, other session
      const res = await a.send('PATCH', 'user', {
        body: { username: 'Eve Employee', email: 'emp@alpha.example' },
        csrf: b.csrf!,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/CSRF/);
      // Anonymous: a token minted for one cookie does not work with another cookie.
      const x = new SecClient(api.baseUrl);
      const y = new SecClient(api.baseUrl);
      await x.refreshCsrf();
      await y.refreshCsrf();
      const cross = await y.send('POST', 'forgot-password', { body: { email: 'a@b.example' }, csrf: x.csrf! });
      expect(cross.status).toBe(403);
      // The cookie alone (as a cross-site form post would carry it) is not enough.
      const cookieOnly = await x.send('POST', 'forgot-password', { body: { email: 'a@b.example' }, csrf: 'none' });
      expect(cookieOnly.status).toBe(403);
      // A session's token is not valid without the bearer (cookie-only auth does not exist).
      const noBearer = new SecClient(api.baseUrl);
      const r = await noBearer.send('POST', 'logout', { csrf: a.csrf! });
      expect(r.status).toBe(401);
      // Expired token (timestamp 25 h ago) with a correct signature for this session.
      const sid = decodeJwt(a.token!).payload.sid;
      const ts = (Date.now() - 25 * 3600 * 1000).toString(36);
      const key = createHmac('sha256', TEST_JWT_SECRET).update('csrf-token').digest();
      const nonce = 'n'.repeat(22);
      const sig = createHmac('sha256', key).update(`s:${sid}|${nonce}|${ts}`).digest('base64url');
      const old = await a.send('PATCH', 'user', {
        body: { username: 'Eve Employee', email: 'emp@alpha.example' },
        csrf: `${nonce}.${ts}.${sig}`,
      });
      expect(old.status).toBe(403);
      // Same construction with a fresh timestamp passes (so the refusal above is the expiry).
      const ts2 = Date.now().toString(36);
      const sig2 = createHmac('sha256', key).update(`s:${sid}|${nonce}|${ts2}`).digest('base64url');
      const fresh = await a.send('PATCH', 'user', {
        body: { username: 'Eve Employee', email: 'emp@alpha.example' },
        csrf: `${nonce}.${ts2}.${sig2}`,
      });
      expect(fresh.status).toBe(200);
    });
  });

  describe('Origin, CORS and headers', () => {
    const foreign = [
      'https://evil.example',
      'null',
      'http://localhost:3999.evil.example',
      'http://localhost:4000',
      'https://localhost:3999',
    ];

    it('HTTP requests with a foreign or null Origin are refused (GET and mutations), own Origin works', async () => {
      const c = w.actors.employeeA.client;
      for (const origin of foreign) {
        const get = await c.send('GET', 'user/me', { headers: { origin } });
        expect({ origin, status: get.status }).toEqual({ origin, status: 403 });
        expect(get.text).not.toContain('emp@alpha.example');
        expect(get.headers.get('access-control-allow-origin')).toBeNull();
        const before = await api.db.query(`SELECT username FROM users WHERE email = 'emp@alpha.example'`);
        const patch = await c.send('PATCH', 'user', {
          body: { username: 'Hijacked', email: 'emp@alpha.example' },
          headers: { origin },
        });
        expect({ origin, status: patch.status }).toEqual({ origin, status: 403 });
        expect(await api.db.query(`SELECT username FROM users WHERE email = 'emp@alpha.example'`)).toEqual(before);
        const pre = await fetch(`${api.baseUrl}/api/user/me`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'PATCH',
            'access-control-request-headers': 'authorization,x-xsrf-token',
          },
        });
        expect(pre.headers.get('access-control-allow-origin')).toBeNull();
        expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      }
      expect((await c.send('GET', 'user/me', { headers: { origin: ORIGIN } })).status).toBe(200);
    });

    it('Socket.IO handshakes from a foreign or null Origin are refused even with a valid token', async () => {
      const token = w.actors.employeeA.client.token;
      for (const origin of foreign) {
        const s = socket(token, origin);
        expect({ origin, outcome: await socketOutcome(s.socket) }).toEqual({
          origin,
          outcome: expect.stringMatching(/^refused/),
        });
        s.socket.close();
      }
      // Polling transport too.
      const poll = await fetch(`${api.baseUrl}/socket.io/?EIO=4&transport=polling`, {
        headers: { origin: 'https://evil.example' },
      });
      expect(poll.status).toBeGreaterThanOrEqual(400);
      expect(poll.headers.get('access-control-allow-origin')).toBeNull();
      const ok = socket(token, ORIGIN);
      expect(await socketOutcome(ok.socket)).toBe('connected');
    });

    it('security headers on API responses', async () => {
      for (const p of ['config', 'user/me', 'nope/nothing']) {
        const res = await w.actors.employeeA.client.send('GET', p);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('same-origin');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-powered-by')).toBeNull();
      }
      const csrf = await fetch(`${api.baseUrl}/api/csrf-token`);
      const cookies = csrf.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith('portal_anon='))).toMatch(/HttpOnly/i);
      for (const c of cookies) expect(c).toMatch(/SameSite=Strict/i);
    });

    it('errors never leak stack traces or SQL', async () => {
      const res = await w.actors.superadmin.client.send('GET', `user/${"'; SELECT pg_sleep(1); --"}`);
      expect(res.status).toBe(400);
      expect(res.text).not.toMatch(/at \w+ \(|QueryFailedError|SELECT|stack/i);
    });
  });

  describe('without TRUST_PROXY, X-Forwarded-For cannot dodge the sign-in throttle', () => {
    it('5 failures from "different" forwarded addresses still lock this account+IP', async () => {
      const u = await w.freshEmployee('A');
      const c = new SecClient(api.baseUrl);
      for (let i = 0; i < 5; i++) {
        const r = await c.login(u.email, 'Wrong-passw0rd!', { 'x-forwarded-for': `203.0.113.${i + 1}` });
        expect(r.status).toBe(401);
      }
      const r = await c.login(u.email, PW, { 'x-forwarded-for': '198.51.100.77' });
      expect(r.status).toBe(429);
    });
  });
});
