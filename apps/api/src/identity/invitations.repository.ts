import { execute, queryOne, queryRows, type Db } from '@portal/db';
import type { InvitationStatus, UserInvitation } from '@portal/contracts';
import { INVITATION_TTL_SECONDS } from '@portal/domain';

/* SQL of invitations: one row per link sent, the latest row is the user's invitation. */

/** The status of a row `i`: its end reason, else expired once past `expires_at`, else pending. */
export const INVITATION_STATUS_SQL = `COALESCE(i.end_reason, CASE WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END)`;

/**
 * `invitation` of a user row (`u` = users): a LATERAL join the list queries add, one index probe per
 * listed row (user_invitations_user_idx). Columns: inv_status, inv_sent_at, inv_expires_at.
 */
export const LATEST_INVITATION_JOIN = `
  LEFT JOIN LATERAL (
    SELECT ${INVITATION_STATUS_SQL} AS inv_status, i.sent_at AS inv_sent_at, i.expires_at AS inv_expires_at
      FROM user_invitations i WHERE i.user_id = u.id ORDER BY i.sent_at DESC, i.id DESC LIMIT 1
  ) inv ON true`;

export interface RawInvitationColumns {
  inv_status: InvitationStatus | null;
  inv_sent_at: Date | null;
  inv_expires_at: Date | null;
}

export function toInvitation(r: RawInvitationColumns): UserInvitation | null {
  if (!r.inv_status || !r.inv_sent_at || !r.inv_expires_at) return null;
  return {
    status: r.inv_status,
    sent_at: new Date(r.inv_sent_at).toISOString(),
    expires_at: new Date(r.inv_expires_at).toISOString(),
  };
}

export interface InvitationRow {
  id: string;
  user_id: string;
  status: InvitationStatus;
  sent_at: Date;
  expires_at: Date;
  event_id: string | null;
  new_link_requested_at: Date | null;
}

const ROW = `i.id, i.user_id, ${INVITATION_STATUS_SQL} AS status, i.sent_at, i.expires_at, i.event_id, i.new_link_requested_at`;

/** The user's latest invitation (locked for update when `lock`), or null when never invited. */
export function latestInvitation(db: Db, userId: string, lock = false): Promise<InvitationRow | null> {
  return queryOne<InvitationRow>(
    db,
    `SELECT ${ROW} FROM user_invitations i WHERE i.user_id = $1
      ORDER BY i.sent_at DESC, i.id DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [userId],
  );
}

/** The invitation a link's token belongs to (locked for update when `lock`). */
export function invitationByToken(db: Db, tokenHash: Buffer, lock = false): Promise<InvitationRow | null> {
  return queryOne<InvitationRow>(
    db,
    `SELECT ${ROW} FROM user_invitations i WHERE i.token_hash = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [tokenHash],
  );
}

/** A new pending invitation (7 days); `sent_at` is the transaction's time. */
export async function insertInvitation(
  db: Db,
  userId: string,
  tokenHash: Buffer,
  invitedBy: string | null,
): Promise<{ id: string; sent_at: Date; expires_at: Date }> {
  return (await queryOne(
    db,
    `INSERT INTO user_invitations (user_id, token_hash, expires_at, invited_by)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4) RETURNING id, sent_at, expires_at`,
    [userId, tokenHash, INVITATION_TTL_SECONDS, invitedBy],
  ))!;
}

export async function attachInvitationEvent(db: Db, id: string, eventId: string): Promise<void> {
  await execute(db, `UPDATE user_invitations SET event_id = $2 WHERE id = $1`, [id, eventId]);
}

/**
 * Ends a still-open invitation row (pending, or expired but not yet marked). Returns false when the
 * row had already ended (a concurrent accept/revoke won).
 */
export async function endInvitation(
  db: Db,
  id: string,
  reason: 'accepted' | 'revoked' | 'superseded' | 'expired',
): Promise<boolean> {
  const n = await execute(
    db,
    `UPDATE user_invitations SET end_reason = $2,
            ended_at = CASE WHEN $2 = 'expired' THEN expires_at ELSE now() END
      WHERE id = $1 AND ended_at IS NULL`,
    [id, reason],
  );
  return n > 0;
}

/** Records that the person asked for a new link; false when they already had. */
export async function markNewLinkRequested(db: Db, id: string): Promise<boolean> {
  const n = await execute(
    db,
    `UPDATE user_invitations SET new_link_requested_at = now() WHERE id = $1 AND new_link_requested_at IS NULL`,
    [id],
  );
  return n > 0;
}

/** The raw tokens of these invitations' events are erased from the outbox (the link is dead). */
export async function eventIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ event_id: string }>(
    db,
    `SELECT event_id FROM user_invitations WHERE user_id = $1 AND event_id IS NOT NULL`,
    [userId],
  );
  return rows.map((r) => r.event_id);
}
