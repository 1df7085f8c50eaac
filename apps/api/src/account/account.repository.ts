import { type Db, execute, queryOne } from '@portal/db';
import type { AccountProfile, RoleKey } from '@portal/contracts';
import { toSessionUser, type UserSummaryRow } from '../auth/auth.repository';

/* The signed-in user's own account: profile, email, password and images. */

/** The fields an own-account change reads, events carry and audit entries name. */
export interface AccountUser {
  id: string;
  username: string;
  email: string;
  company_id: string | null;
}

interface ProfileRow extends UserSummaryRow {
  picture: string | null;
  company_picture: string | null;
  created_at: Date;
  last_login: Date | null;
}

export async function findProfile(db: Db, userId: string): Promise<AccountProfile | null> {
  const r = await queryOne<ProfileRow>(
    db,
    `SELECT u.id, u.username, u.email, u.role, u.company_id, c.name AS company_name, u.picture,
            c.picture AS company_picture, u.created_at, u.last_login
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.id = $1`,
    [userId],
  );
  if (!r) return null;
  return {
    ...toSessionUser(r),
    company_picture: r.company_picture,
    createdAt: new Date(r.created_at).toISOString(),
    last_login: r.last_login ? new Date(r.last_login).toISOString() : null,
  };
}

/** The account (locked for the caller's transaction when `forUpdate`). */
export function findAccountUser(db: Db, userId: string, forUpdate = false): Promise<AccountUser | null> {
  return queryOne<AccountUser>(
    db,
    `SELECT id, username, email, company_id FROM users WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
}

export async function setUsername(db: Db, userId: string, username: string): Promise<void> {
  await execute(db, `UPDATE users SET username = $2, updated_at = now() WHERE id = $1`, [userId, username]);
}

/** Compare-and-set on the hash the caller verified: null when it changed meanwhile. */
export function replacePasswordHash(
  db: Db,
  userId: string,
  currentHash: string,
  newHash: string,
): Promise<AccountUser | null> {
  return queryOne<AccountUser>(
    db,
    `UPDATE users SET password_hash = $3, password_changed_at = now(), updated_at = now()
      WHERE id = $1 AND password_hash = $2 RETURNING id, username, email, company_id`,
    [userId, currentHash, newHash],
  );
}

/** Sets the password of a reset; null when the account is gone. */
export function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<(AccountUser & { role: RoleKey }) | null> {
  return queryOne(
    db,
    `UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now()
      WHERE id = $1 RETURNING id, username, email, role, company_id`,
    [userId, passwordHash],
  );
}

/**
 * Only active users of active companies get a reset link: a disabled account could not sign in anyway.
 * Nor does an invited person who never accepted: a revoked invitation stays revoked.
 */
export function findResettableAccount(db: Db, email: string): Promise<AccountUser | null> {
  return queryOne<AccountUser>(
    db,
    `SELECT u.id, u.username, u.email, u.company_id
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.email = $1 AND u.status AND (u.company_id IS NULL OR c.status)
        AND (NOT EXISTS (SELECT 1 FROM user_invitations i WHERE i.user_id = u.id)
             OR EXISTS (SELECT 1 FROM user_invitations i WHERE i.user_id = u.id AND i.end_reason = 'accepted'))`,
    [email],
  );
}

/** Moves the account to `newEmail`, only if it still has `oldEmail`; null otherwise. */
export function moveEmail(db: Db, userId: string, oldEmail: string, newEmail: string): Promise<AccountUser | null> {
  return queryOne<AccountUser>(
    db,
    `UPDATE users SET email = $3, updated_at = now() WHERE id = $1 AND email = $2
     RETURNING id, username, email, company_id`,
    [userId, oldEmail, newEmail],
  );
}

/* ------------------------------------------------------------------ images */

/** Is `url` the picture of the user, of a user of their company, or their company's logo? */
export async function imageVisibleTo(
  db: Db,
  url: string,
  user: { id: string; companyId: string | null },
): Promise<boolean> {
  const row = await queryOne(
    db,
    `SELECT 1 FROM users u WHERE u.picture = $1 AND (u.id = $2 OR (u.company_id IS NOT NULL AND u.company_id = $3))
     UNION ALL
     SELECT 1 FROM companies c WHERE c.picture = $1 AND c.id = $3
     LIMIT 1`,
    [url, user.id, user.companyId],
  );
  return row !== null;
}

/** Sets the user's picture; returns the previous one (null row: no such user). */
export function replaceUserPicture(
  db: Db,
  userId: string,
  url: string,
): Promise<{ old: string | null; company_id: string | null } | null> {
  return queryOne(
    db,
    `UPDATE users u SET picture = $2, updated_at = now() FROM users o
      WHERE u.id = $1 AND o.id = u.id RETURNING o.picture AS old, u.company_id`,
    [userId, url],
  );
}

/** Sets the company's logo; returns the previous one (null row: no such company). */
export function replaceCompanyPicture(
  db: Db,
  companyId: string,
  url: string,
): Promise<{ old: string | null; name: string } | null> {
  return queryOne(
    db,
    `UPDATE companies c SET picture = $2, updated_at = now() FROM companies o
      WHERE c.id = $1 AND o.id = c.id RETURNING o.picture AS old, c.name`,
    [companyId, url],
  );
}
