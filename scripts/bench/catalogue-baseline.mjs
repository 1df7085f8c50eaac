// @ts-check
// The customer catalogue routes of the bare Fastify + pg baseline (catalogue and load-mix benchmarks).
// They run the API's own data access — the compiled apps/api/src/catalogue/catalogue.repository.ts,
// whose SQL prices with `customerPriceSql` — and its pricing rule (`percentageForProductLine` of the
// category's product line), so they cannot drift from the API's code: the ratio against the API
// measures what Nest, guards, validation, the cache and our services add. `assertBaselineParity`
// (run by the catalogue benchmark, also in the smoke mode of `npm test`) fails when the two answer
// differently, on a data set where pricing by category name would give other prices.
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('../../apps/api/dist/catalogue/catalogue.repository.js')} */
const repo = require(path.join(root, 'apps/api/dist/catalogue/catalogue.repository.js'));
/** @type {typeof import('../../libs/domain/dist/index.js')} */
const domain = require(path.join(root, 'libs/domain/dist/index.js'));
/** @type {typeof import('../../libs/contracts/dist/index.js')} */
const contracts = require(path.join(root, 'libs/contracts/dist/index.js'));

/**
 * A pg pool as the repository's `Db`: the repository only calls `query(sql, params)` through
 * queryOne/queryRows, which accept TypeORM's answer shape (rows) — what this adapter returns.
 * @param {import('pg').Pool} pool
 * @returns {import('../../libs/db/dist/index.js').Db}
 */
function asDb(pool) {
  /** @type {import('../../libs/db/dist/index.js').SqlRunner} */
  const runner = { query: async (sql, params) => (await pool.query(sql, params)).rows };
  return /** @type {import('../../libs/db/dist/index.js').Db} */ (/** @type {unknown} */ (runner));
}

/** @param {import('fastify').FastifyReply} reply @param {string} text */
const json = (reply, text) => (reply.header('content-type', 'application/json; charset=utf-8'), text);

/**
 * The viewed node and the customer's percentage for its category's product line; null when unknown.
 * @param {import('pg').Pool} pool
 * @param {import('./lib.mjs').SessionUser} user
 * @param {string} id
 */
async function context(pool, user, id) {
  const row = await repo.viewContext(asDb(pool), id, user.company_id);
  if (!row.kind || !row.id) return null;
  return {
    kind: row.kind,
    id: row.id,
    name: row.name ?? '',
    pct: String(domain.percentageForProductLine(row.product_line, row)),
  };
}

/** @type {Record<string, import('./lib.mjs').BaselineHandler>} Routes for `startBaseline()` (lib.mjs), at the API's own paths. */
export const catalogueBaselineRoutes = {
  '/api/catalogue': async (req, pool) => {
    const rows = await repo.categoryRows(asDb(pool), false);
    const data = domain.sortCategories(
      rows.map(({ has_image, ...c }) => ({
        _id: c._id,
        name: c.name,
        image_url: has_image ? contracts.CATALOGUE_IMAGE_PATH(c._id) : null,
        files: c.files,
        has_subcatalogues: c.has_subcatalogues,
      })),
    );
    return { status: 200, data };
  },
  '/api/catalogue/subcatalogue/:id': async (req, pool, user, reply) => {
    if (!(await repo.categoryExists(asDb(pool), req.params.id))) return reply.code(404).send({ status: 404 });
    return { status: 200, data: await repo.subcategoryRows(asDb(pool), req.params.id, false) };
  },
  '/api/catalogue/product/:id': async (req, pool, user, reply) => {
    const ctx = await context(pool, user, req.params.id);
    if (!ctx) return reply.code(404).send({ status: 404 });
    const details = await repo.productPageJson(asDb(pool), ctx.kind, false, ctx.id, ctx.pct);
    return json(reply, `{"status":200,"data":{"name":${JSON.stringify(ctx.name)},"productDetails":${details}}}`);
  },
  '/api/catalogue/productNumber/:id': async (req, pool, user, reply) => {
    const ctx = await context(pool, user, req.params.id);
    if (!ctx) return reply.code(404).send({ status: 404 });
    const pn = String(req.query.partNumber).trim();
    const found = await repo.partNumberJson(asDb(pool), ctx.kind, false, ctx.id, ctx.pct, pn);
    if (found === null) return reply.code(404).send({ status: 404 });
    return json(reply, `{"status":200,"data":${found.product}}`);
  },
  '/api/catalogue/searchproduct/:id': async (req, pool, user, reply) => {
    const ctx = await context(pool, user, req.params.id);
    if (!ctx) return reply.code(404).send({ status: 404 });
    const q = req.query;
    const exact = domain.exactFromAction(q.action);
    const r = domain.validateDimensionSearch({
      width: q.width,
      height: q.height,
      depth: q.depth,
      useExactMeasurements: exact ?? false,
    });
    if (!r.ok) return reply.code(400).send({ status: 400 });
    const c = domain.oddSizeCriteria(r.search);
    if (!c) return json(reply, `{"status":200,"data":[]}`);
    const { width, height } = r.search;
    const found = await repo.searchJson(asDb(pool), ctx.kind, false, ctx.id, ctx.pct, [
      c.oddSizeType,
      String(c.area),
      String(c.depthMin),
      String(c.depthMax),
      String(Math.min(width, height)),
      String(Math.max(width, height)),
    ]);
    return json(reply, `{"status":200,"data":${found.results}}`);
  },
};

