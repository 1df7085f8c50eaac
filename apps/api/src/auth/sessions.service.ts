import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { rooms, type ClientEventMap, type RoleKey } from '@portal/contracts';
import { publishRealtime } from '@portal/platform';
import { returnedRows } from '@portal/db';
import type { RequestUser } from '../common/request-user';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit.sql';
import { SESSION_TTL_SECONDS } from './token.service';

type RevokeReason = ClientEventMap['session.revoked']['reason'];

interface RevokedRow {
  id: string;
  user_id: string;
  company_id: string | null;
}

interface SessionRow {
  session_id: string;
  id: string;
  username: string;
  email: string;
  role: RoleKey;
  company_id: string | null;
  company_name: string | null;
  picture: string | null;
  enrolment_only: boolean;
}

/** Server-side sessions: one row per sign-in; every request and socket checks it. */
@Injectable()
export class SessionsService {
  constructor(private readonly db: DataSource) {}

  async create(
    manager: EntityManager,
    userId: string,
    ip: string,
    userAgent: string | undefined,
    enrolmentOnly = false,
  ): Promise<string> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO sessions (user_id, expires_at, ip, user_agent, enrolment_only)
       VALUES ($1, now() + make_interval(secs => $2), $3, $4, $5) RETURNING id`,
      [userId, SESSION_TTL_SECONDS, ip, userAgent?.slice(0, 500) ?? null, enrolmentOnly],
    );
    return rows[0].id;
  }

  /** The live session's user, or null when the session is revoked/expired or the account is disabled. */
  async lookup(sessionId: string, userId: string): Promise<RequestUser | null> {
    const rows: SessionRow[] = await this.db.query(
      `SELECT s.id AS session_id, s.enrolment_only, u.id, u.username, u.email, u.role, u.company_id, u.picture, c.name AS company_name
         FROM sessions s
         JOIN users u ON u.id = s.user_id
         LEFT JOIN companies c ON c.id = u.company_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND u.status AND (u.company_id IS NULL OR c.status)`,
      [sessionId, userId],
    );
    const r = rows[0];
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

  /** Slides the expiry forward (GET validate). */
  async extend(sessionId: string): Promise<void> {
    await this.db.query(`UPDATE sessions SET expires_at = now() + make_interval(secs => $2) WHERE id = $1`, [
      sessionId,
      SESSION_TTL_SECONDS,
    ]);
  }

  async revoke(
    manager: EntityManager,
    sessionId: string,
    reason: RevokeReason,
    actor: AuditActor | null = null,
  ): Promise<void> {
    const rows = returnedRows<RevokedRow>(
      await manager.query(
        `UPDATE sessions s SET revoked_at = now(), revoked_reason = $2 FROM users u
          WHERE s.id = $1 AND s.revoked_at IS NULL AND u.id = s.user_id
          RETURNING s.id, s.user_id, u.company_id`,
        [sessionId, reason],
      ),
    );
    await this.auditRevoked(manager, rows, reason, actor);
    await this.announceRevoked(manager, [sessionId], reason);
  }

  /**
   * Revokes every live session of the users (optionally keeping one), in the caller's transaction.
   * Their sockets get `session.revoked` and are closed once the transaction commits.
   */
  async revokeAllForUsers(
    manager: EntityManager,
    userIds: string[],
    reason: RevokeReason,
    exceptSessionId: string | null = null,
    actor: AuditActor | null = null,
  ): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows = returnedRows<RevokedRow>(
      await manager.query(
        `UPDATE sessions s SET revoked_at = now(), revoked_reason = $2 FROM users u
          WHERE s.user_id = ANY($1::uuid[]) AND s.revoked_at IS NULL AND ($3::uuid IS NULL OR s.id <> $3::uuid)
            AND u.id = s.user_id
          RETURNING s.id, s.user_id, u.company_id`,
        [userIds, reason, exceptSessionId],
      ),
    );
    await this.auditRevoked(manager, rows, reason, actor);
    await this.announceRevoked(
      manager,
      rows.map((r) => r.id),
      reason,
    );
    return rows.length;
  }

  /** One `session.revoked` entry per session, in one insert; no actor given = the system did it. */
  private async auditRevoked(
    manager: EntityManager,
    rows: RevokedRow[],
    reason: RevokeReason,
    actor: AuditActor | null,
  ): Promise<void> {
    await recordAudit(
      manager,
      actor ?? SYSTEM_ACTOR,
      rows.map((r) => ({
        action: 'session.revoked',
        entity: 'session',
        entityId: r.id,
        companyId: r.company_id,
        after: { reason, user_id: r.user_id },
      })),
    );
  }

  private async announceRevoked(manager: EntityManager, sessionIds: string[], reason: RevokeReason): Promise<void> {
    for (const sid of sessionIds) {
      await publishRealtime(manager, rooms.session(sid), 'session.revoked', { reason }, { disconnect: true });
    }
  }
}
