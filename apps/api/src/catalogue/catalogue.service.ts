import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CatalogueCategory, CatalogueSubcategory } from '@portal/contracts';
import { CATALOGUE_IMAGE_PATH } from '@portal/contracts';
import {
  CATALOGUE_MSG,
  exactFromAction,
  oddSizeCriteria,
  percentageForCategory,
  sortCategories,
  validateDimensionSearch,
} from '@portal/domain';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  categoriesSql,
  CONTEXT_SQL,
  partNumberSql,
  productPageSql,
  searchSql,
  subcategoriesSql,
  type NodeKind,
} from './catalogue.sql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const COMPANY_NOT_FOUND = 'Company information not found. Please log in again.';
export const PART_NUMBER_REQUIRED = 'Part number is required';
export const INVALID_ACTION = 'Invalid search action: use exact-measurement or not-exactly';

/** Query parameters of `catalogue/searchproduct/{id}` as received. */
export interface SearchQuery {
  width?: unknown;
  height?: unknown;
  depth?: unknown;
  action?: unknown;
}

interface ContextRow {
  kind: NodeKind | null;
  id: string | null;
  name: string | null;
  category_name: string | null;
  company_id: string | null;
  discount_percentage: string | null;
  rigidflow_percentage: string | null;
  minipro_percentage: string | null;
  polyroll_percentage: string | null;
}

interface ViewContext {
  kind: NodeKind;
  id: string;
  name: string;
  superadmin: boolean;
  /** Percentage applied to list prices (numeric text); '100' for a superadmin. */
  pct: string;
}

const isSuperadmin = (user: RequestUser) => user.role === 'superadmin';

/** Single query-string value: repeated parameters (?a=1&a=2) count as invalid, not as the first. */
function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : '\u0000invalid';
}

/**
 * Catalogue reads for every role (spec §7 Catalogue). Hot paths return the JSON body built by
 * Postgres as text (see catalogue.sql.ts); the controller sends it unchanged.
 */
@Injectable()
export class CatalogueService {
  constructor(private readonly db: DataSource) {}

  /** Non-superadmins need a company (spec §6); checked before anything else is read. */
  private requireCompany(user: RequestUser): void {
    if (!isSuperadmin(user) && !user.companyId) throw new ApiException(403, COMPANY_NOT_FOUND);
  }

  private checkId(id: string): void {
    if (!UUID.test(id)) throw new ApiException(400, CATALOGUE_MSG.invalidProductId);
  }

  /** Resolves the viewed category/sub-category and the caller's percentage for its category. */
  private async context(user: RequestUser, id: string): Promise<ViewContext> {
    this.requireCompany(user);
    this.checkId(id);
    const superadmin = isSuperadmin(user);
    const rows: ContextRow[] = await this.db.query(CONTEXT_SQL, [id, superadmin ? null : user.companyId]);
    const row = rows[0];
    if (!superadmin && !row?.company_id) throw new ApiException(403, COMPANY_NOT_FOUND);
    if (!row?.kind || !row.id) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    const pct = superadmin
      ? '100'
      : String(
          percentageForCategory(row.category_name, {
            discount_percentage: row.discount_percentage,
            rigidflow_percentage: row.rigidflow_percentage,
            minipro_percentage: row.minipro_percentage,
            polyroll_percentage: row.polyroll_percentage,
          }),
        );
    return { kind: row.kind, id: row.id, name: row.name ?? '', superadmin, pct };
  }

  async categories(user: RequestUser, role: unknown): Promise<{ status: number; data: CatalogueCategory[] }> {
    this.requireCompany(user);
    const all = isSuperadmin(user) && role === 'superadmin';
    const rows: (Omit<CatalogueCategory, 'image_url'> & { has_image: boolean })[] = await this.db.query(
      categoriesSql(all),
    );
    const data = sortCategories(
      rows.map(({ has_image, ...c }) => ({
        _id: c._id,
        name: c.name,
        image_url: has_image ? CATALOGUE_IMAGE_PATH(c._id) : null,
        files: c.files,
        has_subcatalogues: c.has_subcatalogues,
      })),
    );
    return { status: 200, data };
  }

  async subcategories(
    user: RequestUser,
    catalogueId: string,
    role: unknown,
  ): Promise<{ status: number; data: CatalogueSubcategory[] }> {
    this.requireCompany(user);
    this.checkId(catalogueId);
    const all = isSuperadmin(user) && role === 'superadmin';
    const exists: unknown[] = await this.db.query(`SELECT 1 FROM categories WHERE id = $1`, [catalogueId]);
    if (!exists.length) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    const data: CatalogueSubcategory[] = await this.db.query(subcategoriesSql(all), [catalogueId]);
    return { status: 200, data };
  }

  /** JSON text of `{status, data: {name, productDetails}}`. */
  async products(user: RequestUser, id: string): Promise<string> {
    const ctx = await this.context(user, id);
    const rows: { details: string }[] = await this.db.query(productPageSql(ctx.kind, ctx.superadmin), [
      ctx.id,
      ctx.pct,
    ]);
    return `{"status":200,"data":{"name":${JSON.stringify(ctx.name)},"productDetails":${rows[0].details}}}`;
  }

  /** JSON text of `{status, data: product}` for the product under {id} holding the part number. */
  async partNumber(user: RequestUser, id: string, partNumber: unknown): Promise<string> {
    const pn = single(partNumber)?.trim() ?? '';
    const ctx = await this.context(user, id);
    if (!pn) throw new ApiException(400, PART_NUMBER_REQUIRED);
    const rows: { product: string }[] = await this.db.query(partNumberSql(ctx.kind, ctx.superadmin), [
      ctx.id,
      ctx.pct,
      pn,
    ]);
    if (!rows[0]) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    return `{"status":200,"data":${rows[0].product}}`;
  }

  /** JSON text of `{status, data: [product with matching variants]}` (spec §5, §9). */
  async search(user: RequestUser, id: string, query: SearchQuery): Promise<string> {
    const ctx = await this.context(user, id);
    const action = single(query.action);
    const exact = action === undefined || action === '' ? false : exactFromAction(action);
    if (exact === null) throw new ApiException(400, INVALID_ACTION);
    const result = validateDimensionSearch({
      width: single(query.width),
      height: single(query.height),
      depth: single(query.depth),
      useExactMeasurements: exact,
    });
    if (!result.ok) throw new ApiException(400, result.error.message);
    const criteria = oddSizeCriteria(result.search);
    if (!criteria) return `{"status":200,"data":[]}`;
    const { width, height } = result.search;
    const rows: { results: string }[] = await this.db.query(searchSql(ctx.kind, ctx.superadmin), [
      ctx.id,
      ctx.pct,
      criteria.oddSizeType,
      String(criteria.area),
      String(criteria.depthMin),
      String(criteria.depthMax),
      String(Math.min(width, height)),
      String(Math.max(width, height)),
    ]);
    return `{"status":200,"data":${rows[0].results}}`;
  }

  /** The category's SVG, or null. */
  async image(id: string): Promise<string | null> {
    if (!UUID.test(id)) return null;
    const rows: { image_svg: string | null }[] = await this.db.query(`SELECT image_svg FROM categories WHERE id = $1`, [
      id,
    ]);
    return rows[0]?.image_svg ?? null;
  }
}
