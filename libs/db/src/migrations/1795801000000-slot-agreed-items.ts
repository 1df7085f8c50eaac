import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A filter slot may be fitted with one of the company's agreed items (a custom size or unlisted part
 * priced in an accepted quote): `fitted_kind = 'agreed_item'` with `agreed_item_id`. A recorded
 * change keeps the agreed item it was made with, like the variant.
 */
export class SlotAgreedItems1795801000000 implements MigrationInterface {
  name = 'SlotAgreedItems1795801000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE filter_slots DROP CONSTRAINT filter_slots_fitted_kind_check`);
    await q.query(`ALTER TABLE filter_slots
      ADD COLUMN agreed_item_id uuid REFERENCES agreed_items(id),
      ADD CONSTRAINT filter_slots_fitted_kind_check CHECK (fitted_kind IN ('catalogue', 'custom_size', 'agreed_item')),
      ADD CONSTRAINT filter_slots_agreed_item CHECK (fitted_kind <> 'agreed_item' OR agreed_item_id IS NOT NULL)`);
    await q.query(
      `CREATE INDEX filter_slots_agreed_item_idx ON filter_slots (agreed_item_id) WHERE agreed_item_id IS NOT NULL`,
    );
    await q.query(`ALTER TABLE filter_changes ADD COLUMN agreed_item_id uuid REFERENCES agreed_items(id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE filter_changes DROP COLUMN IF EXISTS agreed_item_id`);
    await q.query(`DELETE FROM filter_slots WHERE fitted_kind = 'agreed_item'`);
    await q.query(`ALTER TABLE filter_slots DROP CONSTRAINT filter_slots_agreed_item`);
    await q.query(`ALTER TABLE filter_slots DROP CONSTRAINT filter_slots_fitted_kind_check`);
    await q.query(`ALTER TABLE filter_slots DROP COLUMN agreed_item_id`);
    await q.query(
      `ALTER TABLE filter_slots ADD CONSTRAINT filter_slots_fitted_kind_check CHECK (fitted_kind IN ('catalogue', 'custom_size'))`,
    );
  }
}
