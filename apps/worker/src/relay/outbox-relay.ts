import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  EVENT_JOBS,
  FILE_JOB_EVENTS,
  IMPORT_JOB_EVENTS,
  type EventType,
  type JobMap,
  type OutboxEvent,
  type QueueName,
} from '@portal/contracts';
import { PgListener } from '@portal/platform';
import { claimUnrelayed, markRelayed } from './outbox.repository';

type RelayQueues = { [K in Exclude<QueueName, 'files' | 'imports'>]: Queue<JobMap[K]> };
/** The `files` queue is optional: events in FILE_JOB_EVENTS fan out to it, one job per file. */
type RelayTargets = RelayQueues & { files?: Queue<JobMap['files']>; imports?: Queue<JobMap['imports']> };

const BATCH = 200;

/**
 * Moves committed outbox rows into BullMQ (jobId = event id, so a re-relayed row is deduped) and
 * marks them relayed in the same transaction that locked them. Woken by NOTIFY; polls as fallback.
 */
export class OutboxRelay {
  private listener: PgListener | null = null;
  private poll: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: DataSource,
    private readonly queues: RelayTargets,
    private readonly options: { databaseUrl: string; pollMs: number; log: (msg: string) => void },
  ) {}

  async start(): Promise<void> {
    this.listener = new PgListener({
      url: this.options.databaseUrl,
      channels: ['outbox'],
      onNotify: () => this.wake(),
      onConnect: () => this.wake(),
      onError: (err) => this.options.log(`outbox listener: ${err.message}; reconnecting`),
    });
    await this.listener.start();
    this.poll = setInterval(() => this.wake(), this.options.pollMs);
    this.wake();
  }

  /** Coalesces wake-ups: at most one relay pass runs, and one more is queued behind it. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.options.log(`outbox relay failed: ${(err as Error).message}; will retry`))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Relays until nothing is pending. Returns when idle (tests await it). */
  async drain(): Promise<void> {
    while (!this.stopped && (await this.relayBatch()) === BATCH) {
      /* keep going */
    }
  }

  async relayBatch(): Promise<number> {
    return this.db.transaction(async (m) => {
      const rows = await claimUnrelayed(m, BATCH);
      if (rows.length === 0) return 0;
      const byQueue = new Map<
        keyof RelayQueues,
        { name: string; data: { event: OutboxEvent }; opts: { jobId: string } }[]
      >();
      const fileJobs: { name: string; data: JobMap['files']; opts: { jobId: string } }[] = [];
      const importJobs: { name: string; data: JobMap['imports']; opts: { jobId: string; attempts: number } }[] = [];
      for (const row of rows) {
        const event: OutboxEvent = {
          id: row.id,
          type: row.type as EventType,
          payload: row.payload as OutboxEvent['payload'],
          actorId: row.actor_id,
          createdAt: new Date(row.created_at).toISOString(),
        };
        if (this.queues.files && FILE_JOB_EVENTS.includes(event.type)) {
          for (const f of (event.payload as { files?: { fileId: string }[] }).files ?? []) {
            fileJobs.push({
              name: event.type,
              data: { fileId: f.fileId, eventId: event.id },
              opts: { jobId: f.fileId },
            });
          }
        }
        const importAction = IMPORT_JOB_EVENTS[event.type];
        if (this.queues.imports && importAction) {
          const importId = (event.payload as { importId: string }).importId;
          // An import job is not blindly retried: a failed run ends the import as 'failed'.
          importJobs.push({
            name: event.type,
            data: { importId, action: importAction, eventId: event.id },
            opts: { jobId: `${importId}.${importAction}`, attempts: 1 },
          });
        }
        const targets = EVENT_JOBS[event.type] ?? [];
        if (targets.length === 0 && !importAction)
          this.options.log(`outbox event ${event.type} has no queues; marking relayed`);
        for (const q of targets) {
          const list = byQueue.get(q) ?? [];
          list.push({ name: event.type, data: { event }, opts: { jobId: event.id } });
          byQueue.set(q, list);
        }
      }
      for (const [q, jobs] of byQueue) await this.queues[q].addBulk(jobs);
      if (fileJobs.length) await this.queues.files!.addBulk(fileJobs);
      if (importJobs.length) await this.queues.imports!.addBulk(importJobs);
      await markRelayed(
        m,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    await this.listener?.stop();
    await this.running;
  }
}
