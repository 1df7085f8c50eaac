import { escapeLike, queryOne, queryRows, type Db } from '@portal/db';
import { ROLE_NAME, type RoleKey, type UserRow } from '@portal/contracts';
import { userEmailStatus, type SuppressionReason } from '@portal/domain';
import { toInvitation, type RawInvitationColumns } from '../identity/invitations.repository';

/* SQL shared by the companies and users modules: the user row both list, and creating a user. */

/** Columns of a `UserRow`; `u` = users, `c` = companies (LEFT JOIN). */
export const USER_ROW_COLUMNS = `
  u.id AS "_id", u.username, u.email, u.status, u.last_login, u.current_login, u.created_at AS "createdAt",
  u.role AS role_key, c.name AS "companyName", u.company_id,
  (SELECT s.reason FROM email_suppressions s WHERE s.address = u.email) AS email_suppression`;

/** The user's latest invitation beside USER_ROW_COLUMNS (needs LATEST_INVITATION_JOIN). */
export const USER_ROW_INVITATION_COLUMNS = `inv.inv_status, inv.inv_sent_at, inv.inv_expires_at`;

/**
 * The `search` filter of user lists: username or email contains the term (any case), `%`/`_`
 * taken literally. `$n` is the parameter holding likePattern(term) or null for no search.
 */
export function userSearchSql(param: string): string {
  return `(${param}::text IS NULL OR u.username ILIKE ${param} OR u.email ILIKE ${param})`;
}

/** The parameter for userSearchSql: null when there is nothing to search. */
export function searchParam(term: string | undefined): string | null {
  return term ? likePattern(term) : null;
}

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

export interface RawUserRow extends Partial<RawInvitationColumns> {
  _id: string;
  username: string;
  email: string;
  status: boolean;
  last_login: Date | null;
  current_login: Date | null;
  createdAt: Date;
  role_key: RoleKey;
  companyName: string | null;
  company_id: string | null;
  /** Why the address gets no emails, or null. */
  email_suppression?: SuppressionReason | null;
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
    email_status: userEmailStatus(r.email_suppression ?? null),
    current_login: r.current_login ? new Date(r.current_login).toISOString() : null,
    invitation: toInvitation({
      inv_status: r.inv_status ?? null,
      inv_sent_at: r.inv_sent_at ?? null,
      inv_expires_at: r.inv_expires_at ?? null,
    }),
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
