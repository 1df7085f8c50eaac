import type { DataSource, EntityManager } from 'typeorm';
import type { EventMap } from '@portal/contracts';
import { IMPORT_MSG, PRICELIST_MSG, PRICE_CHANGE_MSG, priceChangeDayText } from '@portal/domain';
import { SYSTEM_ACTOR, commitChange, isUniqueViolation, type Actor, type AuditEntry } from '@portal/db';
import { PgListener } from '@portal/platform';
import {
  applyAudit,
  applyImportAliases,
  countChanges,
  deleteAndUpdateVariants,
  finishApply,
  insertVariantsAndHistory,
  loadImport,
  lockAndFindStale,
  placeProducts,
} from '../imports/imports.repository';
import {
  applyMultipliers,
  claimDue,
  claimNotice,
  companyAdmins,
  finishApplied,
  importConflict,
  markFailed,
  NOTICE_LIST_FORMAT,
  requestNoticeLists,
  startImportApply,
  upcomingInstants,
  type DueChange,
} from './price-changes.repository';

/** The time the runner reads. Tests pass their own and move it; production reads the system clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Rolls the apply back: the dry run no longer matches the catalogue. */
class StaleDryRun extends Error {
  constructor(readonly partNumbers: string[]) {
    super('stale dry run');
  }
}

export interface PriceChangeRunnerOptions {
  clock?: Clock;
  /** The sweep (default every minute); also how far ahead exact timers are armed. */
  sweepMs?: number;
  /** The office's time zone: the notice names the day there. */
  timeZone: string;
  /** To hear new or moved changes at once (the `price_changes` channel); without it, the sweep finds them. */
  databaseUrl?: string;
  log?: (msg: string) => void;
}

/**
 * Applies scheduled price changes at `effective_at` and sends their notice at `effective_at − notice_days`.
 * A timer is armed for every instant due before the next sweep (so a change applies on time), and the
 * sweep (each minute, and at start) takes whatever is due by the clock — a worker that was down applies
 * what fell due within a sweep of starting. Several workers may run it: claims are row locks in the DB.
 */
