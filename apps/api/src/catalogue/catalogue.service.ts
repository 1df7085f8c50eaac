import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CatalogueCategory } from '@portal/contracts';
import { CATALOGUE_IMAGE_PATH } from '@portal/contracts';
import {
  CATALOGUE_MSG,
  exactFromAction,
  hasControlChars,
  isUuid,
  oddSizeCriteria,
  partKey,
  SEARCH_RAW_MAX,
  sortCategories,
  validateDimensionSearch,
  type DimensionQuery,
} from '@portal/domain';
import type { Env } from '@portal/platform';
import { isSuperadmin } from '../common/access';
import { ApiException } from '../common/api-exception';
import { ENV } from '../infra/tokens';
import type { RequestUser } from '../common/request-user';
import {
  CachedBody,
  CatalogueCache,
  PricedBody,
  PricedPage,
  type BodyMeta,
  type CacheStats,
  type Sendable,
} from './catalogue-cache';
import { linePercentages, PricedTemplate, type LinePercentages } from './priced-template';
import { SearchBudget, type SearchIdentity } from '../demand/search-budget';
import { SearchLog } from '../demand/search-log';
import { companyExists } from '../org/org.repository';
import {
  categoryExists,
  categoryImage,
  categoryRows,
  nodeScope,
  partNumberJson,
  partNumberTemplate,
  productPageJson,
  productPageTemplate,
  scopeVersion,
  searchJson,
  searchTemplate,
  subcategoryRows,
  viewContext,
  type NodeKind,
} from './catalogue.repository';

interface ViewContext {
  kind: NodeKind;
  id: string;
  name: string;
  superadmin: boolean;
  /** The company's percentage per product line (null for a superadmin: list prices). */
  pcts: LinePercentages | null;
  /** The node's scope version this context was read at. */
  cv: string;
  /** The viewed node's category (the search log's category). */
  categoryId: string | null;
}

/**
 * Catalogue reads for every role. Hot paths let Postgres build the JSON body as text (see
 * catalogue.repository.ts). Bodies are cached per scope version (a node's pages, the lists: see the
 * catalogue-scope-versions migration): a request costs one small query (the session's company
 * percentages + the scope's version) when the page is cached. A customer's priced page is cached
 * once for every company, as a PricedTemplate with list prices, and each company's prices are
 * written in at read time (PricedBody). A body is built in one REPEATABLE READ snapshot together
 * with the version it reflects, and only stored under that version, so a cached price is never
 * older than the version the request just read.
 */
@Injectable()
export class CatalogueService {
  private readonly cache: CatalogueCache;
  /** Viewers made by `viewer()` for a superadmin's `?asCompany=`: their searches are not that company's demand. */
  private readonly viewingAs = new WeakSet<RequestUser>();

  constructor(
    private readonly db: DataSource,
    @Inject(ENV) env: Env,
    private readonly searchLog: SearchLog,
    private readonly budget: SearchBudget,
  ) {
    this.cache = new CatalogueCache(env.CATALOGUE_CACHE_MB * 1024 * 1024);
  }

  /** The caches' counters and sizes (tests, benchmarks, diagnostics). */
  cacheStats(): CacheStats {
    return this.cache.stats();
  }

  /** `build` run in one snapshot with the scope version it saw. */
  private snapshot<T>(scope: string, build: (m: EntityManager, seen: string) => Promise<T>): Promise<T> {
    return this.db.transaction('REPEATABLE READ', async (m) => build(m, await scopeVersion(m, scope)));
  }

  /** The cached body, or `build` run in one snapshot with the version it saw (null: nothing to cache). */
  private cached(
    scope: string,
    version: string,
    key: string,
    build: (m: EntityManager) => Promise<Built | null>,
  ): Promise<CachedBody | null> {
    return this.cache.get(scope, version, key, () =>
      this.snapshot(scope, async (m, seen) => {
        const built = await build(m);
        if (built === null) return null;
        return typeof built === 'string'
          ? CachedBody.of(built, seen, key)
          : CachedBody.of(built.json, seen, key, built.meta);
      }),
    );
  }

