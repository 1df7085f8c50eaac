import type { DataSource, EntityManager } from 'typeorm';
import { MFA_TOKEN_TTL_SECONDS, TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '@portal/domain';
import type { RoleKey } from '@portal/contracts';
import { returnedRows } from '@portal/db';

type Db = DataSource | EntityManager;

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

export interface TargetUserRow {
  id: string;
  username: string;
  email: string;
  role: RoleKey;
  company_id: string | null;
  company_name: string | null;
  two_factor: boolean;
}

export async function readPolicy(db: Db): Promise<TwoFactorPolicy> {
  const rows: { value: { require_2fa_for?: string } }[] = await db.query(
    `SELECT value FROM app_settings WHERE key = $1`,
    [POLICY_KEY],
  );
  const v = rows[0]?.value?.require_2fa_for;
  return (TWO_FACTOR_POLICIES as readonly string[]).includes(v ?? '') ? (v as TwoFactorPolicy) : 'none';
}

export async function writePolicy(m: EntityManager, policy: TwoFactorPolicy, actorId: string): Promise<void> {
  await m.query(
    `INSERT INTO app_settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [POLICY_KEY, JSON.stringify({ require_2fa_for: policy }), actorId],
  );
}

/** Users of the given roles without an enabled second factor (set-based, for the policy change). */
export async function usersWithoutTwoFactor(m: EntityManager, roles: RoleKey[]): Promise<string[]> {
  const rows: { id: string }[] = await m.query(
    `SELECT u.id FROM users u
      WHERE u.role = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL)`,
    [roles],
  );
  return rows.map((r) => r.id);
}

export async function findTwoFactor(db: Db, userId: string, forUpdate = false): Promise<TwoFactorRow | null> {
  const rows: TwoFactorRow[] = await db.query(
    `SELECT secret_enc, enabled_at, last_used_step FROM user_two_factor WHERE user_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Stores a pending (not yet enabled) secret; returns false when two-factor is already enabled. */
export async function savePendingSecret(db: Db, userId: string, secretEnc: Buffer): Promise<boolean> {
  const rows = returnedRows<{ user_id: string }>(
    await db.query(
      `INSERT INTO user_two_factor (user_id, secret_enc) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, last_used_step = NULL, created_at = now()
         WHERE user_two_factor.enabled_at IS NULL
       RETURNING user_id`,
      [userId, secretEnc],
    ),
  );
  return rows.length === 1;
}

export async function markEnabled(m: EntityManager, userId: string, step: number): Promise<void> {
  await m.query(`UPDATE user_two_factor SET enabled_at = now(), last_used_step = $2 WHERE user_id = $1`, [
    userId,
    step,
  ]);
}

/**
 * Spends a time step: succeeds only when it is later than the last one used, so a code (or an
 * older one of the ±1 window) can never be used twice — also under concurrent requests.
 */
export async function claimTimeStep(m: EntityManager, userId: string, step: number): Promise<boolean> {
  const rows = returnedRows<{ user_id: string }>(
    await m.query(
      `UPDATE user_two_factor SET last_used_step = $2
        WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2)
        RETURNING user_id`,
      [userId, step],
    ),
  );
  return rows.length === 1;
}

export async function replaceRecoveryCodes(m: EntityManager, userId: string, hashes: Buffer[]): Promise<void> {
  await m.query(`DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
  await m.query(
    `INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::bytea[]) AS h`,
    [userId, hashes],
  );
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(m: EntityManager, userId: string, hash: Buffer): Promise<boolean> {
  const rows = returnedRows<{ id: string }>(
    await m.query(
      `UPDATE two_factor_recovery_codes SET used_at = now()
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
      [userId, hash],
    ),
  );
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const rows: { n: number }[] = await db.query(
    `SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** Removes the second factor with everything hanging off it (codes, open sign-in challenges). */
export async function removeTwoFactor(m: EntityManager, userId: string): Promise<boolean> {
  await m.query(`DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
  await m.query(`DELETE FROM mfa_challenges WHERE user_id = $1`, [userId]);
  const rows = returnedRows<{ user_id: string }>(
    await m.query(`DELETE FROM user_two_factor WHERE user_id = $1 RETURNING user_id`, [userId]),
  );
  return rows.length === 1;
}

export async function createChallenge(db: Db, userId: string, tokenHash: Buffer, ip: string): Promise<void> {
  // Spent and expired challenges are only history: drop the user's old ones on the way.
  await db.query(`DELETE FROM mfa_challenges WHERE user_id = $1 AND (used_at IS NOT NULL OR expires_at < now())`, [
    userId,
  ]);
  await db.query(
    `INSERT INTO mfa_challenges (token_hash, user_id, ip, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [tokenHash, userId, ip, MFA_TOKEN_TTL_SECONDS],
  );
}

/** The challenge (locked for the verification transaction when `forUpdate`). */
export async function findChallenge(db: Db, tokenHash: Buffer, forUpdate = false): Promise<ChallengeRow | null> {
  const rows: ChallengeRow[] = await db.query(
    `SELECT c.id, c.user_id, u.email, u.username, u.company_id, c.failures,
            (c.used_at IS NULL AND c.expires_at > now()) AS live
       FROM mfa_challenges c JOIN users u ON u.id = c.user_id
      WHERE c.token_hash = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function countChallengeFailure(m: EntityManager, id: string): Promise<void> {
  await m.query(`UPDATE mfa_challenges SET failures = failures + 1 WHERE id = $1`, [id]);
}

export async function spendChallenge(m: EntityManager, id: string): Promise<void> {
  await m.query(`UPDATE mfa_challenges SET used_at = now() WHERE id = $1`, [id]);
}

export async function findTargetUser(db: Db, userId: string): Promise<TargetUserRow | null> {
  const rows: TargetUserRow[] = await db.query(
    `SELECT u.id, u.username, u.email, u.role, u.company_id, c.name AS company_name,
            EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS two_factor
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const rows: { password_hash: string }[] = await db.query(`SELECT password_hash FROM users WHERE id = $1`, [userId]);
  return rows[0]?.password_hash ?? null;
}

/** Ends the enrolment-only restriction of the session that just enrolled. */
export async function liftEnrolmentOnly(m: EntityManager, sessionId: string): Promise<void> {
  await m.query(`UPDATE sessions SET enrolment_only = false WHERE id = $1`, [sessionId]);
}
