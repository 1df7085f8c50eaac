import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The activity feed reads audit entries of one action newest first (sign-ins, failed sign-ins, quote
 * requests): through this index instead of walking `audit_log_created_idx` past every other action
 * (a whole-table walk for a rare or absent action such as the quote requests').
 */
export class OpsActivityIndex1795684000000 implements MigrationInterface {
  name = 'OpsActivityIndex1795684000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_action_idx`);
  }
}
