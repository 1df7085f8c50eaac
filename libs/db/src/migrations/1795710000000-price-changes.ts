import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Price changes on a date:
 *  - price_changes: one scheduled change (a company's multipliers, or the list prices of a catalogue import
 *    that had its dry run), its state, when it takes effect and when its notice went out;
 *  - price_change_targets: the (scope, product line, instant) each scheduled change moves — scope is the
 *    company id, or 'catalogue' for list prices. Its partial unique index is what refuses two scheduled
 *    changes to the same company and product line at the same instant, whoever inserts them at once.
 *  - catalogue_imports may be `scheduled` (held by a price change, no "Apply now").
 *  - pricelists.price_change_id: a list built at a scheduled change's prices (sent with its notice).
 * A trigger tells the worker (`price_changes` channel) when a change is scheduled, moved or cancelled, so
 * it re-arms its timers at once instead of at the next sweep.
 */
export class PriceChanges1795710000000 implements MigrationInterface {
  name = 'PriceChanges1795710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE price_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('company_multipliers', 'list_prices')),
        status text NOT NULL DEFAULT 'scheduled'
          CHECK (status IN ('scheduled', 'applying', 'applied', 'failed', 'cancelled')),
        company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
        discount_percentage numeric(5,2) CHECK (discount_percentage BETWEEN 0 AND 100),
        rigidflow_percentage numeric(5,2) CHECK (rigidflow_percentage BETWEEN 0 AND 100),
        minipro_percentage numeric(5,2) CHECK (minipro_percentage BETWEEN 0 AND 100),
        polyroll_percentage numeric(5,2) CHECK (polyroll_percentage BETWEEN 0 AND 100),
        import_id uuid REFERENCES catalogue_imports(id) ON DELETE CASCADE,
        effective_at timestamptz NOT NULL,
        notice_days int NOT NULL DEFAULT 30 CHECK (notice_days BETWEEN 0 AND 90),
        notice_sent_at timestamptz,
        -- The company's percentages just before the change applied ({ discount: '45.50', … }).
        previous_percentages jsonb,
        version int NOT NULL DEFAULT 1,
        message text,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by_name text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        applied_at timestamptz,
        CHECK ((kind = 'company_multipliers') = (company_id IS NOT NULL)),
        CHECK ((kind = 'list_prices') = (import_id IS NOT NULL))
      )`);
    // The sweep's two questions: which are due, which notices are due.
    await q.query(
      `CREATE INDEX price_changes_due_idx ON price_changes (effective_at) WHERE status IN ('scheduled', 'applying')`,
    );
    await q.query(`CREATE INDEX price_changes_company_idx ON price_changes (company_id, effective_at)`);
    await q.query(`CREATE INDEX price_changes_created_idx ON price_changes (created_at DESC, id)`);
    await q.query(
      `CREATE UNIQUE INDEX price_changes_import_idx ON price_changes (import_id) WHERE status IN ('scheduled', 'applying')`,
    );
    await q.query(`
      CREATE TABLE price_change_targets (
        price_change_id uuid NOT NULL REFERENCES price_changes(id) ON DELETE CASCADE,
        scope text NOT NULL,
        product_line text NOT NULL CHECK (product_line IN ('discount', 'rigidflow', 'minipro', 'polyroll')),
        effective_at timestamptz NOT NULL,
        PRIMARY KEY (price_change_id, product_line)
      )`);
    await q.query(`
      CREATE UNIQUE INDEX price_change_targets_instant_idx ON price_change_targets (scope, product_line, effective_at)`);
    await q.query(`ALTER TABLE catalogue_imports DROP CONSTRAINT IF EXISTS catalogue_imports_status_check`);
    await q.query(`ALTER TABLE catalogue_imports ADD CONSTRAINT catalogue_imports_status_check CHECK (status IN
      ('queued', 'validating', 'ready', 'invalid', 'scheduled', 'applying', 'applied', 'conflict', 'failed'))`);
    // The price list a notice builds for each admin, at the change's prices (the existing builder).
    await q.query(
      `ALTER TABLE pricelists ADD COLUMN price_change_id uuid REFERENCES price_changes(id) ON DELETE SET NULL`,
    );
    await q.query(`
      CREATE FUNCTION notify_price_changes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('price_changes', NEW.id::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER price_changes_notify AFTER INSERT OR UPDATE OF status, effective_at, notice_days ON price_changes
        FOR EACH ROW EXECUTE FUNCTION notify_price_changes()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS price_changes_notify ON price_changes`);
    await q.query(`DROP FUNCTION IF EXISTS notify_price_changes()`);
    await q.query(`DROP INDEX IF EXISTS catalogue_import_changes_variant_idx`);
    await q.query(`ALTER TABLE pricelists DROP COLUMN IF EXISTS price_change_id`);
    await q.query(`DROP TABLE IF EXISTS price_change_targets`);
    await q.query(`DROP TABLE IF EXISTS price_changes`);
    await q.query(`UPDATE catalogue_imports SET status = 'ready' WHERE status = 'scheduled'`);
    await q.query(`ALTER TABLE catalogue_imports DROP CONSTRAINT IF EXISTS catalogue_imports_status_check`);
    await q.query(`ALTER TABLE catalogue_imports ADD CONSTRAINT catalogue_imports_status_check CHECK (status IN
      ('queued', 'validating', 'ready', 'invalid', 'applying', 'applied', 'conflict', 'failed'))`);
  }
}