  /**
   * A priced read: the superadmin's body as it is; a customer's from the page cached once for every
   * company (`template` builds its template-mode JSON), priced with the company's percentages.
   */
  private async priced(
    ctx: ViewContext,
    key: string,
    direct: (m: EntityManager) => Promise<Built | null>,
    template: (m: EntityManager) => Promise<Built | null>,
  ): Promise<(Sendable & { meta: BodyMeta | null }) | null> {
    const scope = nodeScope(ctx.id);
    // The route first (the stats hook counts per route), a superadmin's own bodies apart.
    const [route, ...params] = key.split('|');
    const fullKey = [ctx.pcts ? route : `${route}:superadmin`, ...params, ctxKey(ctx)].join('|');
    if (!ctx.pcts) return this.cached(scope, ctx.cv, fullKey, direct);
    const page = await this.cache.get(scope, ctx.cv, fullKey, async () => {
      const built = await this.snapshot(scope, async (m, seen) => {
        const body = await template(m);
        return body === null ? null : { body, seen };
      });
      if (built === null) return null;
      const { body, seen } = built;
      const page = new PricedPage(
        PricedTemplate.parse(typeof body === 'string' ? body : body.json),
        seen,
        fullKey,
        scope,
      );
      if (typeof body !== 'string') page.meta = body.meta;
      return page;
    });
    return page && new PricedBody(page, ctx.pcts, this.cache.rendered);
  }

  /**
   * Who a read is for. `asCompany` (superadmin only; anyone else 403): an employee of that company, so
   * the answer — and its cache entry — is exactly what that company's employees get.
   */
  async viewer(user: RequestUser, asCompany: string | undefined): Promise<RequestUser> {
    if (asCompany === undefined) return user;
    if (!isSuperadmin(user)) throw new ApiException(403, CATALOGUE_MSG.asCompanyForbidden);
    if (!isUuid(asCompany))
      throw new ApiException(400, CATALOGUE_MSG.asCompanyInvalid, { asCompany: CATALOGUE_MSG.asCompanyInvalid });
    if (!(await companyExists(this.db, asCompany))) throw new ApiException(404, CATALOGUE_MSG.asCompanyNotFound);
    const asEmployee: RequestUser = { ...user, role: 'employee', companyId: asCompany, companyName: null };
    this.viewingAs.add(asEmployee);
    return asEmployee;
  }

  /** The company a search is logged for: none when a superadmin only views as a company. */
  private loggedCompany(user: RequestUser): string | null {
    return this.viewingAs.has(user) ? null : user.companyId;
  }

  /** Non-superadmins need a company; checked before anything else is read. */
  private requireCompany(user: RequestUser): void {
    if (!isSuperadmin(user) && !user.companyId) throw new ApiException(403, CATALOGUE_MSG.companyNotFound);
  }

  /** Resolves the viewed category/sub-category and the caller's percentage for its category. */
  private async context(user: RequestUser, id: string): Promise<ViewContext> {
    this.requireCompany(user);
    const superadmin = isSuperadmin(user);
    const row = await viewContext(this.db, id, superadmin ? null : user.companyId);
    if (!superadmin && !row?.company_id) throw new ApiException(403, CATALOGUE_MSG.companyNotFound);
    if (!row?.kind || !row.id) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    const pcts = superadmin
      ? null
      : linePercentages({
          discount_percentage: row.discount_percentage,
          rigidflow_percentage: row.rigidflow_percentage,
          minipro_percentage: row.minipro_percentage,
          polyroll_percentage: row.polyroll_percentage,
        });
    return {
      kind: row.kind,
      id: row.id,
      name: row.name ?? '',
      superadmin,
      pcts,
      cv: row.cv,
      categoryId: row.category_id,
    };
  }

  async categories(user: RequestUser, unfiltered: boolean): Promise<CachedBody> {
    this.requireCompany(user);
    const all = isSuperadmin(user) && unfiltered;
    const body = await this.cached('lists', await scopeVersion(this.db, 'lists'), `categories|${all}`, async (m) => {
      const rows = await categoryRows(m, all);
      const data: CatalogueCategory[] = sortCategories(
        rows.map(({ has_image, ...c }) => ({
          _id: c._id,
          name: c.name,
          image_url: has_image ? CATALOGUE_IMAGE_PATH(c._id) : null,
          files: c.files,
          has_subcatalogues: c.has_subcatalogues,
          ...(all ? { product_line: c.product_line ?? null } : {}),
        })),
      );
      return JSON.stringify({ status: 200, data });
    });
    return body!;
  }

  async subcategories(user: RequestUser, catalogueId: string, unfiltered: boolean): Promise<CachedBody> {
    this.requireCompany(user);
    const all = isSuperadmin(user) && unfiltered;
    const scope = `sub:${catalogueId}`;
    const body = await this.cached(scope, await scopeVersion(this.db, scope), `sub|${all}`, async (m) => {
      if (!(await categoryExists(m, catalogueId))) return null;
      const data = await subcategoryRows(m, catalogueId, all);
      return JSON.stringify({ status: 200, data });
    });
    if (!body) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    return body;
  }

