import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in: TOTP secrets (AES-256-GCM ciphertext), recovery codes and sign-in challenges
 * (SHA-256 only), the enrolment-only session flag, and a key/value table for portal-wide settings.
 */
export class TwoFactor1764700000000 implements MigrationInterface {
  name = 'TwoFactor1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_two_factor (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret_enc bytea NOT NULL,
        enabled_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE two_factor_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash bytea NOT NULL CHECK (length(code_hash) = 32),
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE mfa_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        ip text NOT NULL,
        failures int NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX mfa_challenges_user_idx ON mfa_challenges (user_id)`);
    await q.query(`CREATE INDEX mfa_challenges_expires_idx ON mfa_challenges (expires_at)`);
    await q.query(`ALTER TABLE sessions ADD COLUMN enrolment_only boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE app_settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS app_settings`);
    await q.query(`ALTER TABLE sessions DROP COLUMN IF EXISTS enrolment_only`);
    await q.query(`DROP TABLE IF EXISTS mfa_challenges`);
    await q.query(`DROP TABLE IF EXISTS two_factor_recovery_codes`);
    await q.query(`DROP TABLE IF EXISTS user_two_factor`);
  }
}