export class PriceChangeRunner {
  private readonly clock: Clock;
  private readonly sweepMs: number;
  private readonly log: (msg: string) => void;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly armed = new Map<number, NodeJS.Timeout>();
  private listener: PgListener | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: DataSource,
    private readonly options: PriceChangeRunnerOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.sweepMs = options.sweepMs ?? 60_000;
    this.log = options.log ?? (() => undefined);
  }

  async start(): Promise<void> {
    if (this.options.databaseUrl) {
      this.listener = new PgListener({
        url: this.options.databaseUrl,
        channels: ['price_changes'],
        // A change scheduled, moved or cancelled: what is due now (a notice whose date has passed) goes at
        // once, and the timers follow.
        onNotify: () => void this.sweep(),
        onError: (err) => this.log(`price-change listener: ${err.message}; reconnecting`),
      });
      await this.listener.start();
    }
    this.sweepTimer = setInterval(() => void this.sweep(), this.sweepMs);
    this.sweepTimer.unref();
    void this.sweep();
  }

  /** Everything due now, then timers for what falls due before the next sweep. */
  sweep(): Promise<unknown> {
    this.running = this.running
      .then(() => this.runDue())
      .then(() => this.arm())
      .catch((err: unknown) => this.log(`price-change sweep failed: ${(err as Error).message}`));
    return this.running;
  }

  /** One timer per instant before the next sweep (and a little after, so none falls between). */
  private async arm(): Promise<void> {
    if (this.stopped) return;
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.sweepMs + 1000);
    const instants = await upcomingInstants(this.db, now, until).catch(() => [] as Date[]);
    for (const at of instants) {
      const key = at.getTime();
      if (this.armed.has(key)) continue;
      const timer = setTimeout(
        () => {
          this.armed.delete(key);
          void this.sweep();
        },
        Math.max(0, key - this.clock.now().getTime()),
      );
      timer.unref();
      this.armed.set(key, timer);
    }
  }

  /** Sends the notices and applies the changes due at `now`; what it did, for tests and logs. */
  async runDue(now: Date = this.clock.now()): Promise<{ noticed: number; applied: number; failed: number }> {
    const out = { noticed: 0, applied: 0, failed: 0 };
    while (!this.stopped && (await this.noticeOne(now))) out.noticed++;
    const tried: string[] = [];
    while (!this.stopped) {
      const outcome = await this.applyNext(now, tried);
      if (!outcome) break;
      tried.push(outcome.id);
      if (outcome.result === 'applied') out.applied++;
      if (outcome.result === 'failed') out.failed++;
    }
    return out;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const t of this.armed.values()) clearTimeout(t);
    this.armed.clear();
    await this.listener?.stop();
    await this.running;
  }

  /* ------------------------------------------------------------------ notice */

  private async noticeOne(now: Date): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const change = await claimNotice(m, now);
      if (!change) return false;
      const admins = await companyAdmins(m, change.company_id);
      const dayText = priceChangeDayText(change.effective_at, this.options.timeZone);
      const lists = await requestNoticeLists(m, change.id, admins, PRICELIST_MSG.wholeCatalogue);
      await commitChange(m, scheduler(change), {
        events: [
          ...lists.map((l) => ({
            type: 'pricelist.requested' as const,
            payload: {
              pricelistId: l.id,
              companyId: l.company_id,
              companyName: admins.find((a) => a.companyId === l.company_id)?.companyName ?? '',
              format: NOTICE_LIST_FORMAT,
              scope: 'catalogue' as const,
              scopeName: PRICELIST_MSG.wholeCatalogue,
            },
          })),
          {
            type: 'price_change.noticed',
            payload: {
              ...ref(change),
              companyIds: change.company_id ? [change.company_id] : 'all',
              dayText,
              recipients: admins.map((a) => ({
                userId: a.userId,
                username: a.username,
                email: a.email,
                companyName: a.companyName,
              })),
            },
          },
        ],
        audit: [
          {
            action: 'price_change.noticed',
            entity: 'price_change',
            entityId: change.id,
            companyId: change.company_id,
            after: { notice_sent_at: now.toISOString(), recipients: admins.length },
          },
        ],
      });
      this.log(`price change ${change.id}: notice sent to ${admins.length} admin(s)`);
      return true;
    });
  }

  /* ------------------------------------------------------------------ apply */

  /**
   * One transaction: the new values, price history stamped with `effective_at`, the audit entries, the
   * outbox events and (by trigger, at commit) the catalogue version — every page switches at once.
   */
  private async applyNext(
    now: Date,
    tried: string[],
  ): Promise<{ id: string; result: 'applied' | 'failed' | 'skipped' } | null> {
    let claimed: DueChange | null = null;
    try {
      await this.db.transaction(async (m) => {
        claimed = await claimDue(m, now, tried);
        if (claimed) await this.apply(m, claimed, now);
      });
    } catch (err) {
      if (!claimed) throw err;
      return { id: (claimed as DueChange).id, result: await this.failed(claimed, err) };
    }
    if (!claimed) return null;
    this.log(`price change ${(claimed as DueChange).id} applied`);
    return { id: (claimed as DueChange).id, result: 'applied' };
  }

  private async apply(m: EntityManager, change: DueChange, now: Date): Promise<void> {
    const audit: AuditEntry[] = [];
    if (change.kind === 'company_multipliers') {
      const moves = await applyMultipliers(m, change.id);
      if (moves.length) {
        audit.push({
          action: 'company.updated',
          entity: 'company',
          entityId: change.company_id,
          companyId: change.company_id,
          before: Object.fromEntries(moves.map((mv) => [mv.field, Number(mv.from)])),
          after: Object.fromEntries(moves.map((mv) => [mv.field, Number(mv.to)])),
        });
      }
    } else {
      await this.applyImport(m, change);
    }
    await finishApplied(m, change.id, now);
    audit.push({
      action: 'price_change.applied',
      entity: 'price_change',
      entityId: change.id,
      companyId: change.company_id,
      before: { status: 'scheduled' },
      after: { status: 'applied', effective_at: change.effective_at.toISOString() },
    });
    await commitChange(m, scheduler(change), {
      events: [{ type: 'price_change.applied', payload: ref(change) }],
      audit,
    });
  }

  /** After a rolled-back apply: a stale dry run fails the change (and says why); anything else is retried. */
  private async failed(change: DueChange, err: unknown): Promise<'failed' | 'skipped'> {
    if (!(err instanceof StaleDryRun) && !isUniqueViolation(err)) {
      // Still scheduled: the next sweep tries again (a lost connection is no reason to drop a change).
      this.log(`price change ${change.id} could not be applied yet: ${(err as Error).message}`);
      return 'skipped';
    }
    const pns = err instanceof StaleDryRun ? err.partNumbers : [];
    const message = pns.length
      ? `${PRICE_CHANGE_MSG.importStale} Changed: ${pns.join(', ')}`
      : PRICE_CHANGE_MSG.importStale;
    const failed = await this.db.transaction(async (m) => {
      if (!(await markFailed(m, change.id, message))) return false;
      if (change.import_id) await importConflict(m, change.import_id, `${IMPORT_MSG.conflict} ${message}`);
      await commitChange(m, scheduler(change), {
        events: [{ type: 'price_change.failed', payload: { ...ref(change), message } }],
        audit: [
          {
            action: 'price_change.failed',
            entity: 'price_change',
            entityId: change.id,
            companyId: change.company_id,
            before: { status: 'scheduled' },
            after: { status: 'failed', message },
          },
        ],
      });
      return true;
    });
    this.log(`price change ${change.id} failed: ${message}`);
    return failed ? 'failed' : 'skipped';
  }

  /** The import's own apply step, in this transaction, with history stamped at the change's instant. */
  private async applyImport(m: EntityManager, change: DueChange): Promise<void> {
    const id = change.import_id!;
    if (!(await startImportApply(m, id))) throw new StaleDryRun([]);
    const stale = await lockAndFindStale(m, id);
    if (stale.length) throw new StaleDryRun(stale);
    const planned = await countChanges(m, id);
    await placeProducts(m, id);
    const { deleted, updated } = await deleteAndUpdateVariants(m, id);
    if (deleted !== planned.delete || updated !== planned.update) throw new StaleDryRun([]);
    const imp = (await loadImport(m, id))!;
    await insertVariantsAndHistory(m, id, imp.started_by, imp.started_by_name, change.effective_at);
    await applyImportAliases(m, id, imp.started_by);
    const total = planned.create + planned.update + planned.delete;
    if (!(await finishApply(m, id, 'applied', null, total))) throw new StaleDryRun([]);
    await commitChange(m, scheduler(change), {
      events: [
        {
          type: 'catalogue.import_finished',
          payload: {
            importId: id,
            fileName: imp.file_name,
            phase: 'apply',
            status: 'applied',
            counts: { ...planned, unchanged: imp.unchanged_count, errors: 0 },
            message: null,
          },
        },
      ],
      audit: applyAudit(id, total),
    });
  }
}

type Ref = Omit<EventMap['price_change.applied'], 'actor'>;

function ref(c: DueChange): Ref {
  return {
    priceChangeId: c.id,
    kind: c.kind,
    companyId: c.company_id,
    companyName: c.company_name,
    effectiveAt: c.effective_at.toISOString(),
  };
}

/** The superadmin who scheduled the change: the worker finishes what they started. */
function scheduler(c: DueChange): Actor {
  if (!c.created_by) return SYSTEM_ACTOR;
  return { id: c.created_by, username: c.created_by_name, email: c.created_by_email, role: 'superadmin', ip: null };
}
