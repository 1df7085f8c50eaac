import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  PriceChangeCreatedResponse,
  PriceChangeDetailResponse,
  PriceChangeItem,
  PriceChangeListResponse,
  PriceChangeNoticesResponse,
  PriceChangeResponse,
  PriceLineKey,
} from '@portal/contracts';
import {
  Multiplier,
  PRICE_CHANGE_MSG,
  priceChangeTransition,
  type CreatePriceChangeInput,
  type PriceChangeListQuery,
  type PriceChangePercentages,
  type UpdatePriceChangeInput,
} from '@portal/domain';
import { commitChange, isUniqueViolation, type Db } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import * as repo from './price-changes.repository';

const LINE_LABELS: Record<PriceLineKey, string> = {
  discount: 'Price Multiplier',
  rigidflow: 'Rigidflow Multiplier',
  minipro: 'Minipro Multiplier',
  polyroll: 'Polyroll Multiplier',
};

/** Percentages in units → SQL numeric text, per line. */
function percentText(p: PriceChangePercentages): Partial<Record<PriceLineKey, string>> {
  const out: Partial<Record<PriceLineKey, string>> = {};
  for (const line of repo.PRICE_LINES) {
    const units = p[line];
    if (units !== undefined) out[line] = Multiplier.toPercentageText(units);
  }
  return out;
}

/**
 * Price changes on a date (superadmin): schedule, list, preview, move, cancel. The worker applies them
 * at `effective_at` (apps/worker/src/price-changes). Every change goes through `commitChange`.
 */
@Injectable()
export class PriceChangesService {
  constructor(private readonly db: DataSource) {}

  async list(q: PriceChangeListQuery): Promise<PriceChangeListResponse> {
    return { status: 200, data: await repo.listPriceChanges(this.db, q) };
  }

  async detail(id: string): Promise<PriceChangeDetailResponse> {
    const item = await this.find(this.db, id);
    const preview = await repo.previewPriceChange(this.db, item);
    return { status: 200, data: { ...item, preview } };
  }

  /** A customer's banner: announced changes to their own company's prices. */
  async notices(user: RequestUser): Promise<PriceChangeNoticesResponse> {
    return { status: 200, data: { list: await repo.noticesForCompany(this.db, user.companyId!) } };
  }

  async create(input: CreatePriceChangeInput, user: RequestUser): Promise<PriceChangeCreatedResponse> {
    this.assertFuture(input.effective_at);
    return this.clashAware(() =>
      this.db.transaction(async (m) => {
        let scope: string;
        let lines: PriceLineKey[];
        let percentages: Partial<Record<PriceLineKey, string>> = {};
        if (input.kind === 'company_multipliers') {
          if ((await repo.companyName(m, input.company_id)) === null) {
            throw new ApiException(404, PRICE_CHANGE_MSG.companyNotFound);
          }
          percentages = percentText(input.percentages);
          scope = input.company_id;
          lines = Object.keys(percentages) as PriceLineKey[];
        } else {
          const imp = await repo.lockImport(m, input.import_id);
          if (!imp) throw new ApiException(404, PRICE_CHANGE_MSG.importNotFound);
          if (imp.status !== 'ready') throw new ApiException(409, PRICE_CHANGE_MSG.importNotReady);
          if (await repo.importIsStale(m, imp.id)) throw new ApiException(409, PRICE_CHANGE_MSG.importStale);
          const moved = await repo.importPriceLines(m, imp.id);
          lines = moved.length ? moved : ['discount'];
          scope = 'catalogue';
          await repo.setImportStatus(m, imp.id, 'ready', 'scheduled');
        }
        const companyId = input.kind === 'company_multipliers' ? input.company_id : null;
        const id = await repo.insertPriceChange(m, {
          kind: input.kind,
          companyId,
          importId: input.kind === 'list_prices' ? input.import_id : null,
          percentages,
          effectiveAt: input.effective_at,
          noticeDays: input.notice_days,
          by: user.id,
          byName: user.username,
        });
        await repo.replaceTargets(m, id, scope, lines, input.effective_at);
        const item = (await repo.findPriceChange(m, id))!;
        await commitChange(m, user.actor, {
          events: [{ type: 'price_change.scheduled', payload: this.ref(item) }],
          audit: [
            {
              action: 'price_change.scheduled',
              entity: 'price_change',
              entityId: id,
              companyId,
              after: auditValues(item),
            },
          ],
        });
        return {
          status: 201,
          message: PRICE_CHANGE_MSG.scheduled,
          data: { _id: id, status: item.status, effective_at: item.effective_at },
        };
      }),
    );
  }

