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
  percentageForProductLine,
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
import { CachedBody, CatalogueCache, type BodyMeta } from './catalogue-cache';
import { SearchBudget, type SearchIdentity } from '../demand/search-budget';
import { SearchLog } from '../demand/search-log';
import { companyExists } from '../org/org.repository';
import {
  catalogueVersion,
  categoryExists,
  categoryImage,
  categoryRows,
  partNumberJson,
  productPageJson,
  searchJson,
  subcategoryRows,
  viewContext,
  type NodeKind,
} from './catalogue.repository';

interface ViewContext {
  kind: NodeKind;
  id: string;
  name: string;
  superadmin: boolean;
  /** Percentage applied to list prices (numeric text); '100' for a superadmin. */
  pct: string;
  /** Catalogue version this context was read at. */
  cv: string;
  /** The viewed node's category (the search log's category). */
  categoryId: string | null;
}

/**
 * Catalogue reads for every role. Hot paths let Postgres build the JSON body as text (see
 * catalogue.sql.ts). Every body is cached per (route + parameters, viewer's percentage, catalogue
 * version): a request costs one small query (session's company percentages + the version) when the
 * page is cached. A body is built in one REPEATABLE READ snapshot together with the version it
 * reflects, and only stored under that version, so a cached price is never older than the version
 * the request just read.
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

  /** The cached body, or `build` run in one snapshot with the version it saw (null: nothing to cache). */
  private cached(
    key: string,
    cv: string,
    build: (m: EntityManager) => Promise<string | { json: string; meta: BodyMeta } | null>,
  ): Promise<CachedBody | null> {
    return this.cache.get(key, cv, () =>
      this.db.transaction('REPEATABLE READ', async (m) => {
        const seen = await catalogueVersion(m);
        const built = await build(m);
        if (built === null) return null;
        return typeof built === 'string'
          ? CachedBody.of(built, seen, key)
          : CachedBody.of(built.json, seen, key, built.meta);
      }),
    );
  }

  private version(): Promise<string> {
    return catalogueVersion(this.db);
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

  private checkId(id: string): void {
    if (!isUuid(id)) throw new ApiException(400, CATALOGUE_MSG.invalidProductId);
  }

  /** Resolves the viewed category/sub-category and the caller's percentage for its category. */
  private async context(user: RequestUser, id: string): Promise<ViewContext> {
    this.requireCompany(user);
    this.checkId(id);
    const superadmin = isSuperadmin(user);
    const row = await viewContext(this.db, id, superadmin ? null : user.companyId);
    if (!superadmin && !row?.company_id) throw new ApiException(403, CATALOGUE_MSG.companyNotFound);
    if (!row?.kind || !row.id) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    const pct = superadmin
      ? '100'
      : String(
          percentageForProductLine(row.product_line, {
            discount_percentage: row.discount_percentage,
            rigidflow_percentage: row.rigidflow_percentage,
            minipro_percentage: row.minipro_percentage,
            polyroll_percentage: row.polyroll_percentage,
          }),
        );
    return {
      kind: row.kind,
      id: row.id,
      name: row.name ?? '',
      superadmin,
      pct,
      cv: row.cv,
      categoryId: row.category_id,
    };
  }

  async categories(user: RequestUser, unfiltered: boolean): Promise<CachedBody> {
    this.requireCompany(user);
    const all = isSuperadmin(user) && unfiltered;
    const body = await this.cached(`categories|${all}`, await this.version(), async (m) => {
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
    this.checkId(catalogueId);
    const all = isSuperadmin(user) && unfiltered;
    const body = await this.cached(`sub|${catalogueId}|${all}`, await this.version(), async (m) => {
      if (!(await categoryExists(m, catalogueId))) return null;
      const data = await subcategoryRows(m, catalogueId, all);
      return JSON.stringify({ status: 200, data });
    });
    if (!body) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    return body;
  }

  /** `{status, data: {name, productDetails}}`. */
  async products(user: RequestUser, id: string): Promise<CachedBody> {
    const ctx = await this.context(user, id);
    const body = await this.cached(`product|${ctxKey(ctx)}`, ctx.cv, async (m) => {
      const details = await productPageJson(m, ctx.kind, ctx.superadmin, ctx.id, ctx.pct);
      return `{"status":200,"data":{"name":${JSON.stringify(ctx.name)},"productDetails":${details}}}`;
    });
    return body!;
  }

  /** `{status, data: product}` for the product under {id} holding the part number. */
  async partNumber(user: RequestUser, id: string, pn: string): Promise<CachedBody> {
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
    const body = await this.cached(`pn|${ctxKey(ctx)}|${JSON.stringify(pn)}`, ctx.cv, async (m) => {
      const found = await partNumberJson(m, ctx.kind, ctx.superadmin, ctx.id, ctx.pct, pn);
      if (found === null) return null;
      const via = (JSON.parse(found.product) as { matched_via: string }).matched_via;
      return { json: `{"status":200,"data":${found.product}}`, meta: { count: found.n, via } };
    });
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
  async search(user: RequestUser, id: string, query: DimensionQuery): Promise<CachedBody> {
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
    const body = await this.cached(`search|${ctxKey(ctx)}|${params.join('|')}`, ctx.cv, async (m) => {
      if (!criteria) return { json: `{"status":200,"data":[]}`, meta: { count: 0, via: null } };
      const found = await searchJson(m, ctx.kind, ctx.superadmin, ctx.id, ctx.pct, params);
      return { json: `{"status":200,"data":${found.results}}`, meta: { count: found.n, via: 'size' } };
    });
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
    if (!isUuid(id)) return null;
    return categoryImage(this.db, id);
  }
}

/** What a priced body depends on besides the catalogue: node, view, percentage and the node's name. */
function ctxKey(ctx: ViewContext): string {
  return JSON.stringify([ctx.kind, ctx.id, ctx.superadmin, ctx.pct, ctx.name]);
}
