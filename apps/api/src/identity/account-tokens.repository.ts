import { type Db, execute, queryOne, queryRows } from '@portal/db';
import { generateResetToken } from './reset-token';

/* Single-use links of the account: password reset / set-password tokens and email-change tokens. */

export type VoidReason = 'superseded' | 'password_changed' | 'password_reset' | 'email_changed';

/** Welcome and "resend account information" links stay valid longer than a forgot-password link. */
export const SET_PASSWORD_TOKEN_TTL_SECONDS = 72 * 3600;

/** Email-change links live as long as a password-reset link. */
export const EMAIL_CHANGE_TOKEN_TTL_SECONDS = 60 * 60;

export interface IssuedToken {
  id: string;
  token: string;
  expiresAt: string;
}

const LIVE = `t.used_at IS NULL AND t.voided_at IS NULL AND t.expires_at > now()`;
/** The token's account may still sign in (active user of an active company, or no company). */
const ACTIVE_ACCOUNT = `u.status AND (u.company_id IS NULL OR c.status)`;

const eventIdsOf = (rows: { event_id: string | null }[]) =>
  rows.map((r) => r.event_id).filter((id): id is string => !!id);

/** Removes the raw token from the given outbox events (the email worker then sends nothing for them). */
export async function scrubTokensFromOutbox(db: Db, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await execute(db, `UPDATE outbox SET payload = payload - 'token' WHERE id = ANY($1::uuid[]) AND payload ? 'token'`, [
    eventIds,
  ]);
}

/* ------------------------------------------------------------------ password tokens */

/**
 * Voids every live reset token of the user (a newer token, a password change or a completed reset
 * makes older links useless) and erases their raw tokens from the outbox rows that carried them.
 */
export async function voidLiveResetTokens(
  db: Db,
  userId: string,
  reason: VoidReason,
  exceptTokenId: string | null = null,
): Promise<void> {
  const rows = await queryRows<{ event_id: string | null }>(
    db,
    `UPDATE password_reset_tokens SET voided_at = now(), void_reason = $2
      WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)
      RETURNING event_id`,
    [userId, reason, exceptTokenId],
  );
  await scrubTokensFromOutbox(db, eventIdsOf(rows));
}

/**
 * Issues a single-use password token (stored hashed) and voids the user's older ones. The raw token
 * travels once, in the outbox event that emails it; call attachTokenEvent with that event's id so
 * voiding the token later also erases it from the outbox.
 */
