import { MFA_TOKEN_TTL_SECONDS, TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '@portal/domain';
import type { RoleKey } from '@portal/contracts';
import { type Db, execute, queryOne, queryRows } from '@portal/db';
import type { UserSummaryRow } from './user-summary';

const POLICY_KEY = 'security';

export interface TwoFactorRow {
  secret_enc: Buffer;
  enabled_at: Date | null;
  last_used_step: string | null;
}

export interface ChallengeRow {
  id: string;
  user_id: string;
  email: string;
  username: string;
  company_id: string | null;
  failures: number;
  live: boolean;
}

export interface TargetUserRow extends UserSummaryRow {
  two_factor: boolean;
}

export async function readPolicy(db: Db): Promise<TwoFactorPolicy> {
  const row = await queryOne<{ value: { require_2fa_for?: string } }>(
    db,
    `SELECT value FROM app_settings WHERE key = $1`,
    [POLICY_KEY],
  );
  const v = row?.value?.require_2fa_for;
  return (TWO_FACTOR_POLICIES as readonly string[]).includes(v ?? '') ? (v as TwoFactorPolicy) : 'none';
}

export async function writePolicy(m: Db, policy: TwoFactorPolicy, actorId: string): Promise<void> {
  await execute(
    m,
    `INSERT INTO app_settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [POLICY_KEY, JSON.stringify({ require_2fa_for: policy }), actorId],
  );
}

/** Users of the given roles without an enabled second factor (set-based, for the policy change). */
export async function usersWithoutTwoFactor(m: Db, roles: RoleKey[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    m,
    `SELECT u.id FROM users u
      WHERE u.role = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL)`,
    [roles],
  );
  return rows.map((r) => r.id);
}

export async function findTwoFactor(db: Db, userId: string, forUpdate = false): Promise<TwoFactorRow | null> {
  return queryOne<TwoFactorRow>(
    db,
    `SELECT secret_enc, enabled_at, last_used_step FROM user_two_factor WHERE user_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
}

/** Stores a pending (not yet enabled) secret; returns false when two-factor is already enabled. */
export async function savePendingSecret(db: Db, userId: string, secretEnc: Buffer): Promise<boolean> {
  const changed = await execute(
    db,
    `INSERT INTO user_two_factor (user_id, secret_enc) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, last_used_step = NULL, created_at = now()
       WHERE user_two_factor.enabled_at IS NULL
     RETURNING user_id`,
    [userId, secretEnc],
  );
  return changed === 1;
}

export async function markEnabled(m: Db, userId: string, step: number): Promise<void> {
  await execute(m, `UPDATE user_two_factor SET enabled_at = now(), last_used_step = $2 WHERE user_id = $1`, [
    userId,
    step,
  ]);
}

/**
 * Spends a time step: succeeds only when it is later than the last one used, so a code (or an
 * older one of the ±1 window) can never be used twice — also under concurrent requests.
 */
export async function claimTimeStep(m: Db, userId: string, step: number): Promise<boolean> {
  const changed = await execute(
    m,
    `UPDATE user_two_factor SET last_used_step = $2
      WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2)
      RETURNING user_id`,
    [userId, step],
  );
  return changed === 1;
}

export async function replaceRecoveryCodes(m: Db, userId: string, hashes: Buffer[]): Promise<void> {
  await execute(m, `DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
  await execute(
    m,
    `INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::bytea[]) AS h`,
    [userId, hashes],
  );
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(m: Db, userId: string, hash: Buffer): Promise<boolean> {
  const changed = await execute(
    m,
    `UPDATE two_factor_recovery_codes SET used_at = now()
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [userId, hash],
  );
  return changed === 1;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  );
  return row?.n ?? 0;
}

/** Removes the second factor with everything hanging off it (codes, open sign-in challenges). */
export async function removeTwoFactor(m: Db, userId: string): Promise<boolean> {
  await execute(m, `DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
  await execute(m, `DELETE FROM mfa_challenges WHERE user_id = $1`, [userId]);
  return (await execute(m, `DELETE FROM user_two_factor WHERE user_id = $1`, [userId])) === 1;
}

export async function createChallenge(db: Db, userId: string, tokenHash: Buffer, ip: string): Promise<void> {
  // Spent and expired challenges are only history: drop the user's old ones on the way.
  await execute(db, `DELETE FROM mfa_challenges WHERE user_id = $1 AND (used_at IS NOT NULL OR expires_at < now())`, [
    userId,
  ]);
  await execute(
    db,
    `INSERT INTO mfa_challenges (token_hash, user_id, ip, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [tokenHash, userId, ip, MFA_TOKEN_TTL_SECONDS],
  );
}

/** The challenge (locked for the verification transaction when `forUpdate`). */
export async function findChallenge(db: Db, tokenHash: Buffer, forUpdate = false): Promise<ChallengeRow | null> {
  return queryOne<ChallengeRow>(
    db,
    `SELECT c.id, c.user_id, u.email, u.username, u.company_id, c.failures,
            (c.used_at IS NULL AND c.expires_at > now()) AS live
       FROM mfa_challenges c JOIN users u ON u.id = c.user_id
      WHERE c.token_hash = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [tokenHash],
  );
}

export async function countChallengeFailure(m: Db, id: string): Promise<void> {
  await execute(m, `UPDATE mfa_challenges SET failures = failures + 1 WHERE id = $1`, [id]);
}

export async function spendChallenge(m: Db, id: string): Promise<void> {
  await execute(m, `UPDATE mfa_challenges SET used_at = now() WHERE id = $1`, [id]);
}

export async function findTargetUser(db: Db, userId: string): Promise<TargetUserRow | null> {
  return queryOne<TargetUserRow>(
    db,
    `SELECT u.id, u.username, u.email, u.role, u.company_id, c.name AS company_name,
            EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS two_factor
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.id = $1`,
    [userId],
  );
}
