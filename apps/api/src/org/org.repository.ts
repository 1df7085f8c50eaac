import { escapeLike, queryOne, queryRows, type Db } from '@portal/db';
import { ROLE_NAME, type RoleKey, type UserRow } from '@portal/contracts';

/* SQL shared by the companies and users modules: the user row both list, and creating a user. */

/** Columns of a `UserRow`; `u` = users, `c` = companies (LEFT JOIN). */
export const USER_ROW_COLUMNS = `
  u.id AS "_id", u.username, u.email, u.status, u.last_login, u.created_at AS "createdAt",
  u.role AS role_key, c.name AS "companyName", u.company_id`;

/** A user as access checks and events see it. */
export interface OrgUserRecord {
  id: string;
  username: string;
  email: string;
  role: RoleKey;
  status: boolean;
  company_id: string | null;
  company_name: string | null;
}

export interface RawUserRow {
  _id: string;
  username: string;
  email: string;
  status: boolean;
  last_login: Date | null;
  createdAt: Date;
  role_key: RoleKey;
  companyName: string | null;
  company_id: string | null;
}

export function toUserRow(r: RawUserRow): UserRow {
  return {
    _id: r._id,
    username: r.username,
    email: r.email,
    status: r.status,
    last_login: r.last_login ? new Date(r.last_login).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
    role_key: r.role_key,
    role_name: ROLE_NAME[r.role_key],
    companyName: r.companyName,
    company_id: r.company_id,
  };
}

/** `LIKE` pattern for a case-insensitive substring search with the user's % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

export async function emailInUse(db: Db, email: string, exceptUserId: string | null = null): Promise<boolean> {
  const row = await queryOne(db, `SELECT 1 FROM users WHERE email = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`, [
    email,
    exceptUserId,
  ]);
  return row !== null;
}

export async function companyExists(db: Db, companyId: string, lock = false): Promise<boolean> {
  const row = await queryOne(db, `SELECT 1 FROM companies WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [companyId]);
  return row !== null;
}

export interface NewUserRow {
  username: string;
  email: string;
  passwordHash: string;
  role: 'admin' | 'employee';
  companyId: string;
}

/** Inserts the user into an existing company (held FOR SHARE); null when the company is gone. */
export async function insertUser(db: Db, u: NewUserRow): Promise<RawUserRow | null> {
  return queryOne<RawUserRow>(
    db,
    `WITH ins AS (
       INSERT INTO users (username, email, password_hash, role, company_id)
       SELECT $1, $2, $3, $4, c.id FROM companies c WHERE c.id = $5 FOR SHARE OF c
       RETURNING *)
     SELECT ${USER_ROW_COLUMNS} FROM ins u JOIN companies c ON c.id = u.company_id`,
    [u.username, u.email, u.passwordHash, u.role, u.companyId],
  );
}

/** Ids of a company's users (locked for a delete). */
export async function userIdsOfCompany(db: Db, companyId: string, lock = false): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    `SELECT id FROM users WHERE company_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [companyId],
  );
  return rows.map((r) => r.id);
}