export async function issueResetToken(
  db: Db,
  userId: string,
  ttlSeconds: number,
  ip: string | null,
): Promise<IssuedToken> {
  const { token, hash } = generateResetToken();
  await voidLiveResetTokens(db, userId, 'superseded');
  const row = await queryOne<{ id: string; expires_at: Date }>(
    db,
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, requested_ip)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4) RETURNING id, expires_at`,
    [userId, hash, ttlSeconds, ip],
  );
  return { id: row!.id, token, expiresAt: new Date(row!.expires_at).toISOString() };
}

export async function attachTokenEvent(db: Db, tokenId: string, eventId: string): Promise<void> {
  await execute(db, `UPDATE password_reset_tokens SET event_id = $2 WHERE id = $1`, [tokenId, eventId]);
}

/** The id of a live token of an active account (a cheap check before hashing the new password). */
export async function findLiveResetToken(db: Db, tokenHash: Buffer): Promise<string | null> {
  const row = await queryOne<{ id: string }>(
    db,
    `SELECT t.id FROM password_reset_tokens t
       JOIN users u ON u.id = t.user_id LEFT JOIN companies c ON c.id = u.company_id
      WHERE t.token_hash = $1 AND ${LIVE} AND ${ACTIVE_ACCOUNT}`,
    [tokenHash],
  );
  return row?.id ?? null;
}

/** What became of a reset token (no account detail): for the link's page, before its form. */
export async function resetTokenState(
  db: Db,
  tokenHash: Buffer,
): Promise<{ state: 'valid' | 'used' | 'expired' | 'replaced' | 'invalid'; expires_at: string | null }> {
  const row = await queryOne<{ state: 'valid' | 'used' | 'expired' | 'replaced' | 'invalid'; expires_at: string }>(
    db,
    `SELECT CASE WHEN NOT (${ACTIVE_ACCOUNT}) THEN 'invalid'
                 WHEN t.used_at IS NOT NULL THEN 'used'
                 WHEN t.voided_at IS NOT NULL THEN 'replaced'
                 WHEN t.expires_at <= now() THEN 'expired'
                 ELSE 'valid' END AS state,
            t.expires_at
       FROM password_reset_tokens t
       JOIN users u ON u.id = t.user_id LEFT JOIN companies c ON c.id = u.company_id
      WHERE t.token_hash = $1`,
    [tokenHash],
  );
  if (!row) return { state: 'invalid', expires_at: null };
  return { state: row.state, expires_at: row.state === 'valid' ? new Date(row.expires_at).toISOString() : null };
}

/** Spends the token atomically (of two concurrent uses exactly one wins); null when it is no longer live. */
export function spendResetToken(db: Db, tokenId: string): Promise<{ user_id: string; event_id: string | null } | null> {
  return queryOne(
    db,
    `UPDATE password_reset_tokens t SET used_at = now() WHERE t.id = $1 AND ${LIVE} RETURNING user_id, event_id`,
    [tokenId],
  );
}

/* ------------------------------------------------------------------ email-change tokens */

/** Voids the user's pending email changes and erases their raw tokens from the outbox. */
export async function voidEmailChangeTokens(db: Db, userId: string): Promise<void> {
  const rows = await queryRows<{ event_id: string | null }>(
    db,
    `UPDATE email_change_tokens SET voided_at = now()
      WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL RETURNING event_id`,
    [userId],
  );
  await scrubTokensFromOutbox(db, eventIdsOf(rows));
}

/** A new single-use token for moving `userId` from `oldEmail` to `newEmail` (older ones voided). */
export async function issueEmailChangeToken(
  db: Db,
  userId: string,
  oldEmail: string,
  newEmail: string,
  ip: string | null,
): Promise<IssuedToken> {
  const { token, hash } = generateResetToken();
  await voidEmailChangeTokens(db, userId);
  const row = await queryOne<{ id: string; expires_at: Date }>(
    db,
    `INSERT INTO email_change_tokens (user_id, old_email, new_email, token_hash, expires_at, requested_ip)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6) RETURNING id, expires_at`,
    [userId, oldEmail, newEmail, hash, EMAIL_CHANGE_TOKEN_TTL_SECONDS, ip],
  );
  return { id: row!.id, token, expiresAt: new Date(row!.expires_at).toISOString() };
}

export async function attachEmailChangeEvent(db: Db, tokenId: string, eventId: string): Promise<void> {
  await execute(db, `UPDATE email_change_tokens SET event_id = $2 WHERE id = $1`, [tokenId, eventId]);
}

export interface SpentEmailChange {
  user_id: string;
  old_email: string;
  new_email: string;
  event_id: string | null;
}

/**
 * Spends a live token of an active account atomically (of two concurrent uses exactly one wins).
 * Null when the token is unknown, used, voided, expired, or its account is disabled.
 */
export function spendEmailChangeToken(db: Db, tokenHash: Buffer): Promise<SpentEmailChange | null> {
  return queryOne<SpentEmailChange>(
    db,
    `UPDATE email_change_tokens t SET used_at = now()
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE t.token_hash = $1 AND ${LIVE} AND u.id = t.user_id AND ${ACTIVE_ACCOUNT}
      RETURNING t.user_id, t.old_email, t.new_email, t.event_id`,
    [tokenHash],
  );
}
