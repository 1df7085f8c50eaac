import pg from 'pg';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';
const require = createRequire(import.meta.url);
const sql = require(path.join(root, 'apps/api/dist/catalogue/catalogue.sql.js'));
const params = ['bfa78804-b805-48ce-849a-9aa8800fe9f8', '45.55', 'SINGLE', '492', '1', '1', '20.5', '24'];
const cl = new pg.Client('postgres://postgres@127.0.0.1:5432/portal_catexp');
await cl.connect();
const A = sql.searchSql('subcategory', false);
const B = `
    SELECT coalesce(json_agg(r.product), '[]'::json)::text AS results FROM (
      SELECT json_build_object('_id', p.id, 'name', p.name, 'catalogue_id', p.category_id, 'variants', m.variants) AS product
      FROM products p
      JOIN LATERAL (
        SELECT json_agg(${sql.variantJson(false, true)} ORDER BY v.display_order, v.part_number) AS variants
          FROM (
            SELECT o.*, 'odd' AS match FROM variants o
             WHERE o.product_id = p.id AND o.odd_size AND o.odd_size_type = $3
               AND o.depth BETWEEN $5::numeric AND $6::numeric
               AND (o.min_area IS NULL OR o.min_area <= $4::numeric)
               AND (o.max_area IS NULL OR o.max_area >= $4::numeric)
            UNION ALL
            SELECT s.*, 'standard' FROM variants s
             WHERE s.product_id = p.id AND NOT s.odd_size
               AND least(s.nominal_width, s.nominal_height) = $7::numeric
               AND greatest(s.nominal_width, s.nominal_height) = $8::numeric
               AND s.depth BETWEEN $5::numeric AND $6::numeric
          ) v
      ) m ON m.variants IS NOT NULL
     WHERE p.subcategory_id = $1
     ORDER BY p.display_order, p.name, p.id) r`;
for (const [n, q] of [
  ['A', A],
  ['B', B],
  ['A', A],
  ['B', B],
]) {
  for (let i = 0; i < 5; i++) await cl.query(q, params);
  let t = performance.now();
  for (let i = 0; i < 40; i++) await cl.query(q, params);
  console.log(n, 'avg ms', ((performance.now() - t) / 40).toFixed(2));
}
const a = (await cl.query(A, params)).rows[0].results,
  b = (await cl.query(B, params)).rows[0].results;
console.log('same', a === b, a.length);
const e = await cl.query('EXPLAIN (ANALYZE) ' + A, params);
console.log(
  e.rows
    .slice(0, 3)
    .map((x) => x['QUERY PLAN'])
    .join('\n'),
);
await cl.end();
