import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue: categories → optional sub-categories → products → variants, plus the files
 * table for category/sub-category/product resources (uploads come in a later issue).
 *
 * Money: `list_price_cents` is integer cents. Sizes: `depth`, `min_area`, `max_area` are exact
 * numerics. `nominal_width`/`nominal_height` are parsed by Postgres from `size` ('16x25x1',
 * '24x24x12 single header' → 16/25, 24/24) for standard variants, so the dimension search can
 * match standard sizes through an index and the parse can never drift from the stored size.
 */
export class Catalogue1764100000000 implements MigrationInterface {
  name = 'Catalogue1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE categories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        image_svg text,
        display_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX categories_name_key ON categories (lower(name))`);

    await q.query(`
      CREATE TABLE subcategories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        category_id uuid NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        display_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- target of products' composite FK: a product's sub-category belongs to its category
        CONSTRAINT subcategories_id_category_key UNIQUE (id, category_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX subcategories_name_key ON subcategories (category_id, lower(name))`);

    await q.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        category_id uuid NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
        subcategory_id uuid,
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 300),
        image_path text,
        display_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT products_subcategory_fk FOREIGN KEY (subcategory_id, category_id)
          REFERENCES subcategories (id, category_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX products_category_idx ON products (category_id, display_order)`);
    await q.query(
      `CREATE INDEX products_subcategory_idx ON products (subcategory_id, display_order) WHERE subcategory_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE variants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        part_number text NOT NULL CHECK (length(btrim(part_number)) BETWEEN 1 AND 100),
        size text NOT NULL DEFAULT '',
        actual_size text NOT NULL DEFAULT '',
        depth numeric CHECK (depth >= 0),
        odd_size boolean NOT NULL DEFAULT false,
        odd_size_type text CHECK (odd_size_type IN ('SINGLE', 'DOUBLE', 'TRIPLE')),
        min_area numeric CHECK (min_area >= 0),
        max_area numeric CHECK (max_area >= 0),
        out_of_stock boolean NOT NULL DEFAULT false,
        list_price_cents bigint NOT NULL DEFAULT 0 CHECK (list_price_cents >= 0),
        display_order integer NOT NULL DEFAULT 0,
        version integer NOT NULL DEFAULT 1,
        nominal_width numeric GENERATED ALWAYS AS (CASE WHEN NOT odd_size THEN
          (regexp_match(size, '^\\s*(\\d+(?:\\.\\d+)?)\\s*[xX]\\s*(\\d+(?:\\.\\d+)?)(?:\\s*[xX]|\\s|$)'))[1]::numeric END) STORED,
        nominal_height numeric GENERATED ALWAYS AS (CASE WHEN NOT odd_size THEN
          (regexp_match(size, '^\\s*(\\d+(?:\\.\\d+)?)\\s*[xX]\\s*(\\d+(?:\\.\\d+)?)(?:\\s*[xX]|\\s|$)'))[2]::numeric END) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT variants_area_bounds CHECK (min_area IS NULL OR max_area IS NULL OR min_area <= max_area)
      )`);
    // Part numbers are unique regardless of case; the lookup uses lower(part_number) = lower($1).
    await q.query(`CREATE UNIQUE INDEX variants_part_number_key ON variants (lower(part_number))`);
    // Product pages: a product's variants in display order (also serves the FK).
    await q.query(`CREATE INDEX variants_product_idx ON variants (product_id, display_order)`);
    // Odd-size search (oddSizeCriteria): type, depth range and area bounds inside the index.
    await q.query(`
      CREATE INDEX variants_odd_size_idx ON variants (product_id, odd_size_type, depth, min_area, max_area)
       WHERE odd_size`);
    // Standard sizes in a dimension search: width and height interchangeable.
    await q.query(`
      CREATE INDEX variants_nominal_idx ON variants
        (product_id, least(nominal_width, nominal_height), greatest(nominal_width, nominal_height), depth)
       WHERE NOT odd_size`);

    await q.query(`
      CREATE TABLE files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_type text NOT NULL CHECK (owner_type IN ('category', 'subcategory', 'product')),
        owner_id uuid NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        path text NOT NULL,
        mime text NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'rejected', 'deleted')),
        uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX files_owner_idx ON files (owner_type, owner_id, created_at) WHERE status = 'ready'`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['files', 'variants', 'products', 'subcategories', 'categories']) {
      await q.query(`DROP TABLE IF EXISTS ${t} CASCADE`);
    }
  }
}
