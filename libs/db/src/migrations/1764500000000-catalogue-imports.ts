import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue import with a dry run:
 *  - catalogue_imports: one uploaded file, its status, counts and who started it;
 *  - catalogue_import_errors: row errors found by the dry run (row = line in the file, header = 1);
 *  - catalogue_import_changes: the planned changes with the values to write and, for existing
 *    variants, the version seen by the dry run (the apply refuses if any of them moved since).
 * Staging rows go with their import (cascade); imports themselves are kept as history.
 */
export class CatalogueImports1764500000000 implements MigrationInterface {
  name = 'CatalogueImports1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalogue_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        status text NOT NULL DEFAULT 'queued' CHECK (status IN
          ('queued', 'validating', 'ready', 'invalid', 'applying', 'applied', 'conflict', 'failed')),
        file_name text NOT NULL,
        format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
        storage_name text,
        size bigint NOT NULL,
        mapping jsonb,
        delete_missing boolean NOT NULL DEFAULT false,
        total_rows integer NOT NULL DEFAULT 0,
        done_rows integer NOT NULL DEFAULT 0,
        create_count integer NOT NULL DEFAULT 0,
        update_count integer NOT NULL DEFAULT 0,
        unchanged_count integer NOT NULL DEFAULT 0,
        delete_count integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        message text,
        started_by uuid REFERENCES users(id) ON DELETE SET NULL,
        started_by_name text NOT NULL DEFAULT '',
        started_by_email text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        validated_at timestamptz,
        applied_at timestamptz
      )`);
    await q.query(`CREATE INDEX catalogue_imports_created_idx ON catalogue_imports (created_at DESC)`);

    await q.query(`
      CREATE TABLE catalogue_import_errors (
        import_id uuid NOT NULL REFERENCES catalogue_imports(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        row_number integer NOT NULL,
        column_name text NOT NULL DEFAULT '',
        message text NOT NULL,
        PRIMARY KEY (import_id, seq)
      )`);

    await q.query(`
      CREATE TABLE catalogue_import_changes (
        import_id uuid NOT NULL REFERENCES catalogue_imports(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        row_number integer,
        kind text NOT NULL CHECK (kind IN ('create', 'update', 'delete')),
        part_number text NOT NULL,
        variant_id uuid,
        base_version integer,
        category_id uuid,
        subcategory_id uuid,
        product_id uuid,
        product_name text,
        size text,
        actual_size text,
        depth numeric,
        odd_size boolean,
        odd_size_type text,
        min_area numeric,
        max_area numeric,
        out_of_stock boolean,
        list_price_cents bigint,
        old_price_cents bigint,
        display_order integer,
        fields jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (import_id, seq)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS catalogue_import_changes`);
    await q.query(`DROP TABLE IF EXISTS catalogue_import_errors`);
    await q.query(`DROP TABLE IF EXISTS catalogue_imports`);
  }
}
