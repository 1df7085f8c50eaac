import type { EntityManager } from 'typeorm';
import { returnedRows } from '@portal/db';
import { generateResetToken } from './reset-token';

export type VoidReason = 'superseded' | 'password_changed' | 'password_reset' | 'email_changed';

/**
 * Voids every live reset token of the user (a newer token, a password change or a completed reset
 * makes older links useless) and erases their raw tokens from the outbox rows that carried them.
 */
export async function voidLiveResetTokens(
  manager: EntityManager,
  userId: string,
  reason: VoidReason,
  exceptTokenId: string | null = null,
): Promise<void> {
  const rows = returnedRows<{ event_id: string | null }>(
    await manager.query(
      `UPDATE password_reset_tokens SET voided_at = now(), void_reason = $2
      WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)
      RETURNING event_id`,
      [userId, reason, exceptTokenId],
    ),
  );
  await scrubTokensFromOutbox(
    manager,
    rows.map((r) => r.event_id).filter((id): id is string => !!id),
  );
}

/** Removes the raw token from the given outbox events (the email worker then sends nothing for them). */
export async function scrubTokensFromOutbox(manager: EntityManager, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await manager.query(
    `UPDATE outbox SET payload = payload - 'token'
      WHERE id = ANY($1::uuid[]) AND payload ? 'token'`,
    [eventIds],
  );
}

/** Welcome and "resend account information" links stay valid longer than a forgot-password link. */
export const SET_PASSWORD_TOKEN_TTL_SECONDS = 72 * 3600;

export interface IssuedToken {
  id: string;
  token: string;
  expiresAt: string;
}

/**
 * Issues a single-use password token (stored hashed) and voids the user's older ones. The raw token
 * travels once, in the outbox event that emails it; call attachTokenEvent with that event's id so
 * voiding the token later also erases it from the outbox.
 */
export async function issueResetToken(
  manager: EntityManager,
  userId: string,
  ttlSeconds: number,
  ip: string | null,
): Promise<IssuedToken> {
  const { token, hash } = generateResetToken();
  await voidLiveResetTokens(manager, userId, 'superseded');
  const [row]: { id: string; expires_at: Date }[] = await manager.query(
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, requested_ip)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4) RETURNING id, expires_at`,
    [userId, hash, ttlSeconds, ip],
  );
  return { id: row.id, token, expiresAt: new Date(row.expires_at).toISOString() };
}

export async function attachTokenEvent(manager: EntityManager, tokenId: string, eventId: string): Promise<void> {
  await manager.query(`UPDATE password_reset_tokens SET event_id = $2 WHERE id = $1`, [tokenId, eventId]);
}