/**
 * Fails unless the API and the baseline answer every customer catalogue route with the same bytes,
 * on a catalogue where a category's name and product line disagree: it renames each product-line
 * category and gives a plain-named one (`plainCategory`) a product line, so a baseline pricing by
 * name (or by anything but the API's rule and SQL) gives different prices. The customer's company
 * must have four different percentages. Restores nothing: run it before measuring, on bench data.
 * @param {import('pg').ClientBase} client
 * @param {{ apiUrl: string, baseUrl: string, headers: import('./lib.mjs').Headers, plainCategory: string }} options
 * @returns {Promise<number>} how many routes were compared
 */
export async function assertBaselineParity(client, { apiUrl, baseUrl, headers, plainCategory }) {
  await client.query(`UPDATE categories SET name = name || ' (renamed)' WHERE product_line IS NOT NULL`);
  await client.query(`UPDATE categories SET product_line = 'polyroll' WHERE id = $1`, [plainCategory]);
  const { rows: lines } = await client.query(
    `SELECT k.id, k.product_line, (SELECT s.id FROM subcategories s WHERE s.category_id = k.id LIMIT 1) AS sub,
            (SELECT v.part_number FROM variants v JOIN products p ON p.id = v.product_id
              WHERE p.category_id = k.id AND NOT v.odd_size ORDER BY v.part_number LIMIT 1) AS part
       FROM categories k WHERE k.product_line IS NOT NULL OR k.id = $1 ORDER BY k.name`,
    [plainCategory],
  );
  if (lines.length < 2) throw new Error('baseline parity: the data set needs categories with product lines');
  const search = `width=${encodeURIComponent('20 1/2')}&height=24&depth=1&action=not-exactly`;
  const paths = ['/api/catalogue'];
  for (const l of lines) {
    paths.push(`/api/catalogue/subcatalogue/${l.id}`, `/api/catalogue/product/${l.id}`);
    paths.push(`/api/catalogue/searchproduct/${l.id}?${search}`);
    if (l.sub) paths.push(`/api/catalogue/product/${l.sub}`);
    if (l.part) paths.push(`/api/catalogue/productNumber/${l.id}?partNumber=${encodeURIComponent(l.part)}`);
  }
  let priced = 0;
  for (const p of paths) {
    const [a, b] = await Promise.all(
      [apiUrl, baseUrl].map(async (u) => {
        const res = await fetch(u + p, { headers });
        return `${res.status} ${await res.text()}`;
      }),
    );
    if (a !== b) {
      throw new Error(
        `baseline parity: API and baseline answer ${p} differently:\n  API:      ${a.slice(0, 300)}\n  baseline: ${b.slice(0, 300)}`,
      );
    }
    if (!a.startsWith('200 ')) throw new Error(`baseline parity: ${p} answered ${a.slice(0, 200)}`);
    if (a.includes('"customer_price"')) priced++;
  }
  if (priced < lines.length) throw new Error(`baseline parity: only ${priced} priced answers compared`);
  return paths.length;
}
