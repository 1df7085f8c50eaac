import { type Db, execute, queryOne } from '@portal/db';
import type { SessionUserData } from '@portal/contracts';
import type { TwoFactorPolicy } from '@portal/domain';

import type { UserSummaryRow } from '../identity/user-summary';

export type { UserSummaryRow };

/** The session user of a summary row with its picture: what sign-in returns and the own profile starts with. */
export function toSessionUser(
  r: UserSummaryRow & { picture: string | null },
): SessionUserData & { picture: string | null } {
  return {
    _id: r.id,
    role_key: r.role,
    company_id: r.company_id,
    company_name: r.company_name,
    username: r.username,
    email: r.email,
    picture: r.picture,
  };
}

/** An account a sign-in is tried against, with what the sign-in rules need to know about it. */
export interface LoginCandidate extends UserSummaryRow {
  password_hash: string;
  status: boolean;
  company_status: boolean | null;
  picture: string | null;
  two_factor: boolean;
  policy: TwoFactorPolicy | null;
}

const CANDIDATE_SQL = `
  SELECT u.id, u.username, u.email, u.password_hash, u.role, u.status, u.company_id, u.picture,
         c.name AS company_name, c.status AS company_status,
         EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS two_factor,
         (SELECT s.value->>'require_2fa_for' FROM app_settings s WHERE s.key = 'security') AS policy
    FROM users u LEFT JOIN companies c ON c.id = u.company_id`;

export function loginCandidateByEmail(db: Db, email: string): Promise<LoginCandidate | null> {
  return queryOne<LoginCandidate>(db, `${CANDIDATE_SQL} WHERE u.email = $1`, [email]);
}

export function loginCandidateById(db: Db, userId: string): Promise<LoginCandidate | null> {
  return queryOne<LoginCandidate>(db, `${CANDIDATE_SQL} WHERE u.id = $1`, [userId]);
}

export async function recordLogin(db: Db, userId: string): Promise<void> {
  await execute(db, `UPDATE users SET last_login = current_login, current_login = now() WHERE id = $1`, [userId]);
}

/** The stored password hash (null when the account is gone). */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const row = await queryOne<{ password_hash: string }>(db, `SELECT password_hash FROM users WHERE id = $1`, [userId]);
  return row?.password_hash ?? null;
}
