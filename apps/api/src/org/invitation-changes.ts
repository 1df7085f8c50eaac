import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AuditAction, UserInvitation } from '@portal/contracts';
import { ORG_MSG } from '@portal/domain';
import { commitChange, SYSTEM_ACTOR, type Actor, type AuditEntry, type Change, type ChangeEvent } from '@portal/db';
import { generateResetToken } from '../identity/reset-token';
import { scrubTokensFromOutbox } from '../identity/account-tokens.repository';
import { userRef } from './org';
import { spendMailToRecipient } from './mail-budget';
import type { OrgUserRecord, RawUserRow } from './org.repository';
import * as repo from '../identity/invitations.repository';

/* Invitations: every side effect of an invitation's transition goes through
   recordInvitationChange — the audit entry, the outbox event (email / notification) and the live
   refresh of open lists — in the caller's transaction, through the exit (`commitChange`). */

/** Who acted: a signed-in admin, the invited person, or the clock (SYSTEM_ACTOR). */
export type InvitationActor = Actor;

export type InvitationChange =
  | { kind: 'invited'; invitationId: string; token: string; expiresAt: string; resend: boolean }
  | { kind: 'revoked' }
  | { kind: 'accepted' }
  | { kind: 'expired' }
  | { kind: 'new_link_requested'; invitationStatus: 'expired' | 'revoked' };

const AUDIT_ACTION: Record<InvitationChange['kind'], AuditAction> = {
  invited: 'user.invited',
  revoked: 'user.invitation_revoked',
  accepted: 'user.invitation_accepted',
  expired: 'user.invitation_expired',
  new_link_requested: 'user.invitation_new_link_requested',
};

/** An invitation's transition, for the exit: its audit entry and its event (which refreshes open lists). */
export function invitationChange(user: OrgUserRecord, change: InvitationChange): Change {
  const ref = userRef(user);
  const after: Record<string, string | boolean> = { email: user.email };
  if (change.kind === 'invited') {
    after.resend = change.resend;
    after.expires_at = change.expiresAt;
  }
  const audit: AuditEntry[] = [
    { action: AUDIT_ACTION[change.kind], entity: 'user', entityId: user.id, companyId: user.company_id, after },
  ];
  // Every transition's event (or, for an expiry, the live `user.row_changed`) refreshes open lists.
  const event: ChangeEvent =
    change.kind === 'invited'
      ? {
          type: 'user.invited',
          payload: { ...ref, resend: change.resend, token: change.token, expiresAt: change.expiresAt },
        }
      : change.kind === 'revoked'
        ? { type: 'user.invitation_revoked', payload: ref }
        : change.kind === 'accepted'
          ? { type: 'user.invitation_accepted', payload: ref }
          : change.kind === 'new_link_requested'
            ? {
                type: 'user.invitation_new_link_requested',
                payload: { ...ref, invitationStatus: change.invitationStatus },
              }
            : { type: 'user.row_changed', payload: { companyId: user.company_id } };
  return { events: [event], audit };
}

/**
 * An invitation's transition through the exit, then its link's bookkeeping: a new invitation is tied
 * to its outbox event; any other transition kills the link (its raw token leaves the outbox).
 */
export async function recordInvitationChange(
  m: EntityManager,
  actor: InvitationActor,
  user: OrgUserRecord,
  change: InvitationChange,
): Promise<void> {
  const [eventId] = await commitChange(m, actor, invitationChange(user, change));
  if (change.kind === 'invited') {
    await repo.attachInvitationEvent(m, change.invitationId, eventId);
  } else {
    // The link is dead: its raw token leaves the outbox (an email not yet sent is then not sent).
    await scrubTokensFromOutbox(m, await repo.eventIdsOf(m, user.id));
  }
}

/**
 * Sends a (new) invitation to `user`: ends the open one ('superseded', its link dies), stores the
 * new token's hash, and emails the link through the outbox (within the recipient's mail budget).
 * Returns what the lists show.
 */
export async function sendInvitation(
  m: EntityManager,
  actor: Actor,
  user: OrgUserRecord,
  resend: boolean,
): Promise<UserInvitation> {
  await spendMailToRecipient(m, user.email, resend ? ORG_MSG.user.resendTooMany : ORG_MSG.user.mailTooMany);
  const previous = await repo.latestInvitation(m, user.id, true);
  if (previous && (previous.status === 'pending' || previous.status === 'expired')) {
    await repo.endInvitation(m, previous.id, previous.status === 'pending' ? 'superseded' : 'expired');
    await scrubTokensFromOutbox(m, previous.event_id ? [previous.event_id] : []);
  }
  const { token, hash } = generateResetToken();
  const row = await repo.insertInvitation(m, user.id, hash, actor.id);
  const expiresAt = new Date(row.expires_at).toISOString();
  await recordInvitationChange(m, actor, user, {
    kind: 'invited',
    invitationId: row.id,
    token,
    expiresAt,
    resend,
  });
  return { status: 'pending', sent_at: new Date(row.sent_at).toISOString(), expires_at: expiresAt };
}

/** Marks an invitation found past its date as expired (audited once, by the system). */
export async function markExpired(m: EntityManager, invitationId: string, user: OrgUserRecord): Promise<void> {
  if (await repo.endInvitation(m, invitationId, 'expired')) {
    await recordInvitationChange(m, SYSTEM_ACTOR, user, { kind: 'expired' });
  }
}

/** A password nobody knows, for an invited account until the person chooses theirs. */
export function unusablePassword(): string {
  return randomBytes(32).toString('base64url');
}

/** The first invitation of a user just created with `invite: true` (same transaction). */
export function inviteNewUser(m: EntityManager, actor: Actor, row: RawUserRow): Promise<UserInvitation> {
  const user: OrgUserRecord = {
    id: row._id,
    username: row.username,
    email: row.email,
    role: row.role_key,
    status: row.status,
    company_id: row.company_id,
    company_name: row.companyName,
  };
  return sendInvitation(m, actor, user, false);
}

/**
 * `GET user/resend/{id}` for someone invited who never accepted: a new invitation (true), instead
 * of a set-password link that would bypass a revoked invitation. False: not invited, or accepted.
 */
export async function resendOpenInvitation(m: EntityManager, actor: Actor, user: OrgUserRecord): Promise<boolean> {
  const latest = await repo.latestInvitation(m, user.id, true);
  if (!latest || latest.status === 'accepted') return false;
  await sendInvitation(m, actor, user, true);
  return true;
}
