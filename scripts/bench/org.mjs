// @ts-check
// Companies list (search + sort + page) and administrators list with 1,000 companies and 20,000
// users, against a bare Fastify + pg server running the same SQL (apps/api/src/companies and users).
import pg from 'pg';
import { platform, ratioRow, run, runAtRate, scale, signIn, startApi, startBaseline } from './lib.mjs';

const COMPANIES = scale(1000, 30);

const COMPANIES_SQL = `WITH page AS (
    SELECT c.*, count(*) OVER () AS total FROM companies c WHERE c.name ILIKE $3 ESCAPE '\\'
     ORDER BY lower(c.name) ASC, c.id ASC LIMIT $1 OFFSET $2)
  SELECT c.id AS "_id", c.name, c.status, c.created_at AS "createdAt", c.picture,
         c.discount_percentage::float8 AS discount_percentage, c.rigidflow_percentage::float8 AS rigidflow_percentage,
         c.minipro_percentage::float8 AS minipro_percentage, c.polyroll_percentage::float8 AS polyroll_percentage,
         t.total_admins, t.total_employees, c.total
    FROM page c LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE u.role = 'admin')::int AS total_admins,
             count(*) FILTER (WHERE u.role = 'employee')::int AS total_employees
        FROM users u WHERE u.company_id = c.id) t ON true
   ORDER BY lower(c.name) ASC, c.id ASC`;

const ADMINS_SQL = `SELECT u.id AS "_id", u.username, u.email, u.status, u.last_login, u.created_at AS "createdAt",
         u.role AS role_key, c.name AS "companyName", u.company_id, u.total
    FROM (SELECT u.*, count(*) OVER () AS total FROM users u
           WHERE u.role = 'admin' AND ($1::boolean IS NULL OR u.status = $1)
           ORDER BY u.created_at DESC, u.id DESC LIMIT $2 OFFSET $3) u
    LEFT JOIN companies c ON c.id = u.company_id
   ORDER BY u.created_at DESC, u.id DESC`;

/** @param {string} databaseUrl */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const hash = await platform.hashPassword('Bench@12345');
  const words = ['Air', 'Filter', 'Supply', 'HVAC', 'Climate', 'Facilities', 'Medical', 'Systems', 'Group', 'Works'];
  await client.query(
    `INSERT INTO companies (name, status, discount_percentage)
     SELECT 'Company ' || g || ' ' || ($1::text[])[1 + g % 10] || ' ' || ($1::text[])[1 + (g / 10) % 10],
            g % 7 <> 0, 40 + (g % 50) FROM generate_series(1, ${COMPANIES}) g`,
    [words],
  );
  // 20,000 users: 2 admins + 18 employees per company.
  await client.query(
    `INSERT INTO users (username, email, password_hash, role, company_id, status, created_at)
     SELECT 'user ' || c.n || '-' || k, 'u' || c.n || '-' || k || '@bench.example', $1,
            CASE WHEN k <= 2 THEN 'admin' ELSE 'employee' END, c.id, k % 11 <> 0,
            now() - make_interval(mins => (c.n * 20 + k)::int)
       FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM companies) c, generate_series(1, 20) k`,
    [hash],
  );
  await client.query(
    `INSERT INTO users (username, email, password_hash, role) VALUES ('bench root', 'root@bench.example', $1, 'superadmin')`,
    [hash],
  );
  await client.query('ANALYZE');
  await client.end();
}

/** @param {string} databaseUrl */
export async function benchOrg(databaseUrl) {
  await seed(databaseUrl);
  const api = await startApi(databaseUrl);
  const headers = await signIn(api.url, 'root@bench.example', 'Bench@12345');
  const base = await startBaseline(databaseUrl, {
    '/company': async (req, pool) => {
      const { rows } = await pool.query(COMPANIES_SQL, [9, 18, '%air%']);
      return { status: 200, data: { list: rows, total: rows[0] ? Number(rows[0].total) : 0, page: 3, limit: 9 } };
    },
    '/admins': async (req, pool) => {
      const { rows } = await pool.query(ADMINS_SQL, [null, 20, 20]);
      return { status: 200, data: { users: rows, totalcount: rows[0] ? Number(rows[0].total) : 0 } };
    },
  });
  const cases = [
    [
      'GET /api/company (search + sort + page 3, 1,000 companies)',
      `${api.url}/api/company?page=3&limit=9&search=air&sortBy=name&sortOrder=asc`,
      `${base.url}/company`,
    ],
    [
      'GET /api/user/ (administrators page 2, 20,000 users)',
      `${api.url}/api/user/?page=2&limit=20`,
      `${base.url}/admins`,
    ],
  ];
  /** @type {string[]} */
  const rows = [];
  /** @type {string[]} */
  const rateRows = [];
  try {
    for (const [name, apiUrl, baseUrl] of cases) {
      await run(baseUrl, { headers, duration: 2, title: 'warm baseline' });
      await run(apiUrl, { headers, duration: 2, title: 'warm api' });
      const baseline = await run(baseUrl, { headers, title: `${name} baseline` });
      const subject = await run(apiUrl, { headers, title: name });
      rows.push(ratioRow(name, subject, baseline));
      const fixedBase = await runAtRate(baseUrl, { headers, rate: 200, title: `${name} baseline @200` });
      const fixed = await runAtRate(apiUrl, { headers, rate: 200, title: `${name} @200` });
      rateRows.push(
        `| ${name} | 200 | ${fixed.p50} | ${fixed.p95} | ${fixed.p99} | ${fixedBase.p95} | ${fixedBase.p99} | p99 < 50: ${fixed.p99 < 50 ? 'yes' : '**no**'} |`,
      );
    }
  } finally {
    await base.stop();
    await api.stop();
  }
  return { rows, rateRows };
}
