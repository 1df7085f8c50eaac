import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Categories carry the product line that prices them (`rigidflow`, `minipro`, `polyroll`; NULL =
 * the company's general discount), so renaming a category never changes a price. Existing rows
 * are backfilled from their names with the normalisation the name-based rule used (lower-case,
 * spaces/hyphens/underscores dropped). A new row without a product line gets the same default
 * once, at insert; after that only an explicit change moves it.
 */
export class CategoryProductLine1764800000000 implements MigrationInterface {
  name = 'CategoryProductLine1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE categories ADD COLUMN product_line text
        CONSTRAINT categories_product_line_check CHECK (product_line IN ('rigidflow', 'minipro', 'polyroll'))`);
    await q.query(`
      CREATE FUNCTION category_product_line_for_name(name text) RETURNS text
        LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE lower(regexp_replace(name, '[[:space:]_-]+', '', 'g'))
                 WHEN 'rigidflow' THEN 'rigidflow' WHEN 'minipro' THEN 'minipro' WHEN 'polyroll' THEN 'polyroll'
               END
      $$`);
    await q.query(`UPDATE categories SET product_line = category_product_line_for_name(name)`);
    await q.query(`
      CREATE FUNCTION category_default_product_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.product_line IS NULL THEN
          NEW.product_line := category_product_line_for_name(NEW.name);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER categories_default_product_line BEFORE INSERT ON categories
        FOR EACH ROW EXECUTE FUNCTION category_default_product_line()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS categories_default_product_line ON categories`);
    await q.query(`DROP FUNCTION IF EXISTS category_default_product_line()`);
    await q.query(`DROP FUNCTION IF EXISTS category_product_line_for_name(text)`);
    await q.query(`ALTER TABLE categories DROP COLUMN IF EXISTS product_line`);
  }
}
