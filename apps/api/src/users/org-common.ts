import type { EntityManager } from 'typeorm';
import {
  rooms,
  type ClientEventMap,
  type OrgActor,
  type OrgUserRef,
  type RoleKey,
  type UserRow,
} from '@portal/contracts';
import { ORG_MSG } from '@portal/domain';
import { publishRealtime } from '@portal/platform';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';

/* Shared by the companies, users and notifications modules. */

export const ROLE_NAME: Record<RoleKey, string> = { superadmin: 'Superadmin', admin: 'Admin', employee: 'Employee' };

export function actorOf(user: RequestUser): OrgActor {
  return { id: user.id, username: user.username, email: user.email, role: user.role };
}

/** Postgres unique_violation on the users' email index → the 409 the forms show. */
export function rethrowDuplicateEmail(err: unknown): never {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.code ?? e.driverError?.code;
  const constraint = e.constraint ?? e.driverError?.constraint;
  if (code === '23505' && (constraint === undefined || constraint === 'users_email_key')) {
    throw new ApiException(409, ORG_MSG.user.emailTaken);
  }
  throw err;
}

export async function assertEmailFree(
  m: EntityManager,
  email: string,
  exceptUserId: string | null = null,
): Promise<void> {
  const rows: unknown[] = await m.query(
    `SELECT 1 FROM users WHERE email = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [email, exceptUserId],
  );
  if (rows.length) throw new ApiException(409, ORG_MSG.user.emailTaken, { email: ORG_MSG.user.emailTaken });
}

/** Tells open screens (superadmins; the company's own users) that lists they show changed. Delivered on commit. */
export async function announceOrgChange(m: EntityManager, change: ClientEventMap['org.changed']): Promise<void> {
  await publishRealtime(m, rooms.role('superadmin'), 'org.changed', change);
  if (change.companyId) await publishRealtime(m, rooms.company(change.companyId), 'org.changed', change);
}

/** Columns of a `UserRow`; `u` = users, `c` = companies (LEFT JOIN). */
export const USER_ROW_COLUMNS = `
  u.id AS "_id", u.username, u.email, u.status, u.last_login, u.created_at AS "createdAt",
  u.role AS role_key, c.name AS "companyName", u.company_id`;

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

export function userRef(r: {
  id: string;
  username: string;
  email: string;
  role: RoleKey;
  company_id: string | null;
  company_name: string | null;
}): OrgUserRef {
  return {
    userId: r.id,
    username: r.username,
    email: r.email,
    role: r.role,
    companyId: r.company_id,
    companyName: r.company_name,
  };
}

/** `LIKE` pattern for a case-insensitive substring search with the user's % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
