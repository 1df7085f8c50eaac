import type { EntityManager } from 'typeorm';
import { returnedRows } from '@portal/db';
import { generateResetToken } from './reset-token';
import { scrubTokensFromOutbox } from './reset-tokens.sql';

/** Email-change links live as long as a password-reset link. */
export const EMAIL_CHANGE_TOKEN_TTL_SECONDS = 60 * 60;

const LIVE = `t.used_at IS NULL AND t.voided_at IS NULL AND t.expires_at > now()`;

/** Voids the user's pending email changes and erases their raw tokens from the outbox. */
export async function voidEmailChangeTokens(m: EntityManager, userId: string): Promise<void> {
  const rows = returnedRows<{ event_id: string | null }>(
    await m.query(
      `UPDATE email_change_tokens SET voided_at = now()
        WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL RETURNING event_id`,
      [userId],
    ),
  );
  await scrubTokensFromOutbox(
    m,
    rows.map((r) => r.event_id).filter((id): id is string => !!id),
  );
}

/** A new single-use token for moving `userId` from `oldEmail` to `newEmail` (older ones voided). */
export async function issueEmailChangeToken(
  m: EntityManager,
  userId: string,
  oldEmail: string,
  newEmail: string,
  ip: string | null,
): Promise<{ id: string; token: string; expiresAt: string }> {
  const { token, hash } = generateResetToken();
  await voidEmailChangeTokens(m, userId);
  const [row]: { id: string; expires_at: Date }[] = await m.query(
    `INSERT INTO email_change_tokens (user_id, old_email, new_email, token_hash, expires_at, requested_ip)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6) RETURNING id, expires_at`,
    [userId, oldEmail, newEmail, hash, EMAIL_CHANGE_TOKEN_TTL_SECONDS, ip],
  );
  return { id: row.id, token, expiresAt: new Date(row.expires_at).toISOString() };
}

export async function attachEmailChangeEvent(m: EntityManager, tokenId: string, eventId: string): Promise<void> {
  await m.query(`UPDATE email_change_tokens SET event_id = $2 WHERE id = $1`, [tokenId, eventId]);
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
export async function spendEmailChangeToken(m: EntityManager, tokenHash: Buffer): Promise<SpentEmailChange | null> {
  const rows = returnedRows<SpentEmailChange>(
    await m.query(
      `UPDATE email_change_tokens t SET used_at = now()
         FROM users u LEFT JOIN companies c ON c.id = u.company_id
        WHERE t.token_hash = $1 AND ${LIVE} AND u.id = t.user_id AND u.status AND (u.company_id IS NULL OR c.status)
        RETURNING t.user_id, t.old_email, t.new_email, t.event_id`,
      [tokenHash],
    ),
  );
  return rows[0] ?? null;
}

export async function emailInUse(m: EntityManager, email: string, exceptUserId: string): Promise<boolean> {
  const rows: unknown[] = await m.query(`SELECT 1 FROM users WHERE email = $1 AND id <> $2`, [email, exceptUserId]);
  return rows.length > 0;
}
