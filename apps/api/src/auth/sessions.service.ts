import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ClientEventMap } from '@portal/contracts';
import { commitChange, SYSTEM_ACTOR, type Actor } from '@portal/db';
import type { SessionUser } from '../common/request-user';
import { SESSION_TTL_SECONDS, TokenService } from './token.service';
import {
  extendSession,
  findLiveSession,
  insertSession,
  revokeSession,
  revokeUserSessions,
  type RevokedSessionRow,
} from './sessions.repository';

type RevokeReason = ClientEventMap['session.revoked']['reason'];

/** Server-side sessions: one row per sign-in; every request and socket checks it. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly db: DataSource,
    private readonly tokens: TokenService,
  ) {}

  async create(
    manager: EntityManager,
    userId: string,
    ip: string,
    userAgent: string | undefined,
    enrolmentOnly = false,
  ): Promise<string> {
    return insertSession(manager, {
      userId,
      ttlSeconds: SESSION_TTL_SECONDS,
      ip,
      userAgent: userAgent?.slice(0, 500) ?? null,
      enrolmentOnly,
    });
  }

  /** The user behind an access token (HTTP bearer or socket handshake), or null when it or its session is not valid. */
  async userForToken(token: string): Promise<SessionUser | null> {
    const claims = await this.tokens.verifyAccess(token);
    // Null too when the session is revoked/expired or the account or its company is disabled.
    return claims ? findLiveSession(this.db, claims.sid, claims.sub) : null;
  }

  /** Slides the expiry forward (GET validate). */
  async extend(sessionId: string): Promise<void> {
    await extendSession(this.db, sessionId, SESSION_TTL_SECONDS);
  }

  async revoke(
    manager: EntityManager,
    sessionId: string,
    reason: RevokeReason,
    actor: Actor | null = null,
  ): Promise<void> {
    const rows = await revokeSession(manager, sessionId, reason);
    await this.commitRevoked(manager, [sessionId], rows, reason, actor);
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
    actor: Actor | null = null,
  ): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows = await revokeUserSessions(manager, userIds, reason, exceptSessionId);
    await this.commitRevoked(
      manager,
      rows.map((r) => r.id),
      rows,
      reason,
      actor,
    );
    return rows.length;
  }

  /**
   * One `session.revoked` audit entry per session (one insert; no actor given = the system did it);
   * the sessions' sockets are told and closed on commit.
   */
  private async commitRevoked(
    manager: EntityManager,
    sessionIds: string[],
    rows: RevokedSessionRow[],
    reason: RevokeReason,
    actor: Actor | null,
  ): Promise<void> {
    await commitChange(manager, actor ?? SYSTEM_ACTOR, {
      events: sessionIds.length ? [{ type: 'session.revoked', payload: { sessionIds, reason } }] : [],
      audit: rows.map((r) => ({
        action: 'session.revoked',
        entity: 'session',
        entityId: r.id,
        companyId: r.company_id,
        after: { reason, user_id: r.user_id },
      })),
    });
  }
}
