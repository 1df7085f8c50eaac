import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Which scopes a row of each table touches: an SQL select over `r` (a transition table row). */
const NODE_SCOPES: Record<string, { scopes: (r: string) => string; structural?: (r: string) => string }> = {
  // A product's pages are its category's and its sub-category's; adding, removing or moving one can
  // change which categories and sub-categories a customer sees (the lists).
  products: {
    scopes: (r) => `VALUES ('n:' || ${r}.category_id), ('n:' || ${r}.subcategory_id)`,
    structural: (r) => `VALUES ('lists'), ('sub:' || ${r}.category_id)`,
  },
  variants: {
    scopes: (r) => `SELECT x FROM products p, LATERAL (VALUES ('n:' || p.category_id), ('n:' || p.subcategory_id)) v(x)
                     WHERE p.id = ${r}.product_id`,
    structural: (r) => `SELECT x FROM products p, LATERAL (VALUES ('lists'), ('sub:' || p.category_id)) v(x)
                         WHERE p.id = ${r}.product_id`,
  },
  // A category's product line prices its sub-categories' pages too.
  categories: {
    scopes: (r) => `VALUES ('n:' || ${r}.id), ('lists'), ('sub:' || ${r}.id)
                    UNION ALL SELECT 'n:' || s.id FROM subcategories s WHERE s.category_id = ${r}.id`,
  },
  subcategories: {
    scopes: (r) => `VALUES ('n:' || ${r}.id), ('lists'), ('sub:' || ${r}.category_id)`,
  },
  files: {
    scopes: (r) => `SELECT 'lists' WHERE ${r}.owner_type = 'category'
                    UNION ALL SELECT 'sub:' || s.category_id FROM subcategories s
                     WHERE ${r}.owner_type = 'subcategory' AND s.id = ${r}.owner_id
                    UNION ALL SELECT x FROM products p, LATERAL (VALUES ('n:' || p.category_id), ('n:' || p.subcategory_id)) v(x)
                     WHERE ${r}.owner_type = 'product' AND p.id = ${r}.owner_id`,
  },
  part_aliases: {
    scopes: (r) => `SELECT x FROM variants v JOIN products p ON p.id = v.product_id,
                      LATERAL (VALUES ('n:' || p.category_id), ('n:' || p.subcategory_id)) s(x)
                     WHERE v.id = ${r}.variant_id`,
  },
};

/** Columns whose change alters which nodes a customer sees (beyond the rows' own pages). */
const STRUCTURAL_CHANGE: Record<string, string> = {
  products: 'o.category_id IS DISTINCT FROM n.category_id OR o.subcategory_id IS DISTINCT FROM n.subcategory_id',
  variants: 'o.odd_size IS DISTINCT FROM n.odd_size OR o.product_id IS DISTINCT FROM n.product_id',
};

const TABLES = Object.keys(NODE_SCOPES);

function scopesFunction(table: string): string {
  const { scopes, structural } = NODE_SCOPES[table];
  const from = (rows: string, extra = '') =>
    `ARRAY(SELECT DISTINCT x FROM ${rows} r, LATERAL (${scopes('r')}${extra ? ` UNION ALL ${extra}` : ''}) s(x) WHERE x IS NOT NULL)`;
  const whole = (rows: string) => from(rows, structural?.('r'));
  const changed = (side: string) =>
    `SELECT ${side}.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${STRUCTURAL_CHANGE[table]}`;
  const moved = structural
    ? `PERFORM touch_catalogue_scopes(ARRAY(
         SELECT DISTINCT x FROM (${changed('o')} UNION ALL ${changed('n')}) r, LATERAL (${structural('r')}) s(x)
          WHERE x IS NOT NULL));`
    : '';
  return `
    CREATE FUNCTION ${table}_catalogue_scopes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM touch_catalogue_scopes(${whole('new_rows')});
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM touch_catalogue_scopes(${whole('old_rows')});
      ELSE
        PERFORM touch_catalogue_scopes(${from('old_rows')} || ${from('new_rows')});
        ${moved}
      END IF;
      RETURN NULL;
    END $$`;
}

