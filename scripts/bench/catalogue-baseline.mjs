// The customer catalogue routes of the bare Fastify + pg baseline (catalogue and load-mix benchmarks):
// the API's own SQL (apps/api/dist/catalogue/catalogue.sql.js) and pricing rule, nothing else, so the
// ratio against the API measures what Nest, guards, validation and our services add.
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const sql = require(path.join(root, 'apps/api/dist/catalogue/catalogue.sql.js'));
const domain = require(path.join(root, 'libs/domain/dist/index.js'));
const contracts = require(path.join(root, 'libs/contracts/dist/index.js'));

const json = (reply, text) => (reply.header('content-type', 'application/json; charset=utf-8'), text);

/** The node (category or sub-category) and the user's company percentage for it; null when unknown. */
async function context(pool, user, id) {
  const { rows } = await pool.query(sql.CONTEXT_SQL, [id, user.company_id]);
  const row = rows[0];
  if (!row?.kind) return null;
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    pct: String(domain.percentageForCategory(row.category_name, row)),
  };
}

/** Routes for `startBaseline()` (lib.mjs), at the API's own paths. */
export const catalogueBaselineRoutes = {
  '/api/catalogue': async (req, pool) => {
    const { rows } = await pool.query(sql.categoriesSql(false));
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
    const { rows: exists } = await pool.query(`SELECT 1 FROM categories WHERE id = $1`, [req.params.id]);
    if (!exists.length) return reply.code(404).send({ status: 404 });
    const { rows } = await pool.query(sql.subcategoriesSql(false), [req.params.id]);
    return { status: 200, data: rows };
  },
  '/api/catalogue/product/:id': async (req, pool, user, reply) => {
    const ctx = await context(pool, user, req.params.id);
    if (!ctx) return reply.code(404).send({ status: 404 });
    const { rows } = await pool.query(sql.productPageSql(ctx.kind, false), [ctx.id, ctx.pct]);
    return json(
      reply,
      `{"status":200,"data":{"name":${JSON.stringify(ctx.name)},"productDetails":${rows[0].details}}}`,
    );
  },
  '/api/catalogue/productNumber/:id': async (req, pool, user, reply) => {
    const ctx = await context(pool, user, req.params.id);
    if (!ctx) return reply.code(404).send({ status: 404 });
    const { rows } = await pool.query(sql.partNumberSql(ctx.kind, false), [
      ctx.id,
      ctx.pct,
      String(req.query.partNumber).trim(),
    ]);
    if (!rows[0]) return reply.code(404).send({ status: 404 });
    return json(reply, `{"status":200,"data":${rows[0].product}}`);
  },
  '/api/catalogue/searchproduct/:id': async (req, pool, user, reply) => {
    const ctx = await context(pool, user, req.params.id);
    if (!ctx) return reply.code(404).send({ status: 404 });
    const q = req.query;
    const r = domain.validateDimensionSearch({
      width: q.width,
      height: q.height,
      depth: q.depth,
      useExactMeasurements: domain.exactFromAction(q.action),
    });
    const c = domain.oddSizeCriteria(r.search);
    const { width, height } = r.search;
    const { rows } = await pool.query(sql.searchSql(ctx.kind, false), [
      ctx.id,
      ctx.pct,
      c.oddSizeType,
      String(c.area),
      String(c.depthMin),
      String(c.depthMax),
      String(Math.min(width, height)),
      String(Math.max(width, height)),
    ]);
    return json(reply, `{"status":200,"data":${rows[0].results}}`);
  },
};
