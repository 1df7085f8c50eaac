import { ROLE_NAME, type UserDetail, type UserRow } from '@portal/contracts';
import { execute, queryOne, queryRows, type Db } from '@portal/db';
import { userEmailStatus, type SuppressionReason } from '@portal/domain';
import {
  searchParam,
  toUserRow,
  USER_ROW_COLUMNS,
  USER_ROW_INVITATION_COLUMNS,
  userSearchSql,
  type OrgUserRecord,
  type RawUserRow,
} from '../org/org.repository';
import { LATEST_INVITATION_JOIN, toInvitation, type RawInvitationColumns } from '../identity/invitations.repository';

export type TargetRow = OrgUserRecord;

type RawDetail = TargetRow &
  RawInvitationColumns & {
    picture: string | null;
    last_login: Date | null;
    current_login: Date | null;
    created_at: Date;
    email_suppression: SuppressionReason | null;
  };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The users with these ids (any order; unknown ids absent), locked for update when `lock`. */
export function findTargets(db: Db, ids: string[], lock = false): Promise<TargetRow[]> {
  return queryRows<TargetRow>(
    db,
    `SELECT u.id, u.username, u.email, u.role, u.status, u.company_id, c.name AS company_name
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.id = ANY($1::uuid[]) ${lock ? 'FOR UPDATE OF u' : ''}`,
    [ids],
  );
}

export async function findUserDetail(db: Db, id: string): Promise<UserDetail | null> {
  const r = await queryOne<RawDetail>(
    db,
    `SELECT u.id, u.username, u.email, u.role, u.status, u.company_id, u.picture, u.last_login, u.current_login,
            u.created_at, c.name AS company_name, ${USER_ROW_INVITATION_COLUMNS},
            (SELECT s.reason FROM email_suppressions s WHERE s.address = u.email) AS email_suppression
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
       ${LATEST_INVITATION_JOIN}
      WHERE u.id = $1`,
    [id],
  );
  if (!r) return null;
  return {
    _id: r.id,
    username: r.username,
    email: r.email,
    status: r.status,
    picture: r.picture,
    last_login: iso(r.last_login),
    current_login: iso(r.current_login),
    createdAt: iso(r.created_at)!,
    role_id: { key: r.role },
    role_key: r.role,
    role_name: ROLE_NAME[r.role],
    company_id: r.company_id ? { _id: r.company_id, name: r.company_name ?? '' } : null,
    companyName: r.company_name,
    email_status: userEmailStatus(r.email_suppression ?? null),
    invitation: toInvitation(r),
  };
}

/** Which users a page lists: the administrators of every company, or one company's employees. */
export type UserScope = { role: 'admin' } | { role: 'employee'; companyId: string };

/**
 * One page of user rows plus the total, in one query (window count; exact count only past the end).
 * The page is cut before companies are joined, so only the page's rows are joined, not every match.
 */
export async function userPage(
  db: Db,
  scope: UserScope,
  status: boolean | undefined,
  page: number,
  limit: number,
  search = '',
): Promise<{ users: UserRow[]; totalcount: number }> {
  const where = scope.role === 'admin' ? `u.role = 'admin'` : `u.role = 'employee' AND u.company_id = $5`;
  const extra = scope.role === 'admin' ? [] : [scope.companyId];
  const filter = `${where} AND ($1::boolean IS NULL OR u.status = $1) AND ${userSearchSql('$4')}`;
  const term = searchParam(search);
  const rows = await queryRows<RawUserRow & { total: string }>(
    db,
    `SELECT ${USER_ROW_COLUMNS}, ${USER_ROW_INVITATION_COLUMNS}, u.total
       FROM (SELECT u.*, count(*) OVER () AS total FROM users u
              WHERE ${filter}
              ORDER BY u.created_at DESC, u.id DESC LIMIT $2 OFFSET $3) u
       LEFT JOIN companies c ON c.id = u.company_id
       ${LATEST_INVITATION_JOIN}
      ORDER BY u.created_at DESC, u.id DESC`,
    [status ?? null, limit, (page - 1) * limit, term, ...extra],
  );
  let totalcount = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page > 1) {
    const c = await queryOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM users u WHERE ${filter.replaceAll('$4', '$2').replaceAll('$5', '$3')}`,
      [status ?? null, term, ...extra],
    );
    totalcount = c!.n;
  }
  return { users: rows.map(toUserRow), totalcount };
}

export function userStats(
  db: Db,
): Promise<{ activeCompanies: number; totalEmployees: number; totalAdmins: number } | null> {
  return queryOne(
    db,
    `SELECT (SELECT count(*) FROM companies WHERE status)::int AS "activeCompanies",
            (SELECT count(*) FROM users WHERE role = 'employee')::int AS "totalEmployees",
            (SELECT count(*) FROM users WHERE role = 'admin')::int AS "totalAdmins"`,
  );
}

/** Writes the given fields (absent ones keep their value). */
export async function updateUser(
  db: Db,
  id: string,
  p: { username?: string; email?: string; status?: boolean },
): Promise<void> {
  await execute(
    db,
    `UPDATE users SET username = COALESCE($2, username), email = COALESCE($3, email), status = COALESCE($4, status),
            updated_at = now() WHERE id = $1`,
    [id, p.username ?? null, p.email ?? null, p.status ?? null],
  );
}

export async function deleteUsers(db: Db, ids: string[]): Promise<void> {
  await execute(db, `DELETE FROM users WHERE id = ANY($1::uuid[])`, [ids]);
}

/** The user's current email (null: no such user). */
export async function currentEmail(db: Db, id: string): Promise<string | null> {
  const row = await queryOne<{ email: string }>(db, `SELECT email FROM users WHERE id = $1::uuid`, [id]);
  return row?.email ?? null;
}
