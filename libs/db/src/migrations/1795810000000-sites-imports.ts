import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Onboarding a company's filter programme from a spreadsheet: an import (upload → dry run in the
 * worker → apply), its errors per row and the rows it resolved (site code, unit label, stage, what is
 * fitted, quantity, interval, anchor) with what applying them would do. The apply re-matches the
 * resolved rows against the programme as it is then, in one transaction.
 */
export class SitesImports1795810000000 implements MigrationInterface {
  name = 'SitesImports1795810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sites_imports (
        id uuid PRIMARY KEY,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'validating', 'ready', 'invalid', 'failed', 'applied')),
        file_name text NOT NULL,
        format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
        storage_name text NOT NULL,
        size_bytes bigint NOT NULL,
        total_rows integer NOT NULL DEFAULT 0,
        done_rows integer NOT NULL DEFAULT 0,
        sites_created integer NOT NULL DEFAULT 0,
        units_created integer NOT NULL DEFAULT 0,
        slots_created integer NOT NULL DEFAULT 0,
        slots_updated integer NOT NULL DEFAULT 0,
        slots_unchanged integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        message text,
        started_by uuid REFERENCES users(id) ON DELETE SET NULL,
        started_by_name text NOT NULL,
        started_by_email text NOT NULL,
        started_by_role text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        validated_at timestamptz,
        applied_at timestamptz
      )`);
    await q.query(`CREATE INDEX sites_imports_company_idx ON sites_imports (company_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE sites_import_errors (
        import_id uuid NOT NULL REFERENCES sites_imports(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        line integer,
        "column" text,
        message text NOT NULL,
        PRIMARY KEY (import_id, seq)
      )`);
    await q.query(`
      CREATE TABLE sites_import_rows (
        import_id uuid NOT NULL REFERENCES sites_imports(id) ON DELETE CASCADE,
        line integer NOT NULL,
        action text NOT NULL CHECK (action IN ('create', 'update', 'unchanged')),
        site_code text NOT NULL,
        site_name text NOT NULL,
        unit_label text NOT NULL,
        unit_kind text NOT NULL,
        stage text NOT NULL,
        fitted_kind text NOT NULL CHECK (fitted_kind IN ('catalogue', 'custom_size')),
        variant_id uuid,
        catalogue_id uuid,
        width numeric(10,4),
        height numeric(10,4),
        depth numeric(10,4),
        measure text,
        fitted text NOT NULL,
        quantity integer NOT NULL,
        interval_unit text NOT NULL,
        interval_count integer NOT NULL,
        anchor_date date NOT NULL,
        next_due date NOT NULL,
        PRIMARY KEY (import_id, line)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS sites_import_rows`);
    await q.query(`DROP TABLE IF EXISTS sites_import_errors`);
    await q.query(`DROP TABLE IF EXISTS sites_imports`);
  }
}
