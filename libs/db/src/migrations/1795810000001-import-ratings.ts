import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue import stages a variant's efficiency rating (`merv`, `efficiency_class`, columns of
 * the import and export) with the rest of a planned change, so the apply writes it set-based.
 */
export class ImportRatings1795810000001 implements MigrationInterface {
  name = 'ImportRatings1795810000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalogue_import_changes
      ADD COLUMN merv smallint CHECK (merv BETWEEN 1 AND 16),
      ADD COLUMN efficiency_class text CHECK (length(efficiency_class) <= 40)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE catalogue_import_changes DROP COLUMN IF EXISTS merv, DROP COLUMN IF EXISTS efficiency_class`,
    );
  }
}
