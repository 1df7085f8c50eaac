import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer price lists: one row per requested file. The worker fills `rows`/`total` while it writes
 * and sets `storage_name` once the file is complete; rows (and files) are removed after `expires_at`.
 */
export class Pricelists1764600000000 implements MigrationInterface {
  name = 'Pricelists1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pricelists (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        requested_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        format text NOT NULL CHECK (format IN ('csv', 'xlsx', 'pdf')),
        scope text NOT NULL CHECK (scope IN ('catalogue', 'category', 'subcategory')),
        scope_id uuid,
        scope_name text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed')),
        "rows" integer NOT NULL DEFAULT 0,
        total integer,
        size bigint,
        storage_name text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        expires_at timestamptz NOT NULL DEFAULT now() + interval '7 days',
        CONSTRAINT pricelists_scope_id CHECK ((scope = 'catalogue') = (scope_id IS NULL))
      )`);
    await q.query(`CREATE INDEX pricelists_requester_idx ON pricelists (requested_by, created_at DESC, id)`);
    await q.query(`CREATE INDEX pricelists_expires_idx ON pricelists (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS pricelists`);
  }
}