/**
 * Catalogue versions per scope instead of one global version, so a save on one product leaves every
 * other product's cached pages in place:
 *  - `n:{id}` — a category's or sub-category's pages (product page, part-number look-ups, odd-size
 *    searches under that node);
 *  - `lists` — the category list; `sub:{categoryId}` — that category's sub-category list.
 *
 * Statement-level triggers (transition tables, so one query per statement whatever the row count)
 * collect the touched scopes in a transaction-local setting; the existing deferred constraint
 * trigger, at commit, bumps the global version once and stamps every collected scope with it in one
 * statement — the same commit-time locking as before (global row first, then the scope rows), so
 * writers still never deadlock on it. A TRUNCATE moves `epoch` (every scope at once): a scope's
 * version is greatest(its row, epoch).
 */
export class CatalogueScopeVersions1795720000000 implements MigrationInterface {
  name = 'CatalogueScopeVersions1795720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE catalogue_scope_versions (scope text PRIMARY KEY, version bigint NOT NULL)`);
    await q.query(`ALTER TABLE catalogue_version ADD COLUMN epoch bigint NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE FUNCTION touch_catalogue_scopes(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        pending text := coalesce(current_setting('portal.catalogue_scopes', true), '');
        s text;
      BEGIN
        IF pending = '' THEN pending := ','; END IF;
        FOREACH s IN ARRAY coalesce(scopes, '{}'::text[]) LOOP
          IF position(',' || s || ',' IN pending) = 0 THEN
            pending := pending || s || ',';
          END IF;
        END LOOP;
        PERFORM set_config('portal.catalogue_scopes', pending, true);
      END $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        pending text;
      BEGIN
        -- Transaction-local flag: one bump per transaction, however many rows changed.
        IF coalesce(current_setting('portal.catalogue_bumped', true), '') <> 'on' THEN
          UPDATE catalogue_version SET version = version + 1;
          PERFORM set_config('portal.catalogue_bumped', 'on', true);
        END IF;
        IF TG_OP = 'TRUNCATE' THEN
          UPDATE catalogue_version SET epoch = version;
        END IF;
        pending := btrim(coalesce(current_setting('portal.catalogue_scopes', true), ''), ',');
        IF pending <> '' THEN
          PERFORM set_config('portal.catalogue_scopes', '', true);
          INSERT INTO catalogue_scope_versions (scope, version)
            SELECT s, (SELECT version FROM catalogue_version) FROM unnest(string_to_array(pending, ',')) s
          ON CONFLICT (scope) DO UPDATE SET version = EXCLUDED.version;
        END IF;
        RETURN NULL;
      END $$`);
    for (const t of TABLES) {
      await q.query(scopesFunction(t));
      await q.query(`
        CREATE TRIGGER ${t}_catalogue_scopes_insert AFTER INSERT ON ${t}
          REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${t}_catalogue_scopes()`);
      await q.query(`
        CREATE TRIGGER ${t}_catalogue_scopes_update AFTER UPDATE ON ${t}
          REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${t}_catalogue_scopes()`);
      await q.query(`
        CREATE TRIGGER ${t}_catalogue_scopes_delete AFTER DELETE ON ${t}
          REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${t}_catalogue_scopes()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of TABLES) {
      for (const op of ['insert', 'update', 'delete'])
        await q.query(`DROP TRIGGER IF EXISTS ${t}_catalogue_scopes_${op} ON ${t}`);
      await q.query(`DROP FUNCTION IF EXISTS ${t}_catalogue_scopes()`);
    }
    await q.query(`
      CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF coalesce(current_setting('portal.catalogue_bumped', true), '') <> 'on' THEN
          UPDATE catalogue_version SET version = version + 1;
          PERFORM set_config('portal.catalogue_bumped', 'on', true);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`DROP FUNCTION IF EXISTS touch_catalogue_scopes(text[])`);
    await q.query(`ALTER TABLE catalogue_version DROP COLUMN IF EXISTS epoch`);
    await q.query(`DROP TABLE IF EXISTS catalogue_scope_versions`);
  }
}
