import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Password reset tokens: only the SHA-256 of each token is stored. */
export class Account1764000000000 implements MigrationInterface {
  name = 'Account1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        voided_at timestamptz,
        void_reason text CHECK (void_reason IN ('superseded', 'password_changed', 'password_reset')),
        event_id uuid,
        requested_ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX password_reset_tokens_live_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL AND voided_at IS NULL`,
    );
    await q.query(`CREATE INDEX password_reset_tokens_created_idx ON password_reset_tokens (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS password_reset_tokens`);
  }
}
