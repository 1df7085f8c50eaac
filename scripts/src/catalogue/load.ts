/**
 * Loads a generated catalogue (demo or large) with set-based INSERTs: one `INSERT … SELECT FROM
 * unnest(…)` per table (variants in chunks), never a round trip per row. Ids are generated here so
 * the rows can reference each other without reading anything back.
 *
 * `db` is anything with `query(text, params)`: a pg Client inside the caller's transaction, or a
 * TypeORM EntityManager inside `dataSource.transaction(...)`.
 */
import { randomUUID } from 'node:crypto';
import type { DemoCatalogue } from './demo-parts';

export interface Queryable {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export interface LoadedCatalogue {
  categories: number;
  subcategories: number;
  products: number;
  variants: number;
  /** Generated ids by generator key (category, sub-category and product keys). */
  ids: Record<string, string>;
}

const VARIANT_CHUNK = 20000;

export async function loadCatalogue(db: Queryable, catalogue: DemoCatalogue): Promise<LoadedCatalogue> {
  const ids: Record<string, string> = {};
  const cat = { id: [] as string[], name: [] as string[], image: [] as string[], order: [] as number[] };
  const sub = { id: [] as string[], category: [] as string[], name: [] as string[], order: [] as number[] };
  const prod = {
    id: [] as string[],
    category: [] as string[],
    sub: [] as (string | null)[],
    name: [] as string[],
    order: [] as number[],
  };
  type VariantColumns = {
    id: string[];
    product: string[];
    pn: string[];
    size: string[];
    actual: string[];
    depth: number[];
    odd: boolean[];
    type: (string | null)[];
    min: (number | null)[];
    max: (number | null)[];
    oos: boolean[];
    cents: string[];
    order: number[];
  };
  const emptyVariants = (): VariantColumns => ({
    id: [],
    product: [],
    pn: [],
    size: [],
    actual: [],
    depth: [],
    odd: [],
    type: [],
    min: [],
    max: [],
    oos: [],
    cents: [],
    order: [],
  });
  const variantChunks: VariantColumns[] = [emptyVariants()];
  let variantCount = 0;

  const addProducts = (
    products: DemoCatalogue['categories'][number]['products'],
    categoryId: string,
    subId: string | null,
  ) => {
    products.forEach((p, pi) => {
      const id = randomUUID();
      ids[p.key] = id;
      prod.id.push(id);
      prod.category.push(categoryId);
      prod.sub.push(subId);
      prod.name.push(p.name);
      prod.order.push(pi + 1);
      for (const v of p.variants) {
        let chunk = variantChunks[variantChunks.length - 1];
        if (chunk.id.length >= VARIANT_CHUNK) variantChunks.push((chunk = emptyVariants()));
        chunk.id.push(randomUUID());
        chunk.product.push(id);
        chunk.pn.push(v.part_number);
        chunk.size.push(v.size);
        chunk.actual.push(v.actual_size);
        chunk.depth.push(v.depth);
        chunk.odd.push(v.odd_size);
        chunk.type.push(v.odd_size_type || null);
        chunk.min.push(v.min_area);
        chunk.max.push(v.max_area);
        chunk.oos.push(v.out_of_stock);
        chunk.cents.push(String(v.list_price_cents));
        chunk.order.push(v.display_order);
        variantCount++;
      }
    });
  };

  catalogue.categories.forEach((c, ci) => {
    const id = randomUUID();
    ids[c.key] = id;
    cat.id.push(id);
    cat.name.push(c.name);
    cat.image.push(c.image);
    cat.order.push(ci + 1);
    c.subcategories.forEach((s, si) => {
      const sid = randomUUID();
      ids[s.key] = sid;
      sub.id.push(sid);
      sub.category.push(id);
      sub.name.push(s.name);
      sub.order.push(si + 1);
      addProducts(s.products, id, sid);
    });
    addProducts(c.products, id, null);
  });

  await db.query(
    `INSERT INTO categories (id, name, image_svg, display_order)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[])`,
    [cat.id, cat.name, cat.image, cat.order],
  );
  if (sub.id.length) {
    await db.query(
      `INSERT INTO subcategories (id, category_id, name, display_order)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[])`,
      [sub.id, sub.category, sub.name, sub.order],
    );
  }
  if (prod.id.length) {
    await db.query(
      `INSERT INTO products (id, category_id, subcategory_id, name, display_order)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[])`,
      [prod.id, prod.category, prod.sub, prod.name, prod.order],
    );
  }
  for (const v of variantChunks) {
    if (!v.id.length) continue;
    await db.query(
      `INSERT INTO variants (id, product_id, part_number, size, actual_size, depth, odd_size, odd_size_type,
                             min_area, max_area, out_of_stock, list_price_cents, display_order)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::bool[],
                            $8::text[], $9::numeric[], $10::numeric[], $11::bool[], $12::bigint[], $13::int[])`,
      [v.id, v.product, v.pn, v.size, v.actual, v.depth, v.odd, v.type, v.min, v.max, v.oos, v.cents, v.order],
    );
  }
  return {
    categories: cat.id.length,
    subcategories: sub.id.length,
    products: prod.id.length,
    variants: variantCount,
    ids,
  };
}
