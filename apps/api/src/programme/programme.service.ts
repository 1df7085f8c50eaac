import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PROGRAMME_MSG as M,
  customSizeText,
  addMonthsClamped,
  due,
  isOverdue,
  monthEnd,
  monthOf,
  monthsBetween,
  todayIn,
  sizeString,
  type DueQuery,
  type ForecastQuery,
  type Interval,
} from '@portal/domain';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import { isSuperadmin } from '../common/access';
import type { RequestUser } from '../common/request-user';
import { companyPricing } from '../quote-requests/quote-pricing';
import * as repo from './programme.repository';
import { SitesService } from './sites.service';

export interface DueLine {
  slot_id: string;
  unit_label: string;
  stage: string;
  kind: repo.FittedKind;
  part_number: string | null;
  size: string;
  quantity: number;
  due_on: string;
  overdue: boolean;
  unit_price: number | null;
  needs_quote: boolean;
}

export interface DueSite {
  _id: string;
  name: string;
  code: string;
  lines: DueLine[];
  /** Quantity × price over the priced lines, in dollars. */
  total: number;
  needs_quote_count: number;
  requested: { order_request: RequestRef | null; quote_request: RequestRef | null } | null;
  can_request: boolean;
}

export interface RequestRef {
  _id: string;
  number: string;
}

/** The order and quote request of a programme request row (either may be null). */
export function requestedView(r: repo.ProgrammeRequestRow): NonNullable<DueSite['requested']> {
  return {
    order_request: r.order_request_id ? { _id: r.order_request_id, number: r.order_number! } : null,
    quote_request: r.quote_request_id ? { _id: r.quote_request_id, number: r.quote_number! } : null,
  };
}

/** Hard stop on repeats of one slot inside the asked months (a 7-day interval over 24 months is ~105). */
const MAX_REPEATS = 200;

/**
 * What is due: every live slot's due dates inside the asked months, per month and site, priced at
 * the company's price today (custom sizes need a quote). One query, expanded here with `due()`.
 */
