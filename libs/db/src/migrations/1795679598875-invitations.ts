import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations: a person added with `invite: true` chooses their own password through a
 * single-use link (stored as SHA-256, 7 days). One row per link sent; a resend ends the previous
 * row ('superseded'). The latest row of a user is the invitation the lists show.
 * Notifications remember who caused them (`actor_id`) so nobody is notified of their own action.
 */
export class Invitations1795679598875 implements MigrationInterface {
  name = 'Invitations1795679598875';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
        sent_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz,
        end_reason text CHECK (end_reason IN ('accepted', 'revoked', 'superseded', 'expired')),
        new_link_requested_at timestamptz,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        event_id uuid,
        CHECK ((ended_at IS NULL) = (end_reason IS NULL))
      )`);
    await q.query(`CREATE INDEX user_invitations_user_idx ON user_invitations (user_id, sent_at DESC)`);
    await q.query(`ALTER TABLE notifications ADD COLUMN actor_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications DROP COLUMN IF EXISTS actor_id`);
    await q.query(`DROP TABLE IF EXISTS user_invitations`);
  }
}
