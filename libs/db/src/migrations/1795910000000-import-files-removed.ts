import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The worker removes an import's uploaded file once it is no longer needed (the dry run is the only
 * reader: the apply works from the staged rows); `file_removed_at` says when, so the sweep skips it.
 */
export class ImportFilesRemoved1795910000000 implements MigrationInterface {
  name = 'ImportFilesRemoved1795910000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['catalogue_imports', 'sites_imports']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN file_removed_at timestamptz`);
      await q.query(`CREATE INDEX ${table}_file_kept_idx ON ${table} (created_at) WHERE file_removed_at IS NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['catalogue_imports', 'sites_imports']) {
      await q.query(`DROP INDEX ${table}_file_kept_idx`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN file_removed_at`);
    }
  }
}
