import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['categories', 'subcategories', 'products', 'variants', 'files'];

/**
 * Catalogue version: one counter that moves in the same transaction as any change to the
 * catalogue tables, whoever makes it (API edits, the files worker, seed and import scripts).
 * Read caches key on it, so a committed change is visible to the next request on every process.
 *
 * The bump is a deferred constraint trigger: it runs once per transaction at commit time, so the
 * counter's row lock is held only for the commit itself (writers never deadlock on it while they
 * hold product or variant row locks).
 */
export class CatalogueVersion1764330000000 implements MigrationInterface {
  name = 'CatalogueVersion1764330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalogue_version (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        version bigint NOT NULL
      )`);
    await q.query(`INSERT INTO catalogue_version (id, version) VALUES (true, 1)`);
    await q.query(`
      CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Transaction-local flag: one bump per transaction, however many rows changed.
        IF coalesce(current_setting('portal.catalogue_bumped', true), '') <> 'on' THEN
          UPDATE catalogue_version SET version = version + 1;
          PERFORM set_config('portal.catalogue_bumped', 'on', true);
        END IF;
        RETURN NULL;
      END $$`);
    for (const t of TABLES) {
      await q.query(`
        CREATE CONSTRAINT TRIGGER ${t}_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON ${t}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version()`);
      await q.query(`
        CREATE TRIGGER ${t}_catalogue_version_truncate AFTER TRUNCATE ON ${t}
          FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of TABLES) {
      await q.query(`DROP TRIGGER IF EXISTS ${t}_catalogue_version ON ${t}`);
      await q.query(`DROP TRIGGER IF EXISTS ${t}_catalogue_version_truncate ON ${t}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS bump_catalogue_version()`);
    await q.query(`DROP TABLE IF EXISTS catalogue_version`);
  }
}
