import { type Db, execute, queryOne, queryRows } from '@portal/db';
import type { SessionUser } from '../common/request-user';
import type { UserSummaryRow } from './auth.repository';

export interface RevokedSessionRow {
  id: string;
  user_id: string;
  company_id: string | null;
}

interface SessionRow extends UserSummaryRow {
  session_id: string;
  picture: string | null;
  enrolment_only: boolean;
}

export async function insertSession(
  db: Db,
  s: { userId: string; ttlSeconds: number; ip: string; userAgent: string | null; enrolmentOnly: boolean },
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO sessions (user_id, expires_at, ip, user_agent, enrolment_only)
     VALUES ($1, now() + make_interval(secs => $2), $3, $4, $5) RETURNING id`,
    [s.userId, s.ttlSeconds, s.ip, s.userAgent, s.enrolmentOnly],
  );
  return row!.id;
}

/** The live session's user, or null when the session is revoked/expired or the account is disabled. */
export async function findLiveSession(db: Db, sessionId: string, userId: string): Promise<SessionUser | null> {
  const r = await queryOne<SessionRow>(
    db,
    `SELECT s.id AS session_id, s.enrolment_only, u.id, u.username, u.email, u.role, u.company_id, u.picture, c.name AS company_name
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN companies c ON c.id = u.company_id
      WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND u.status AND (u.company_id IS NULL OR c.status)`,
    [sessionId, userId],
  );
  if (!r) return null;
  return {
    id: r.id,
    sessionId: r.session_id,
    role: r.role,
    companyId: r.company_id,
    companyName: r.company_name,
    username: r.username,
    email: r.email,
    picture: r.picture,
    enrolmentOnly: r.enrolment_only,
  };
}

export async function extendSession(db: Db, sessionId: string, ttlSeconds: number): Promise<void> {
  await execute(db, `UPDATE sessions SET expires_at = now() + make_interval(secs => $2) WHERE id = $1`, [
    sessionId,
    ttlSeconds,
  ]);
}

export function revokeSession(db: Db, sessionId: string, reason: string): Promise<RevokedSessionRow[]> {
  return queryRows<RevokedSessionRow>(
    db,
    `UPDATE sessions s SET revoked_at = now(), revoked_reason = $2 FROM users u
      WHERE s.id = $1 AND s.revoked_at IS NULL AND u.id = s.user_id
      RETURNING s.id, s.user_id, u.company_id`,
    [sessionId, reason],
  );
}

/** Every live session of the users, optionally but one. */
export function revokeUserSessions(
  db: Db,
  userIds: string[],
  reason: string,
  exceptSessionId: string | null,
): Promise<RevokedSessionRow[]> {
  return queryRows<RevokedSessionRow>(
    db,
    `UPDATE sessions s SET revoked_at = now(), revoked_reason = $2 FROM users u
      WHERE s.user_id = ANY($1::uuid[]) AND s.revoked_at IS NULL AND ($3::uuid IS NULL OR s.id <> $3::uuid)
        AND u.id = s.user_id
      RETURNING s.id, s.user_id, u.company_id`,
    [userIds, reason, exceptSessionId],
  );
}

/** Ends the enrolment-only restriction of the session that just enrolled a second factor. */
export async function liftEnrolmentOnly(db: Db, sessionId: string): Promise<void> {
  await execute(db, `UPDATE sessions SET enrolment_only = false WHERE id = $1`, [sessionId]);
}
