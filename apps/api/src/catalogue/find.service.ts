import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CATALOGUE_MSG,
  keysAtDistanceOne,
  parseFindQuery,
  partKey,
  percentageForProductLine,
  SEARCH_RAW_MAX,
  todayIn,
  type FindQuery,
} from '@portal/domain';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { SearchBudget, type SearchIdentity } from '../demand/search-budget';
import { SearchLog } from '../demand/search-log';
import {
  companyPercentages,
  findAgreedItems,
  findByPart,
  findBySize,
  nearPartNumber,
  type FindRow,
  type LinePercentages,
} from './find.repository';

const LIST_PRICE: LinePercentages = { rigidflow: '100', minipro: '100', polyroll: '100', general: '100' };

/**
 * `GET catalogue/find`: one box for a part number (exact, normalised or an alias), a nominal size
 * (with words that narrow it by category or product name). Rows carry the caller's company price
 * per product line, exactly as the catalogue screen prices them. Every call but the screen's
 * as-you-type ones (`typing=1`) is logged after the answer, within its person's budget (SearchBudget).
 */
@Injectable()
export class FindService {
  constructor(
    private readonly db: DataSource,
    private readonly searchLog: SearchLog,
    @Inject(ENV) private readonly env: Env,
    private readonly budget: SearchBudget,
  ) {}

  private async percentages(user: RequestUser): Promise<LinePercentages> {
    if (user.role === 'superadmin') return LIST_PRICE;
    if (!user.companyId) throw new ApiException(403, CATALOGUE_MSG.companyNotFound);
    const c = await companyPercentages(this.db, user.companyId);
    if (!c) throw new ApiException(403, CATALOGUE_MSG.companyNotFound);
    const pct = (line: 'rigidflow' | 'minipro' | 'polyroll' | null) => String(percentageForProductLine(line, c));
    return { rigidflow: pct('rigidflow'), minipro: pct('minipro'), polyroll: pct('polyroll'), general: pct(null) };
  }

  /** `loggedCompany`: whose demand the search counts as (none for a superadmin viewing as a company). */
  async find(user: RequestUser, query: FindQuery, loggedCompany: string | null) {
    const pct = await this.percentages(user);
    const parsed = parseFindQuery(query.q);
    const identity: SearchIdentity = {
      kind: 'find',
      key: parsed.size ? null : partKey(query.q).slice(0, SEARCH_RAW_MAX) || null,
      width: parsed.size?.width ?? null,
      height: parsed.size?.height ?? null,
      depth: parsed.size?.depth ?? null,
      measure: parsed.size ? 'nominal' : null,
      category_id: null,
    };
    let logIt = false;
    if (query.typing) await this.budget.typing(user);
    else logIt = await this.budget.commit(user, loggedCompany, identity);
    let rows: FindRow[] = [];
    let didYouMean: string | null = null;
    if (parsed.key) rows = await findByPart(this.db, pct, query.q, query.limit);
    // The company's own part numbers for its agreed items come first (the agreed price).
    const agreed =
      parsed.key && user.role !== 'superadmin' && user.companyId
        ? await findAgreedItems(this.db, user.companyId, query.q, todayIn(this.env.SUPPLIER_TZ))
        : [];
    if (agreed.length) {
      const total = agreed[0].total + (rows[0]?.total ?? 0);
      rows = [...agreed, ...rows].slice(0, query.limit).map((r) => ({ ...r, total }));
    }
    const bySize = !rows.length && parsed.size !== null;
    if (bySize) {
      const { width, height, depth } = parsed.size!;
      rows = await findBySize(
        this.db,
        pct,
        { short: Math.min(width, height), long: Math.max(width, height), depth },
        parsed.words,
        query.limit,
      );
      // An actual size (what a tape measure reads: ½″ under on width and height, ¼″ under on depth,
      // e.g. 19.5 x 24.5 x 0.75) finds the nominal filter it is (20x25x1).
      const nominal = nominalOfActual(parsed.size!);
      if (!rows.length && nominal)
        rows = await findBySize(
          this.db,
          pct,
          {
            short: Math.min(nominal.width, nominal.height),
            long: Math.max(nominal.width, nominal.height),
            depth: nominal.depth,
          },
          parsed.words,
          query.limit,
        );
    }
    if (!rows.length && !parsed.size && parsed.key) {
      didYouMean = await nearPartNumber(this.db, keysAtDistanceOne(parsed.key));
    }
    const list = rows.map((r) => JSON.parse(r.row) as { matched_via: string });
    const total = rows[0]?.total ?? 0;
    if (logIt) {
      this.searchLog.record({
        ...identity,
        company_id: loggedCompany,
        user_id: user.id,
        raw: query.q.slice(0, SEARCH_RAW_MAX),
        results: total,
        matched_via: list[0]?.matched_via ?? null,
      });
    }
    return {
      status: 200,
      data: { list, total, ...(didYouMean !== null ? { did_you_mean: didYouMean } : {}) },
    };
  }
}

/** The nominal size of an actual one (width and height x.5, depth absent or x.75), else null. */
export function nominalOfActual(size: {
  width: number;
  height: number;
  depth: number | null;
}): { width: number; height: number; depth: number | null } | null {
  const half = (n: number) => Math.abs((n % 1) - 0.5) < 1e-9;
  if (!half(size.width) || !half(size.height)) return null;
  if (size.depth !== null && Math.abs((size.depth % 1) - 0.75) > 1e-9) return null;
  return {
    width: size.width + 0.5,
    height: size.height + 0.5,
    depth: size.depth === null ? null : size.depth + 0.25,
  };
}
