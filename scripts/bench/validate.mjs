// @ts-check
// GET /api/validate (JWT verify + session lookup + sliding expiry + new token) vs a bare Fastify + pg
// route doing the same work with the same SQL, measured in the same run.
import Fastify from 'fastify';
import pg from 'pg';
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { JWT_SECRET, platform, startApi, run, ratioRow } from './lib.mjs';

const LOOKUP = `SELECT s.id AS session_id, u.id, u.username, u.email, u.role, u.company_id, u.picture, c.name AS company_name
  FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
 WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status AND (u.company_id IS NULL OR c.status)`;

/** @param {string} databaseUrl */
async function baselineServer(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const key = createHmac('sha256', JWT_SECRET).update('access-token').digest();
  const app = Fastify();
  app.get('/validate', async (req, reply) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'filter-portal' });
    const { rows } = await pool.query(LOOKUP, [payload.sid, payload.sub]);
    if (!rows[0]) return reply.code(401).send({ status: 401 });
    await pool.query(`UPDATE sessions SET expires_at = now() + make_interval(secs => $2) WHERE id = $1`, [
      payload.sid,
      100000,
    ]);
    const fresh = await new SignJWT({ sid: payload.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(payload.sub)
      .setAudience('filter-portal')
      .setIssuedAt()
      .setExpirationTime('100000s')
      .sign(key);
    const r = rows[0];
    return {
      status: 200,
      token: fresh,
      data: {
        _id: r.id,
        role_key: r.role,
        company_id: r.company_id,
        company_name: r.company_name,
        username: r.username,
        email: r.email,
        picture: r.picture,
      },
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (app.server.address()).port}`,
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/** @param {string} databaseUrl */
export async function benchValidate(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const hash = await platform.hashPassword('Bench@12345');
  const { rows: c } = await client.query(`INSERT INTO companies (name) VALUES ('Bench Co') RETURNING id`);
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id) VALUES ('bench', 'bench@example.com', $1, 'employee', $2) RETURNING id`,
    [hash, c[0].id],
  );
  await client.end();

  const api = await startApi(databaseUrl);
  // Sign in through the real API to get a real session and token.
  const t = await fetch(`${api.url}/api/csrf-token`);
  const anon = t.headers
    .getSetCookie()
    .map((s) => s.split(';')[0])
    .join('; ');
  const token = (await t.json()).token;
  const login = await fetch(`${api.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: anon },
    body: JSON.stringify({ email: 'bench@example.com', password: 'Bench@12345' }),
  }).then((r) => r.json());
  if (!login.token) throw new Error(`bench login failed: ${JSON.stringify(login)}`);
  const headers = { authorization: `Bearer ${login.token}` };
  const base = await baselineServer(databaseUrl);
  try {
    // Warm both, then measure alternately.
    await run(`${base.url}/validate`, { headers, duration: 2, title: 'warm baseline' });
    await run(`${api.url}/api/validate`, { headers, duration: 2, title: 'warm api' });
    const baseline = await run(`${base.url}/validate`, { headers, title: 'baseline validate' });
    const subject = await run(`${api.url}/api/validate`, { headers, title: 'api validate' });
    return [ratioRow('GET /api/validate (authenticated)', subject, baseline)];
  } finally {
    await base.stop();
    await api.stop();
  }
}
