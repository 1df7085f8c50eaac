import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue editing:
 *  - price_history: every list-price change (who, when, old, new), per variant;
 *  - files: generated storage name, thumbnail, rejection reason, and the 'processing' status used
 *    between upload and the worker's check;
 *  - catalogue_presence: which superadmin is editing which product, shared by every API instance
 *    (rows expire unless refreshed by a heartbeat, so a crashed instance cannot leave ghosts).
 */
export class CatalogueEditing1764200000000 implements MigrationInterface {
  name = 'CatalogueEditing1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE price_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        variant_id uuid NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
        product_id uuid NOT NULL,
        part_number text NOT NULL,
        old_price_cents bigint,
        new_price_cents bigint NOT NULL,
        changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
        changed_by_name text NOT NULL DEFAULT '',
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX price_history_variant_idx ON price_history (variant_id, changed_at DESC, id)`);

    await q.query(`ALTER TABLE files DROP CONSTRAINT IF EXISTS files_status_check`);
    await q.query(`ALTER TABLE files ADD CONSTRAINT files_status_check
      CHECK (status IN ('pending', 'processing', 'ready', 'rejected', 'deleted'))`);
    await q.query(`ALTER TABLE files ADD COLUMN storage_name text`);
    await q.query(`ALTER TABLE files ADD COLUMN thumbnail_name text`);
    await q.query(`ALTER TABLE files ADD COLUMN reason text`);
    await q.query(`CREATE INDEX files_owner_all_idx ON files (owner_id, created_at)`);

    await q.query(`
      CREATE TABLE catalogue_presence (
        product_id uuid NOT NULL,
        socket_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        username text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (product_id, socket_id)
      )`);
    await q.query(`CREATE INDEX catalogue_presence_socket_idx ON catalogue_presence (socket_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS catalogue_presence`);
    await q.query(`DROP TABLE IF EXISTS price_history`);
    await q.query(`DROP INDEX IF EXISTS files_owner_all_idx`);
    await q.query(
      `ALTER TABLE files DROP COLUMN IF EXISTS storage_name, DROP COLUMN IF EXISTS thumbnail_name, DROP COLUMN IF EXISTS reason`,
    );
    await q.query(`UPDATE files SET status = 'pending' WHERE status = 'processing'`);
    await q.query(`ALTER TABLE files DROP CONSTRAINT IF EXISTS files_status_check`);
    await q.query(
      `ALTER TABLE files ADD CONSTRAINT files_status_check CHECK (status IN ('pending', 'ready', 'rejected', 'deleted'))`,
    );
  }
}