  async update(id: string, input: UpdatePriceChangeInput, user: RequestUser): Promise<PriceChangeResponse> {
    if (input.effective_at !== undefined) this.assertFuture(input.effective_at);
    return this.clashAware(() =>
      this.db.transaction(async (m) => {
        const before = await this.find(m, id, true);
        if (!priceChangeTransition(before.status, 'edit')) {
          throw new ApiException(409, PRICE_CHANGE_MSG.notScheduled(before.status));
        }
        if (before.version !== input.version) throw new ApiException(409, PRICE_CHANGE_MSG.stale);
        if (input.percentages && before.kind !== 'company_multipliers') {
          throw new ApiException(400, 'percentages: only a multiplier change has percentages', {
            percentages: 'only a multiplier change has percentages',
          });
        }
        const percentages = input.percentages ? percentText(input.percentages) : undefined;
        await repo.updatePriceChange(m, id, {
          effectiveAt: input.effective_at,
          noticeDays: input.notice_days,
          percentages,
        });
        const lines = percentages ? (Object.keys(percentages) as PriceLineKey[]) : await repo.targetLines(m, id);
        await repo.replaceTargets(
          m,
          id,
          before.company_id ?? 'catalogue',
          lines,
          input.effective_at ?? before.effective_at,
        );
        const after = (await repo.findPriceChange(m, id))!;
        await commitChange(m, user.actor, {
          events: [{ type: 'price_change.updated', payload: this.ref(after) }],
          audit: [
            {
              action: 'price_change.updated',
              entity: 'price_change',
              entityId: id,
              companyId: after.company_id,
              before: auditValues(before),
              after: auditValues(after),
            },
          ],
        });
        return { status: 200, message: PRICE_CHANGE_MSG.updated, data: after };
      }),
    );
  }

  async cancel(id: string, user: RequestUser): Promise<PriceChangeResponse> {
    return this.db.transaction(async (m) => {
      const before = await this.find(m, id, true);
      if (!priceChangeTransition(before.status, 'cancel')) {
        throw new ApiException(409, PRICE_CHANGE_MSG.notScheduled(before.status));
      }
      await repo.cancelPriceChange(m, id);
      if (before.import_id) await repo.setImportStatus(m, before.import_id, 'scheduled', 'ready');
      const after = (await repo.findPriceChange(m, id))!;
      await commitChange(m, user.actor, {
        events: [{ type: 'price_change.cancelled', payload: this.ref(after) }],
        audit: [
          {
            action: 'price_change.cancelled',
            entity: 'price_change',
            entityId: id,
            companyId: after.company_id,
            before: { status: before.status },
            after: { status: after.status },
          },
        ],
      });
      return { status: 200, message: PRICE_CHANGE_MSG.cancelled, data: after };
    });
  }

  private ref(item: PriceChangeItem) {
    return {
      priceChangeId: item._id,
      kind: item.kind,
      companyId: item.company_id,
      companyName: item.company_name,
      effectiveAt: item.effective_at,
    };
  }

  private assertFuture(effectiveAt: string): void {
    if (Date.parse(effectiveAt) <= Date.now()) {
      throw new ApiException(400, PRICE_CHANGE_MSG.effectiveAtPast, { effective_at: PRICE_CHANGE_MSG.effectiveAtPast });
    }
  }

  /** Two scheduled changes to the same company (or the catalogue) and line at the same instant: 409. */
  private async clashAware<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err, 'price_change_targets_instant_idx')) {
        const line = /\(scope, product_line, effective_at\)=\([^,]+, (\w+),/.exec(
          String(
            (err as { detail?: string; driverError?: { detail?: string } }).detail ??
              (err as { driverError?: { detail?: string } }).driverError?.detail ??
              '',
          ),
        )?.[1] as PriceLineKey | undefined;
        throw new ApiException(409, PRICE_CHANGE_MSG.clash(line ? LINE_LABELS[line] : 'product line'));
      }
      if (isUniqueViolation(err, 'price_changes_import_idx'))
        throw new ApiException(409, PRICE_CHANGE_MSG.importNotReady);
      throw err;
    }
  }

  private async find(db: Db, id: string, lock = false): Promise<PriceChangeItem> {
    const item = await repo.findPriceChange(db, id, lock);
    if (!item) throw new ApiException(404, PRICE_CHANGE_MSG.notFound);
    return item;
  }
}

/** What the audit log records of a change (no prices beyond the multipliers themselves). */
function auditValues(item: PriceChangeItem): Record<string, unknown> {
  return {
    kind: item.kind,
    status: item.status,
    effective_at: item.effective_at,
    notice_days: item.notice_days,
    ...(item.import_file_name ? { import: item.import_file_name } : {}),
    ...Object.fromEntries(item.multipliers.map((mv) => [`${mv.line}_percentage`, mv.to])),
  };
}
