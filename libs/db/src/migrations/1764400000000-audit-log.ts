import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Append-only audit log: who changed what, with the changed fields before and after.
 *
 * No foreign keys on purpose: entries outlive the users, companies and rows they describe, and a
 * cascade would have to UPDATE or DELETE them. A trigger refuses UPDATE, DELETE and TRUNCATE for
 * every role unless the transaction set `portal.audit_retention = 'on'` — only the worker's
 * retention job does (see docs/SECURITY.md).
 */
export class AuditLog1764400000000 implements MigrationInterface {
  name = 'AuditLog1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        action text NOT NULL,
        entity text NOT NULL,
        entity_id text,
        actor_id uuid,
        actor_username text NOT NULL DEFAULT '',
        actor_role text,
        company_id uuid,
        before jsonb,
        after jsonb,
        ip text
      )`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`);
    // Partial: catalogue entries (no company) — the bulk of the rows — skip this index entirely.
    await q.query(
      `CREATE INDEX audit_log_company_idx ON audit_log (company_id, created_at DESC, id DESC) WHERE company_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, created_at DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND coalesce(current_setting('portal.audit_retention', true), '') = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS audit_log`);
    await q.query(`DROP FUNCTION IF EXISTS audit_log_append_only()`);
  }
}
