import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Own email changes are confirmed through a link sent to the new address: single-use tokens, only
 * their SHA-256 stored, 1 hour. Changing the email also voids reset links mailed to the old address.
 */
export class EmailChange1764310000000 implements MigrationInterface {
  name = 'EmailChange1764310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_change_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        old_email text NOT NULL,
        new_email text NOT NULL CHECK (new_email = lower(new_email)),
        token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        voided_at timestamptz,
        event_id uuid,
        requested_ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX email_change_tokens_live_idx ON email_change_tokens (user_id) WHERE used_at IS NULL AND voided_at IS NULL`,
    );
    await q.query(`ALTER TABLE password_reset_tokens DROP CONSTRAINT password_reset_tokens_void_reason_check`);
    await q.query(
      `ALTER TABLE password_reset_tokens ADD CONSTRAINT password_reset_tokens_void_reason_check
         CHECK (void_reason IN ('superseded', 'password_changed', 'password_reset', 'email_changed'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS email_change_tokens`);
    await q.query(`UPDATE password_reset_tokens SET void_reason = 'superseded' WHERE void_reason = 'email_changed'`);
    await q.query(`ALTER TABLE password_reset_tokens DROP CONSTRAINT password_reset_tokens_void_reason_check`);
    await q.query(
      `ALTER TABLE password_reset_tokens ADD CONSTRAINT password_reset_tokens_void_reason_check
         CHECK (void_reason IN ('superseded', 'password_changed', 'password_reset'))`,
    );
  }
}
