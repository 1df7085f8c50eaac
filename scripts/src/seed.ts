import { Client } from 'pg';
import { normalizeEmail } from '@portal/domain';
import { fillMervFromNames } from '@portal/db';
import { hashPassword } from '@portal/platform';
import { generateDemoCatalogue } from './catalogue/demo-catalogue';
import { loadCatalogue } from './catalogue/load';

/** Advisory-lock key serialising seeders across processes ('SEED'). */
const SEED_LOCK_KEY = 0x53454544;

async function withClient<T>(databaseUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5000,
    application_name: 'filter-portal-seed',
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface BootstrapResult {
  email: string;
  /** True when this call created the account; false when an account with that email already existed. */
  created: boolean;
  /** Role of the existing account (warns when the email belongs to a non-superadmin). */
  role: string;
}

/**
 * Creates the superadmin (`company_id` NULL, username 'Super Admin') unless a user with this
 * email already exists. Never changes an existing account — in particular never its password.
 */
export async function bootstrapSuperadmin(
  databaseUrl: string,
  email: string,
  password: string,
): Promise<BootstrapResult> {
  const normalized = normalizeEmail(email);
  if (!normalized) throw new Error('SUPERADMIN_EMAIL is empty');
  if (!password) throw new Error('SUPERADMIN_PASSWORD is empty');
  const passwordHash = await hashPassword(password);
  return withClient(databaseUrl, async (client) => {
    const inserted = await client.query<{ role: string }>(
      `INSERT INTO users (username, email, password_hash, role, company_id, status)
       VALUES ('Super Admin', $1, $2, 'superadmin', NULL, true)
       ON CONFLICT (email) DO NOTHING
       RETURNING role`,
      [normalized, passwordHash],
    );
    if (inserted.rowCount) return { email: normalized, created: true, role: 'superadmin' };
    const existing = await client.query<{ role: string }>(`SELECT role FROM users WHERE email = $1`, [normalized]);
    return { email: normalized, created: false, role: existing.rows[0]?.role ?? 'unknown' };
  });
}

/** Password of every demo account (local demo data only; printed by `npm start`). */
export const DEMO_PASSWORD = 'Demo@12345';

interface DemoUser {
  username: string;
  email: string;
  role: 'admin' | 'employee';
  status?: boolean;
}

interface DemoCompany {
  name: string;
  status: boolean;
  discount_percentage: string;
  rigidflow_percentage: string;
  minipro_percentage: string;
  polyroll_percentage: string;
  users: DemoUser[];
}

/** Three companies with different multipliers; one inactive company and one disabled employee. */
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    name: 'Northwind HVAC Supply',
    status: true,
    discount_percentage: '45.50',
    rigidflow_percentage: '52.00',
    minipro_percentage: '48.75',
    polyroll_percentage: '60.00',
    users: [
      { username: 'Olivia Bennett', email: 'admin@northwind-hvac.example', role: 'admin' },
      { username: 'Marcus Hill', email: 'marcus.hill@northwind-hvac.example', role: 'employee' },
      { username: 'Priya Raman', email: 'priya.raman@northwind-hvac.example', role: 'employee' },
      { username: 'Derek Olsen', email: 'derek.olsen@northwind-hvac.example', role: 'employee', status: false },
    ],
  },
  {
    name: 'Cascade Facilities Group',
    status: true,
    discount_percentage: '62.25',
    rigidflow_percentage: '70.00',
    minipro_percentage: '65.50',
    polyroll_percentage: '58.00',
    users: [
      { username: 'Hannah Cole', email: 'admin@cascade-facilities.example', role: 'admin' },
      { username: 'Luis Ortega', email: 'luis.ortega@cascade-facilities.example', role: 'employee' },
      { username: 'Grace Kim', email: 'grace.kim@cascade-facilities.example', role: 'employee' },
    ],
  },
  {
    name: 'Harborview Medical Center',
    status: false,
    discount_percentage: '38.00',
    rigidflow_percentage: '42.50',
    minipro_percentage: '40.00',
    polyroll_percentage: '55.25',
    users: [
      { username: 'Samuel Wright', email: 'admin@harborview-medical.example', role: 'admin' },
      { username: 'Aisha Khan', email: 'aisha.khan@harborview-medical.example', role: 'employee' },
    ],
  },
];

