import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { InvitationChangeResponse, InvitationLinkResponse, InvitationStatus } from '@portal/contracts';
import { INVITATION_MSG, ORG_MSG, type AcceptInvitationInput } from '@portal/domain';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import type { ClientInfo } from '../auth/auth.service';
import { AuthService, type PasswordLoginResponse } from '../auth/auth.service';
import { PasswordService } from '../auth/password.service';
import { hashResetToken } from '../identity/reset-token';
import { setPasswordHash } from '../account/account.repository';
import { voidLiveResetTokens } from '../identity/account-tokens.repository';
import { UsersService } from '../users/users.service';
import { findTargets, type TargetRow } from '../users/users.repository';
import { markExpired, recordInvitationChange, sendInvitation } from '../org/invitation-changes';
import * as repo from '../identity/invitations.repository';

/** Invitations: resend / revoke by an admin; check / accept / ask again through the link. */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly passwords: PasswordService,
  ) {}

  /** `POST user/{id}/invitation/resend`: a new link (7 days); the previous link stops working. */
  async resend(id: string, caller: RequestUser): Promise<InvitationChangeResponse> {
    return this.db.transaction(async (m) => {
      const [target] = await this.users.authorize(m, [id], caller, 'write', true);
      const latest = await repo.latestInvitation(m, id, true);
      if (!latest) throw new ApiException(409, INVITATION_MSG.none);
      if (latest.status === 'accepted') throw new ApiException(409, INVITATION_MSG.alreadyAccepted);
      const data = await sendInvitation(m, caller.actor, target, true);
      return { status: 200, message: INVITATION_MSG.resent, data };
    });
  }

  /** `DELETE user/{id}/invitation`: the pending link stops working; the account stays (no password). */
  async revoke(id: string, caller: RequestUser): Promise<InvitationChangeResponse> {
    return this.db.transaction(async (m) => {
      const [target] = await this.users.authorize(m, [id], caller, 'write', true);
      const latest = await repo.latestInvitation(m, id, true);
      if (!latest) throw new ApiException(404, INVITATION_MSG.none);
      if (latest.status === 'expired') await markExpired(m, latest.id, target);
      if (latest.status !== 'pending') throw new ApiException(409, INVITATION_MSG.notPending);
      await repo.endInvitation(m, latest.id, 'revoked');
      await recordInvitationChange(m, caller.actor, target, { kind: 'revoked' });
      const data = { status: 'revoked' as const, sent_at: iso(latest.sent_at), expires_at: iso(latest.expires_at) };
      return { status: 200, message: INVITATION_MSG.revoked, data };
    });
  }

  /** `POST invitation/check`: what the link's page says up front (pending, or which end it met). */
  async check(token: string): Promise<InvitationLinkResponse> {
    return this.db.transaction(async (m) => {
      const { row, user } = await this.byToken(m, token);
      if (row.status === 'expired') await markExpired(m, row.id, user);
      return {
        status: 200,
        data: {
          status: row.status,
          email: user.email,
          username: user.username,
          expires_at: iso(row.expires_at),
          new_link_requested: row.new_link_requested_at !== null,
        },
      };
    });
  }

  /**
   * `POST invitation/accept`: a pending link sets the person's password, ends the invitation
   * ('accepted', single use) and signs them in — the same answer as `POST login`.
   */
  async accept(input: AcceptInvitationInput, client: ClientInfo): Promise<PasswordLoginResponse> {
    const peek = await this.byToken(this.db, input.token);
    if (peek.row.status !== 'pending') throw linkEnded(peek.row.status);
    const passwordHash = await this.passwords.hash(input.password);
    const userId = await this.db.transaction(async (m) => {
      const { row, user } = await this.byToken(m, input.token, true);
      if (row.status === 'expired') await markExpired(m, row.id, user);
      if (row.status !== 'pending') throw linkEnded(row.status);
      await repo.endInvitation(m, row.id, 'accepted');
      await setPasswordHash(m, user.id, passwordHash);
      await voidLiveResetTokens(m, user.id, 'password_reset');
      const self = { id: user.id, username: user.username, email: user.email, role: user.role, ip: client.ip };
      await recordInvitationChange(m, self, user, { kind: 'accepted' });
      return user.id;
    });
    return this.auth.signInVerified(userId, client);
  }

  /**
   * `POST invitation/request-new`: from an expired or withdrawn link, the person asks for a new
   * one; the administrators are notified once per link.
   */
  async requestNew(token: string, client: ClientInfo): Promise<{ status: number; message: string }> {
    return this.db.transaction(async (m) => {
      const { row, user } = await this.byToken(m, token, true);
      if (row.status === 'expired') await markExpired(m, row.id, user);
      if (row.status !== 'expired' && row.status !== 'revoked') throw linkEnded(row.status);
      if (await repo.markNewLinkRequested(m, row.id)) {
        const self = { id: user.id, username: user.username, email: user.email, role: user.role, ip: client.ip };
        await recordInvitationChange(m, self, user, {
          kind: 'new_link_requested',
          invitationStatus: row.status,
        });
      }
      return { status: 200, message: INVITATION_MSG.newLinkRequested };
    });
  }

  private async byToken(
    db: EntityManager | DataSource,
    token: string,
    lock = false,
  ): Promise<{ row: repo.InvitationRow; user: TargetRow }> {
    const hash = hashResetToken(token);
    const row = hash ? await repo.invitationByToken(db, hash, lock) : null;
    if (!row) throw new ApiException(404, INVITATION_MSG.linkInvalid, { token: INVITATION_MSG.linkInvalid });
    const [user] = await findTargets(db, [row.user_id]);
    if (!user) throw new ApiException(404, ORG_MSG.user.notFound);
    return { row, user };
  }
}

const iso = (d: Date) => new Date(d).toISOString();

/** A link that can no longer be used: 410 Gone with the reason the page shows. */
function linkEnded(status: InvitationStatus): ApiException {
  if (status === 'pending') return new ApiException(409, INVITATION_MSG.notPending);
  return new ApiException(410, INVITATION_MSG.state[status], { status });
}