@Injectable()
export class ProgrammeService {
  constructor(
    private readonly db: DataSource,
    private readonly sites: SitesService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private companyOf(user: RequestUser, companyId: string | undefined): string {
    if (isSuperadmin(user)) {
      if (!companyId) throw new ApiException(400, M.companyRequired, { companyId: M.companyRequired });
      return companyId;
    }
    if (!user.companyId) throw new ApiException(403, M.companyNotFound);
    return user.companyId;
  }

  async dueView(user: RequestUser, query: DueQuery) {
    const companyId = this.companyOf(user, query.companyId);
    const now = this.sites.now();
    const from = query.from ?? monthOf(todayIn(this.env.SUPPLIER_TZ, now));
    const to = query.to ?? from;
    if (to < from) throw new ApiException(400, M.monthRange, { to: M.monthRange });
    if (isSuperadmin(user) && !(await repo.companyExists(this.db, companyId)))
      throw new ApiException(404, M.companyNotFound);
    const { pct } = await companyPricing(this.db, companyId);
    if (query.siteId) {
      const site = await repo.findSite(this.db, query.siteId);
      if (!site || site.company_id !== companyId) throw new ApiException(404, M.siteNotFound);
    }
    const supplierToday = todayIn(this.env.SUPPLIER_TZ, now);
    const rows = await repo.dueSlots(this.db, companyId, query.siteId ?? null, monthEnd(to), pct, supplierToday);
    const months = monthsBetween(from, to);
    const grouped = groupDue(rows, months, now, query.status);
    const [requests, contactOf] = await Promise.all([
      repo.programmeRequestsOf(this.db, companyId, months),
      isSuperadmin(user) || user.role === 'admin' ? null : repo.contactSiteIds(this.db, user.id),
    ]);
    const requested = new Map(requests.map((r) => [`${r.site_id}|${r.month}`, requestedView(r)]));
    for (const m of grouped) {
      for (const site of m.sites) {
        site.requested = requested.get(`${site._id}|${m.month}`) ?? null;
        site.can_request = !isSuperadmin(user) && (user.role === 'admin' || contactOf!.has(site._id));
      }
    }
    return { status: 200, data: { months: grouped } };
  }

  /**
   * What `GET programme/due` lists for one site and month (the same query and expansion), with the
   * slot row behind each line — what "request the month" orders and asks a quote for.
   */
  async dueOfSiteMonth(
    db: DataSource | EntityManager,
    companyId: string,
    siteId: string,
    month: string,
  ): Promise<{ line: DueLine; slot: repo.DueSlotRow }[]> {
    const { pct } = await companyPricing(db, companyId);
    const now = this.sites.now();
    const today = todayIn(this.env.SUPPLIER_TZ, now);
    const rows = await repo.dueSlots(db, companyId, siteId, monthEnd(month), pct, today);
    const slotById = new Map(rows.map((r) => [r.slot_id, r]));
    const site = groupDue(rows, [month], now)[0].sites.find((s) => s._id === siteId);
    return (site?.lines ?? []).map((line) => ({ line, slot: slotById.get(line.slot_id)! }));
  }

  /**
   * The supplier's committed demand: per variant (and per custom size) and month, the quantities due
   * across every company for the next `months` months (overdue ones in the first month).
   */
  async forecast(query: ForecastQuery) {
    const now = this.sites.now();
    const first = monthOf(todayIn(this.env.SUPPLIER_TZ, now));
    const months = monthsBetween(first, addMonthsClamped(`${first}-01`, query.months - 1).slice(0, 7));
    const rows = await this.db.transaction((m) =>
      repo.forecastTotals(m, months, query.categoryId ?? null, MAX_REPEATS),
    );
    // A size string can come from two spellings of the same dimensions: their totals are merged.
    const out = new Map<string, ForecastRow>();
    for (const r of rows) {
      const custom = r.fitted_kind === 'custom_size';
      const sized = r.fitted_kind !== 'catalogue' && r.width !== null;
      const size = sized ? sizeString(Number(r.width), Number(r.height), Number(r.depth), r.measure) : null;
      const key =
        r.fitted_kind === 'agreed_item'
          ? `agreed|${r.agreed_item_id}`
          : custom
            ? `${r.catalogue_id}|${size}`
            : r.variant_id!;
      let row = out.get(key);
      if (!row) {
        row = {
          key,
          kind: r.fitted_kind,
          variant_id: r.variant_id,
          part_number: r.part_number,
          product_name: r.product_name,
          catalogue_id: r.catalogue_id,
          catalogue_name: r.catalogue_name,
          size,
          quantities: Object.fromEntries(months.map((m) => [m, 0])),
          total: 0,
        };
        out.set(key, row);
      }
      for (const [i, bucket] of r.buckets.entries()) {
        row.quantities[months[bucket - 1]] += r.amounts[i];
        row.total += r.amounts[i];
      }
    }
    const list = [...out.values()]
      .filter((r) => r.total > 0)
      .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
    return { status: 200, data: { months, rows: list } };
  }
}

export interface ForecastRow {
  key: string;
  kind: repo.FittedKind;
  variant_id: string | null;
  part_number: string | null;
  product_name: string | null;
  catalogue_id: string | null;
  catalogue_name: string | null;
  size: string | null;
  quantities: Record<string, number>;
  total: number;
}

/** Expands each slot's due dates into the months (overdue ones into the site's current month). */
export function groupDue(
  rows: repo.DueSlotRow[],
  months: string[],
  now: Date,
  status?: 'due' | 'overdue',
): { month: string; sites: DueSite[] }[] {
  const first = `${months[0]}-01`;
  const last = monthEnd(months[months.length - 1]);
  const byMonth = new Map<string, Map<string, DueSite>>(months.map((m) => [m, new Map()]));
  const add = (month: string, row: repo.DueSlotRow, line: DueLine) => {
    const sites = byMonth.get(month);
    if (!sites) return;
    let site = sites.get(row.site_id);
    if (!site) {
      site = {
        _id: row.site_id,
        name: row.site_name,
        code: row.site_code,
        lines: [],
        total: 0,
        needs_quote_count: 0,
        requested: null,
        can_request: false,
      };
      sites.set(row.site_id, site);
    }
    site.lines.push(line);
    if (line.unit_price !== null) site.total = Math.round((site.total + line.unit_price * line.quantity) * 100) / 100;
    if (line.needs_quote) site.needs_quote_count++;
  };
  // Today at each site, read once per time zone (an Intl formatter per slot cost more than the rest).
  const todays = new Map<string, string>();
  for (const row of rows) {
    let today = todays.get(row.time_zone);
    if (today === undefined) todays.set(row.time_zone, (today = todayIn(row.time_zone, now)));
    const interval: Interval = { unit: row.interval_unit, count: row.interval_count };
    const custom = row.fitted_kind === 'custom_size';
    const sized = row.fitted_kind !== 'catalogue' && row.width !== null;
    // An agreed item whose price is no longer held is asked for again in a quote.
    const needsQuote = custom || (row.fitted_kind === 'agreed_item' && row.unit_price === null);
    const base = {
      slot_id: row.slot_id,
      unit_label: row.unit_label,
      stage: row.stage,
      kind: row.fitted_kind,
      part_number: custom ? null : row.part_number,
      size: sized
        ? customSizeText({
            width: Number(row.width),
            height: Number(row.height),
            depth: Number(row.depth),
            measure: row.measure ?? 'nominal',
          })
        : (row.variant_size ?? ''),
      quantity: row.quantity,
      unit_price: custom || row.unit_price === null ? null : Number(row.unit_price),
      needs_quote: needsQuote,
    };
    for (let n = row.due_index, i = 0; i < MAX_REPEATS; n++, i++) {
      const dueOn = n === row.due_index ? row.next_due : due(row.anchor_date, interval, n);
      if (dueOn > last) break;
      const overdue = n === row.due_index && isOverdue(dueOn, today);
      if (status === 'overdue' && !overdue) continue;
      if (status === 'due' && overdue) continue;
      // An overdue change still to make shows in the site's current month when that month is asked for.
      const month = dueOn < first ? (overdue ? monthOf(today) : null) : monthOf(dueOn);
      if (month) add(month, row, { ...base, due_on: dueOn, overdue });
    }
  }
  return months.map((month) => ({ month, sites: [...byMonth.get(month)!.values()] }));
}