  /** `{status, data: {name, productDetails}}`. */
  async products(user: RequestUser, id: string): Promise<Sendable> {
    const ctx = await this.context(user, id);
    const page = (details: string) =>
      `{"status":200,"data":{"name":${JSON.stringify(ctx.name)},"productDetails":${details}}}`;
    const body = await this.priced(
      ctx,
      'product',
      async (m) => page(await productPageJson(m, ctx.kind, true, ctx.id, '100')),
      async (m) => page(await productPageTemplate(m, ctx.kind, ctx.id)),
    );
    return body!;
  }

  /** `{status, data: product}` for the product under {id} holding the part number. */
  async partNumber(user: RequestUser, id: string, pn: string): Promise<Sendable> {
    const ctx = await this.context(user, id);
    if (!pn) throw new ApiException(400, CATALOGUE_MSG.partNumberRequired);
    const identity: SearchIdentity = {
      kind: 'part_number',
      key: partKey(pn).slice(0, SEARCH_RAW_MAX) || null,
      width: null,
      height: null,
      depth: null,
      measure: null,
      category_id: ctx.categoryId,
    };
    // Text with control or bidi characters never becomes a demand key (it matches no part number anyway).
    const logIt = (await this.budget.commit(user, this.loggedCompany(user), identity)) && !hasControlChars(pn);
    const answer = (found: { product: string; n: number } | null): Built | null => {
      if (found === null) return null;
      const via = (JSON.parse(found.product) as { matched_via: string }).matched_via;
      return { json: `{"status":200,"data":${found.product}}`, meta: { count: found.n, via } };
    };
    const body = await this.priced(
      ctx,
      `pn|${JSON.stringify(pn)}`,
      async (m) => answer(await partNumberJson(m, ctx.kind, true, ctx.id, '100', pn)),
      async (m) => answer(await partNumberTemplate(m, ctx.kind, ctx.id, pn)),
    );
    if (logIt) {
      this.searchLog.record({
        ...identity,
        company_id: this.loggedCompany(user),
        user_id: user.id,
        raw: pn.slice(0, SEARCH_RAW_MAX),
        results: body?.meta?.count ?? 0,
        matched_via: body?.meta?.via ?? null,
      });
    }
    if (!body) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    return body;
  }

  /** `{status, data: [product with matching variants]}`. */
  async search(user: RequestUser, id: string, query: DimensionQuery): Promise<Sendable> {
    const ctx = await this.context(user, id);
    const { action } = query;
    const exact = action === undefined || action === '' ? false : exactFromAction(action);
    if (exact === null) throw new ApiException(400, CATALOGUE_MSG.invalidSearchAction);
    const result = validateDimensionSearch({
      width: query.width,
      height: query.height,
      depth: query.depth,
      useExactMeasurements: exact,
    });
    if (!result.ok) throw new ApiException(400, result.error.message);
    const identity: SearchIdentity = {
      kind: 'odd_size',
      key: null,
      width: result.search.width,
      height: result.search.height,
      depth: result.search.depth,
      measure: result.search.exact ? 'exact' : 'nominal',
      category_id: ctx.categoryId,
    };
    const logIt = await this.budget.commit(user, this.loggedCompany(user), identity);
    const criteria = oddSizeCriteria(result.search);
    const { width, height } = result.search;
    const params = criteria
      ? [
          criteria.oddSizeType,
          String(criteria.area),
          String(criteria.depthMin),
          String(criteria.depthMax),
          String(Math.min(width, height)),
          String(Math.max(width, height)),
        ]
      : [];
    const answer = (found: { results: string; n: number } | null): Built =>
      found
        ? { json: `{"status":200,"data":${found.results}}`, meta: { count: found.n, via: 'size' } }
        : { json: `{"status":200,"data":[]}`, meta: { count: 0, via: null } };
    const body = await this.priced(
      ctx,
      `search|${params.join('|')}`,
      async (m) => answer(criteria ? await searchJson(m, ctx.kind, true, ctx.id, '100', params) : null),
      async (m) => answer(criteria ? await searchTemplate(m, ctx.kind, ctx.id, params) : null),
    );
    if (logIt) {
      this.searchLog.record({
        ...identity,
        company_id: this.loggedCompany(user),
        user_id: user.id,
        raw: null,
        results: body?.meta?.count ?? 0,
        matched_via: body?.meta?.count ? 'size' : null,
      });
    }
    return body!;
  }

  /** The category's SVG, or null. */
  async image(id: string): Promise<string | null> {
    return categoryImage(this.db, id);
  }
}

/** A body built in a snapshot: JSON text, with the search log's counts where the route has them. */
type Built = string | { json: string; meta: BodyMeta };

/** What a priced page depends on besides its scope's data: node, view and the node's name (prices are written in later). */
function ctxKey(ctx: ViewContext): string {
  return JSON.stringify([ctx.kind, ctx.id, ctx.superadmin, ctx.name]);
}
