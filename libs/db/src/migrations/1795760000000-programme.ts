import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sites and the filter programme: a company's sites, their units (air handlers …), the filter slots
 * of each unit with their replacement schedule, and the append-only record of changes. A slot's next
 * due date is `due(anchor_date, interval, due_index)` (libs/domain `due`): a change re-anchors it
 * (due_index 1), a skip raises due_index. Variants gain `merv` and `efficiency_class`, filled from
 * the product names that say "MERV 13". `programme_reminders` makes each digest exactly once: its
 * primary key is the digest.
 */
export class Programme1795760000000 implements MigrationInterface {
  name = 'Programme1795760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE variants
      ADD COLUMN merv smallint CHECK (merv BETWEEN 1 AND 16),
      ADD COLUMN efficiency_class text CHECK (length(efficiency_class) <= 40)`);
    await q.query(`
      UPDATE variants v SET merv = m.merv
        FROM (SELECT p.id, (regexp_match(p.name, 'MERV[\\s-]*(\\d{1,2})(?!\\d)', 'i'))[1]::int AS merv FROM products p) m
       WHERE v.product_id = m.id AND m.merv BETWEEN 1 AND 16`);
    await q.query(`
      UPDATE variants v SET merv = m.merv
        FROM (SELECT id, (regexp_match(part_number || ' ' || size, 'MERV[\\s-]*(\\d{1,2})(?!\\d)', 'i'))[1]::int AS merv
                FROM variants) m
       WHERE v.id = m.id AND v.merv IS NULL AND m.merv BETWEEN 1 AND 16`);

    await q.query(`
      CREATE TABLE sites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
        code text NOT NULL CHECK (length(btrim(code)) BETWEEN 1 AND 32),
        address_line1 text CHECK (length(address_line1) <= 200),
        address_line2 text CHECK (length(address_line2) <= 200),
        city text CHECK (length(city) <= 100),
        region text CHECK (length(region) <= 100),
        postal_code text CHECK (length(postal_code) <= 20),
        country text CHECK (country ~ '^[A-Z]{2}$'),
        delivery_notes text CHECK (length(delivery_notes) <= 500),
        time_zone text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX sites_company_code_key ON sites (company_id, lower(code))`);
    await q.query(`CREATE INDEX sites_company_name_idx ON sites (company_id, lower(name))`);
    await q.query(`
      CREATE TABLE site_contacts (
        site_id uuid NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (site_id, user_id)
      )`);
    await q.query(`CREATE INDEX site_contacts_user_idx ON site_contacts (user_id)`);

    await q.query(`
      CREATE TABLE site_units (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        site_id uuid NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        label text NOT NULL CHECK (length(btrim(label)) BETWEEN 1 AND 80),
        kind text NOT NULL CHECK (kind IN ('ahu', 'rtu', 'fcu', 'exhaust', 'purifier', 'other')),
        location_note text CHECK (length(location_note) <= 500),
        min_merv smallint CHECK (min_merv BETWEEN 1 AND 16),
        max_merv smallint CHECK (max_merv BETWEEN 1 AND 16),
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT site_units_merv_range CHECK (min_merv IS NULL OR max_merv IS NULL OR min_merv <= max_merv)
      )`);
    await q.query(`CREATE UNIQUE INDEX site_units_label_key ON site_units (site_id, lower(label))`);

    await q.query(`
      CREATE TABLE filter_slots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        unit_id uuid NOT NULL REFERENCES site_units(id) ON DELETE CASCADE,
        site_id uuid NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        stage text NOT NULL CHECK (stage IN ('pre', 'final', 'single')),
        fitted_kind text NOT NULL CHECK (fitted_kind IN ('catalogue', 'custom_size')),
        variant_id uuid REFERENCES variants(id) ON DELETE RESTRICT,
        catalogue_id uuid REFERENCES categories(id) ON DELETE RESTRICT,
        width numeric(10,4),
        height numeric(10,4),
        depth numeric(10,4),
        measure text CHECK (measure IN ('nominal', 'exact')),
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 500),
        interval_unit text NOT NULL CHECK (interval_unit IN ('day', 'week', 'month')),
        interval_count integer NOT NULL CHECK (interval_count BETWEEN 1 AND 730),
        anchor_date date NOT NULL,
        due_index integer NOT NULL DEFAULT 1 CHECK (due_index >= 1),
        next_due date NOT NULL,
        notice_days integer NOT NULL DEFAULT 14 CHECK (notice_days BETWEEN 0 AND 60),
        override_note text CHECK (length(override_note) <= 500),
        removed_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT filter_slots_catalogue CHECK (fitted_kind <> 'catalogue' OR variant_id IS NOT NULL),
        CONSTRAINT filter_slots_custom CHECK (fitted_kind <> 'custom_size' OR
          (catalogue_id IS NOT NULL AND width IS NOT NULL AND height IS NOT NULL AND depth IS NOT NULL AND measure IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX filter_slots_unit_idx ON filter_slots (unit_id) WHERE removed_at IS NULL`);
    // The due view and the reminder sweep: live slots by date.
    await q.query(`CREATE INDEX filter_slots_due_idx ON filter_slots (company_id, next_due) WHERE removed_at IS NULL`);
    await q.query(
      `CREATE INDEX filter_slots_next_due_idx ON filter_slots (next_due, site_id) WHERE removed_at IS NULL`,
    );
    await q.query(`CREATE INDEX filter_slots_variant_idx ON filter_slots (variant_id) WHERE variant_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE filter_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slot_id uuid NOT NULL REFERENCES filter_slots(id) ON DELETE CASCADE,
        site_id uuid NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        changed_on date NOT NULL,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 500),
        variant_id uuid REFERENCES variants(id) ON DELETE SET NULL,
        fitted text NOT NULL,
        merv smallint,
        efficiency_class text,
        pressure_drop_in_wc numeric(6,3) CHECK (pressure_drop_in_wc >= 0 AND pressure_drop_in_wc <= 20),
        note text CHECK (length(note) <= 500),
        recorded_by uuid REFERENCES users(id) ON DELETE SET NULL,
        recorded_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX filter_changes_slot_idx ON filter_changes (slot_id, changed_on DESC, created_at DESC)`);
    await q.query(`CREATE INDEX filter_changes_site_idx ON filter_changes (site_id, changed_on)`);
    // Append-only: the record an inspector reads is never rewritten.
    await q.query(`
      CREATE FUNCTION filter_changes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'filter_changes is append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER filter_changes_append_only BEFORE UPDATE ON filter_changes
        FOR EACH ROW EXECUTE FUNCTION filter_changes_append_only()`);

    await q.query(`
      CREATE TABLE programme_reminders (
        site_id uuid NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        due_month text NOT NULL CHECK (due_month ~ '^\\d{4}-\\d{2}$'),
        kind text NOT NULL CHECK (kind IN ('due', 'overdue')),
        slot_count integer NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (site_id, due_month, kind)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS programme_reminders`);
    await q.query(`DROP TABLE IF EXISTS filter_changes`);
    await q.query(`DROP FUNCTION IF EXISTS filter_changes_append_only()`);
    await q.query(`DROP TABLE IF EXISTS filter_slots`);
    await q.query(`DROP TABLE IF EXISTS site_units`);
    await q.query(`DROP TABLE IF EXISTS site_contacts`);
    await q.query(`DROP TABLE IF EXISTS sites`);
    await q.query(`ALTER TABLE variants DROP COLUMN IF EXISTS merv, DROP COLUMN IF EXISTS efficiency_class`);
  }
}
