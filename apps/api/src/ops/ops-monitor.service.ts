import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientEventMap, OpsQuotesTile, OpsSearchTile, OpsSummary } from '@portal/contracts';
import { statusSentence } from '@portal/domain';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { OpsGateway } from './ops.gateway';
import { OpsQueues, type QueueCounts } from './ops-queues';
import { SUMMARY_PARTS, summaryCounts, summaryParts, workerRows, type SummaryPart } from './ops.repository';

/** The summary is recomputed this often while someone watches (a superadmin socket, or a recent read). */
export const SUMMARY_EVERY_MS = 1000;
/** `ops.changed` at most this often per process. */
export const CHANGED_EVERY_MS = 2000;
/** A read keeps the summary fresh this long without a socket. */
const WATCH_AFTER_READ_MS = 30_000;

type Part = ClientEventMap['ops.changed']['parts'][number];

/**
 * The dashboard's numbers, computed ONCE per API process for every viewer (a handful of indexed
 * queries and one queue-count round trip per second while watched; nothing while nobody watches),
 * and `ops.changed` to this process's superadmins when a part moved — at most one per 2 s.
 */
@Injectable()
export class OpsMonitor implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('OpsMonitor');
  private current: OpsSummary | null = null;
  private marks: Partial<Record<Part, string>> = {};
  private pending = new Set<Part>();
  private computing: Promise<OpsSummary> | null = null;
  private lastRead = 0;
  private lastEmit = 0;
  private timer: NodeJS.Timeout | null = null;
  private parts: SummaryPart[] | null = null;
  private emitTimer: NodeJS.Timeout | null = null;
  /** The optional tiles' last rows and when they were counted. */
  private partRows = new Map<SummaryPart['key'], { at: number; row: Record<string, number | null> }>();

  constructor(
    private readonly db: DataSource,
    private readonly queues: OpsQueues,
    private readonly gateway: OpsGateway,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The shared summary: fresh (≤ 1 s old) while watched; computed now when nobody watched. */
  async summary(): Promise<OpsSummary> {
    this.lastRead = Date.now();
    this.ensureLoop();
    if (this.current && Date.now() - Date.parse(this.current.computed_at) < SUMMARY_EVERY_MS * 2) return this.current;
    return this.compute();
  }

  private ensureLoop(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const watched = this.gateway.watchers() > 0 || Date.now() - this.lastRead < WATCH_AFTER_READ_MS;
      if (watched) void this.compute().catch((err: unknown) => this.logger.warn(`summary: ${(err as Error).message}`));
    }, SUMMARY_EVERY_MS);
    this.timer.unref();
  }

  /** The loop runs from start-up; it computes only while watched. */
  onModuleInit(): void {
    this.ensureLoop();
  }

  private compute(): Promise<OpsSummary> {
    this.computing ??= this.build().finally(() => (this.computing = null));
    return this.computing;
  }

  private async build(): Promise<OpsSummary> {
    this.parts ??= SUMMARY_PARTS.map((p) => (p.key === 'search' ? { ...p, everyMs: this.env.OPS_SEARCH_TILE_MS } : p));
    const [row, workers, queues, extra] = await Promise.all([
      summaryCounts(this.db),
      workerRows(this.db),
      this.queues.counts().then(
        (q): QueueCounts[] | Error => q,
        (err: unknown) => err as Error,
      ),
      this.tiles(this.parts),
    ]);
    const workerViews = workers.map((w) => ({
      id: w.id,
      hostname: w.hostname,
      pid: w.pid,
      last_beat: new Date(w.last_beat).toISOString(),
      stale: w.stale && !w.stopped_at,
      stopped: !!w.stopped_at,
    }));
    const queueList = queues instanceof Error ? [] : queues;
    const status = statusSentence({
      now: new Date(),
      workers: workerViews,
      outbox: { pending: row.outbox_pending, oldest_age_s: row.outbox_oldest_s },
      emailFailing: {
        count: row.failing_count,
        since: row.failing_since ? new Date(row.failing_since).toISOString() : null,
        smtpCode: row.failing_code,
        diagnostic: row.failing_diagnostic,
      },
      queues: queueList,
      jobsFailedLastHour: row.jobs_failed_hour,
      queueBackendError: queues instanceof Error ? queues.message : null,
    });
    const online = {
      total: row.online_superadmin + row.online_admin + row.online_employee,
      superadmin: row.online_superadmin,
      admin: row.online_admin,
      employee: row.online_employee,
    };
    const email = {
      sent: row.email_sent,
      deferred: row.email_deferred,
      failed: row.email_failed,
      bounced: row.email_bounced,
      suppressed: row.email_suppressed,
      complained: row.email_complained,
    };
    const summary: OpsSummary = {
      status,
      online,
      queues: queueList,
      workers: workerViews,
      outbox: { pending: row.outbox_pending, oldest_age_s: row.outbox_oldest_s },
      email,
      ...extra,
      computed_at: new Date().toISOString(),
    };
    this.current = summary;
    this.track({
      summary: JSON.stringify({
        status,
        outbox: summary.outbox,
        workers: workerViews.map((w) => [w.id, w.stale, w.stopped]),
        extra, // quotes / search tiles, when installed
      }),
      online: JSON.stringify(online),
      jobs: JSON.stringify(queueList),
      email: JSON.stringify(email),
      activity: row.activity_marker ?? '',
    });
    return summary;
  }

  /** The quotes / search tiles of installed features; a part with `everyMs` is recounted at most that often. */
  private async tiles(parts: SummaryPart[]): Promise<{ quotes?: OpsQuotesTile; search?: OpsSearchTile }> {
    const now = Date.now();
    const due = parts.filter((p) => {
      const last = this.partRows.get(p.key);
      return !last || now - last.at >= (p.everyMs ?? 0);
    });
    const fresh = await summaryParts(this.db, due);
    for (const [key, row] of Object.entries(fresh)) this.partRows.set(key as SummaryPart['key'], { at: now, row });
    const out: { quotes?: OpsQuotesTile; search?: OpsSearchTile } = {};
    const quotes = this.partRows.get('quotes')?.row;
    if (quotes) out.quotes = quotes as unknown as OpsQuotesTile;
    const search = this.partRows.get('search')?.row;
    if (search) {
      const searches = Number(search.searches ?? 0);
      const zero = Number(search.zero_results ?? 0);
      out.search = {
        searches,
        zero_results: zero,
        zero_result_share: searches ? Math.round((zero / searches) * 1000) / 1000 : null,
      };
    }
    return out;
  }

  /** Notes which parts moved since the last computation and sends `ops.changed`, throttled. */
  private track(next: Record<Part, string>): void {
    const first = Object.keys(this.marks).length === 0;
    for (const part of Object.keys(next) as Part[]) {
      if (!first && this.marks[part] !== next[part]) this.pending.add(part);
      this.marks[part] = next[part];
    }
    if (!this.pending.size || this.emitTimer) return;
    const wait = Math.max(0, this.lastEmit + CHANGED_EVERY_MS - Date.now());
    this.emitTimer = setTimeout(() => {
      this.emitTimer = null;
      this.lastEmit = Date.now();
      const parts = [...this.pending];
      this.pending.clear();
      // The summary rides along: ten open screens do not all ask for it at the same moment.
      this.gateway.notifyLocal({ at: new Date().toISOString(), parts, ...(this.current && { summary: this.current }) });
    }, wait);
    this.emitTimer.unref();
  }

  /** What a part looked like at the last computation ('' before the first): moves before its `ops.changed`. */
  mark(part: Part): string {
    return this.marks[part] ?? '';
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.emitTimer) clearTimeout(this.emitTimer);
  }
}