export interface DemoAccount {
  company: string;
  companyActive: boolean;
  username: string;
  email: string;
  role: 'admin' | 'employee';
  active: boolean;
}

export function demoAccounts(): DemoAccount[] {
  return DEMO_COMPANIES.flatMap((c) =>
    c.users.map((u) => ({
      company: c.name,
      companyActive: c.status,
      username: u.username,
      email: u.email,
      role: u.role,
      active: u.status ?? true,
    })),
  );
}

export interface SeedDemoResult {
  /** False when the database already had companies (nothing was written). */
  seeded: boolean;
  companies: number;
  users: number;
}

/**
 * Loads the demo companies, admins and employees — only into a database without companies,
 * so it never touches real data. All demo accounts use {@link DEMO_PASSWORD}.
 * (The demo catalogue is loaded by its own step, {@link seedCatalogue}.)
 */
export async function seedDemo(databaseUrl: string): Promise<SeedDemoResult> {
  const accounts = DEMO_COMPANIES.reduce((n, c) => n + c.users.length, 0);
  // Hash outside the transaction: argon2 is deliberately slow.
  const hashes: string[] = [];
  for (let i = 0; i < accounts; i++) hashes.push(await hashPassword(DEMO_PASSWORD));

  return withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
      if (rows[0].n > 0) {
        await client.query('ROLLBACK');
        return { seeded: false, companies: 0, users: 0 };
      }
      let users = 0;
      for (const company of DEMO_COMPANIES) {
        const inserted = await client.query<{ id: string }>(
          `INSERT INTO companies (name, status, discount_percentage, rigidflow_percentage, minipro_percentage, polyroll_percentage)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [
            company.name,
            company.status,
            company.discount_percentage,
            company.rigidflow_percentage,
            company.minipro_percentage,
            company.polyroll_percentage,
          ],
        );
        const companyId = inserted.rows[0].id;
        for (const user of company.users) {
          await client.query(
            `INSERT INTO users (username, email, password_hash, role, company_id, status)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (email) DO NOTHING`,
            [user.username, normalizeEmail(user.email), hashes[users], user.role, companyId, user.status ?? true],
          );
          users++;
        }
      }
      await client.query('COMMIT');
      return { seeded: true, companies: DEMO_COMPANIES.length, users };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}

/** Demo accounts that still exist in the database (so the banner never lists deleted ones). */
export async function existingDemoAccounts(databaseUrl: string): Promise<DemoAccount[]> {
  const all = demoAccounts();
  const rows = await withClient(databaseUrl, (client) =>
    client.query<{ email: string; status: boolean; company_status: boolean }>(
      `SELECT u.email, u.status, c.status AS company_status
         FROM users u JOIN companies c ON c.id = u.company_id
        WHERE u.email = ANY($1::text[])`,
      [all.map((a) => normalizeEmail(a.email))],
    ),
  );
  const byEmail = new Map(rows.rows.map((r) => [r.email, r]));
  return all
    .filter((a) => byEmail.has(normalizeEmail(a.email)))
    .map((a) => {
      const r = byEmail.get(normalizeEmail(a.email))!;
      return { ...a, active: r.status, companyActive: r.company_status };
    });
}

export interface SeedCatalogueResult {
  /** False when the database already had categories (nothing was written). */
  seeded: boolean;
  categories: number;
  products: number;
  variants: number;
}

/**
 * Loads the demo catalogue (scripts/src/catalogue) — only into a database without categories, so it
 * never touches a real catalogue. One transaction, set-based INSERTs (a handful of statements).
 */
export async function seedCatalogue(databaseUrl: string): Promise<SeedCatalogueResult> {
  return withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM categories');
      if (rows[0].n > 0) {
        await client.query('ROLLBACK');
        return { seeded: false, categories: 0, products: 0, variants: 0 };
      }
      const loaded = await loadCatalogue(client, generateDemoCatalogue());
      await fillMervFromNames(client);
      await client.query('COMMIT');
      return { seeded: true, categories: loaded.categories, products: loaded.products, variants: loaded.variants };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}
