import type { EntityManager } from 'typeorm';
import { returnedRows } from '@portal/db';

export type VoidReason = 'superseded' | 'password_changed' | 'password_reset';

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
      WHERE id = ANY($1::uuid[]) AND type = 'account.password_reset_requested' AND payload ? 'token'`,
    [eventIds],
  );
}

