import { hostname } from 'node:os';
import type { Queue, Worker } from 'bullmq';
import { Pool } from 'pg';
import { UnrecoverableError, runMigrations as runQueueMigrations } from 'bullmq';
import type { DataSource } from 'typeorm';
import { createDataSource, createPool } from '@portal/db';
import { createMailer, createQueue, createWorker, type Env, type Mailer, type QueueEnv } from '@portal/platform';
import { assertPushRoutesComplete, type JobMap } from '@portal/contracts';
import { OutboxRelay } from './relay/outbox-relay';
import { AUDIT_RETENTION_DEFAULT_DAYS, startAuditRetention } from './audit-retention';
import { SEARCH_LOG_RETENTION_DEFAULT_DAYS, startSearchLogUpkeep } from './search-log-upkeep';
import { emailProcessor, notificationProcessor } from './processors';
import { filesProcessor } from './files/files.processor';
import { IMPORT_MAX_STALLS, importsProcessor } from './imports/imports.processor';
import { IMPORT_FILE_RETENTION_DEFAULT_DAYS, startImportFileCleanup, sweepImportFiles } from './imports/file-cleanup';
import { pricelistsProcessor } from './pricelists/pricelists.processor';
import { BuildProcess } from './pricelists/build-process';
import { sweepPricelists } from './pricelists/expiry';
import { expireQuotes, startQuoteExpiry } from './quotes/expiry';
import { startProgrammeReminders, sweepProgrammeReminders } from './programme/reminders';
import { PriceChangeRunner, type Clock } from './price-changes/runner';
import { emailHandlers, notificationHandlers } from './handlers';
import { startBounceListener, type BounceListener } from './email/bounce-listener';
import { beat, recordJobFailure, stopped } from './ops/ops.repository';
import { repeatLimitedLog } from './repeat-limited-log';
import { assertHandlersComplete, type EmailHandlers, type NotificationHandlers } from './handlers/registry';

export type WorkerEnv = Pick<Env, 'DATABASE_URL' | 'REDIS_URL' | 'PUBLIC_URL' | 'OUTBOX_POLL_MS' | 'MAIL_FROM'> &
  Partial<
    Pick<
      Env,
      | 'SUPPLIER_TZ'
      | 'PRICE_CHANGE_SWEEP_MS'
      | 'DATABASE_POOL_SIZE'
      | 'QUEUE_DATABASE_POOL_SIZE'
      | 'PRICELIST_BUILD_PRIORITY'
    >
  > & {
    /** Product resources (default .data/files, as the API). */
    FILES_DIR?: string;
    SMTP_URL: string;
    QUEUE_PREFIX?: string;
    AUDIT_RETENTION_DAYS?: number;
    /** Raw search-log rows older than this are deleted (default 400; the daily roll-up stays). */
    SEARCH_LOG_RETENTION_DAYS?: number;
    /** Inbound bounce listener (both needed): SMTP port and the domain of `bounces+<token>@…`. */
    BOUNCE_SMTP_PORT?: number;
    BOUNCE_DOMAIN?: string;
    /** How often the filter-programme reminder sweep runs (default 60 000 ms). */
    PROGRAMME_SWEEP_MS?: number;
    /** Uploaded import files not needed any more are kept at most this long (default 30 days). */
    IMPORT_FILE_RETENTION_DAYS?: number;
  };

export interface WorkerRuntime {
  db: DataSource;
  relay: OutboxRelay;
  queues: {
    notifications: Queue<JobMap['notifications']>;
    email: Queue<JobMap['email']>;
    files: Queue<JobMap['files']>;
    imports: Queue<JobMap['imports']>;
    pricelists: Queue<JobMap['pricelists']>;
  };
  workers: Worker[];
  /** The process price lists are built in. */
  pricelistBuilder: BuildProcess;
  /** The inbound bounce listener, when BOUNCE_SMTP_PORT and BOUNCE_DOMAIN are set. */
  bounceListener: BounceListener | null;
  /** This process's id on the dashboard (`hostname:pid`). */
  workerId: string;
  /** Removes expired price lists and their files now (also runs on a timer). */
  sweepPricelists(): Promise<number>;
  /** Expires quotes whose validity has ended by `now` (also runs every minute). */
  expireQuotes(now?: Date): Promise<number>;
  /** Sends the filter-programme reminders due at `now` (also runs every PROGRAMME_SWEEP_MS); returns how many digests. */
  sweepProgrammeReminders(now?: Date): Promise<number>;
  /** Removes the import files no longer needed at `now` (also runs every hour); returns how many. */
  sweepImportFiles(now?: Date): Promise<number>;
  /** Scheduled price changes: notices and applies due by the clock (also on timers and every minute). */
  priceChanges: PriceChangeRunner;
  stop(timeoutMs?: number): Promise<void>;
}

export interface WorkerOverrides {
  mailer?: Mailer;
  notificationHandlers?: NotificationHandlers;
  emailHandlers?: EmailHandlers;
  concurrency?: number;
  log?: (msg: string) => void;
  /** How often expired price lists are removed (ms). */
  pricelistSweepMs?: number;
  /** An import file's reading process that sends nothing for this long is stopped (ms). */
  importReadStallMs?: number;
  /** How often quotes past their validity are expired (ms). */
  quoteExpiryMs?: number;
  /** How often the programme reminder sweep runs (ms; default PROGRAMME_SWEEP_MS, else 60 000). */
  programmeSweepMs?: number;
  /** How often this process reports that it lives (ms, default 5000). */
  heartbeatMs?: number;
  /** How often the import file cleanup runs (ms, default 1 hour). */
  importFileSweepMs?: number;
  /** The clock scheduled work reads — price changes, the programme reminders, the import file cleanup (tests move it). */
  clock?: Clock;
}

/** Ensures BullMQ's own tables exist when it runs on Postgres (idempotent, advisory-locked). */
export async function prepareQueueBackend(env: QueueEnv): Promise<void> {
  if (env.REDIS_URL) return;
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 1 });
  pool.on('error', () => undefined);
  try {
    await runQueueMigrations(pool);
  } finally {
    await pool.end();
  }
}

export async function startWorker(env: WorkerEnv, overrides: WorkerOverrides = {}): Promise<WorkerRuntime> {
  const log = overrides.log ?? ((msg: string) => console.log(`[worker] ${msg}`));
  const handlers = {
    notifications: overrides.notificationHandlers ?? notificationHandlers,
    email: overrides.emailHandlers ?? emailHandlers,
  };
  assertHandlersComplete(handlers);
  assertPushRoutesComplete();
  await prepareQueueBackend(env);

  const db = await createDataSource({
    url: env.DATABASE_URL,
    applicationName: 'portal-worker',
    poolSize: env.DATABASE_POOL_SIZE ?? 8,
  }).initialize();
  const concurrency = overrides.concurrency ?? 4;
  // Email send locks are session-level advisory locks: each needs a connection of its own, at
  // most one per email job running at once.
  const locks = createPool({ url: env.DATABASE_URL, applicationName: 'portal-worker', poolSize: concurrency });
  const mailer = overrides.mailer ?? createMailer(env.SMTP_URL, env.MAIL_FROM);
  const filesDir = env.FILES_DIR ?? '.data/files';
  const ctx = { publicUrl: env.PUBLIC_URL, timeZone: env.SUPPLIER_TZ, filesDir };
  const queues = {
    notifications: createQueue('notifications', env),
    email: createQueue('email', env),
    files: createQueue('files', env),
    imports: createQueue('imports', env),
    pricelists: createQueue('pricelists', env),
  };
  // Recorded on each job as `processedBy`: which process ran it (scale-out and fault tests read it).
  const name = `${hostname()}:${process.pid}`;
  const builder = new BuildProcess(env.DATABASE_URL, env.PRICELIST_BUILD_PRIORITY ?? 'idle');
  const workers: Worker[] = [
    // Jobs run `alongside` a price-list build make it pace itself (the worker's CPU is load then).
    createWorker('notifications', builder.alongside(notificationProcessor(db, handlers.notifications, ctx)), env, {
      concurrency,
      name,
    }),
    createWorker(
      'email',
      builder.alongside(
        emailProcessor(db, locks, mailer, handlers.email, ctx, {
          log,
          bounceDomain: env.BOUNCE_DOMAIN,
        }),
      ),
      env,
      { concurrency, name },
    ),
    // Image decoding is CPU work: two at a time at most.
    createWorker('files', builder.alongside(filesProcessor(db, filesDir)), env, {
      concurrency: Math.min(concurrency, 2),
      name,
    }),
    // Imports stream big files and write in batches: one at a time per worker keeps memory flat.
    // Files are parsed in a disposable process (readRowsIsolated): a poison file ends that process.
    createWorker(
      'imports',
      builder.alongside(importsProcessor(db, filesDir, log, { readStallMs: overrides.importReadStallMs })),
      env,
      { concurrency: 1, name, lockDuration: 120_000, maxStalledCount: IMPORT_MAX_STALLS },
    ),
    // Building a file is CPU work (PDF/XLSX layout): one at a time per worker, in a process that only
    // gets CPU time nothing else wants; further requests wait in the queue.
    createWorker('pricelists', pricelistsProcessor(db, filesDir, { builder, log, timeZone: env.SUPPLIER_TZ }), env, {
      concurrency: 1,
      name,
    }),
  ];
  const queueErrorLog = repeatLimitedLog(log);
  for (const w of workers) {
    w.on('failed', (job, err) => {
      log(`job ${w.name}/${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${err.message}`);
      // Failed for good (out of attempts, or refused as unrecoverable): the dashboard's feed shows it.
      const final = job && (err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1));
      // An email the recipient's server refused for good is the address's problem, not the system's:
      // the feed shows it as a bounce, and it does not redden the status sentence.
      const refused = w.name === 'email' && err instanceof UnrecoverableError;
      if (job && final && !refused)
        void recordJobFailure(db, {
          queue: w.name,
          jobId: String(job.id),
          name: job.name,
          reason: err.message.split('\n')[0],
          attempts: job.attemptsMade,
        }).catch(() => undefined);
    });
    w.on('error', (err) => queueErrorLog(`queue ${w.name} error: ${err.message}`));
  }
  const relay = new OutboxRelay(db, queues, { databaseUrl: env.DATABASE_URL, pollMs: env.OUTBOX_POLL_MS, log });
  await relay.start();
  const me = { id: name, hostname: hostname(), pid: process.pid };
  const heartbeat = () => void beat(db, me).catch(() => undefined);
  heartbeat();
  const heartbeatTimer = setInterval(heartbeat, overrides.heartbeatMs ?? 5000);
  heartbeatTimer.unref();
  const bounceListener =
    env.BOUNCE_SMTP_PORT !== undefined && env.BOUNCE_DOMAIN
      ? await startBounceListener(db, { port: env.BOUNCE_SMTP_PORT, domain: env.BOUNCE_DOMAIN, log })
      : null;
  const retention = startAuditRetention(db, env.AUDIT_RETENTION_DAYS ?? AUDIT_RETENTION_DEFAULT_DAYS, log);
  const searchLogUpkeep = startSearchLogUpkeep(
    db,
    env.SEARCH_LOG_RETENTION_DAYS ?? SEARCH_LOG_RETENTION_DEFAULT_DAYS,
    log,
  );
  const sweep = () => sweepPricelists(db, filesDir);
  const sweepTimer = setInterval(
    () => void sweep().catch((err: unknown) => log(`price-list sweep failed: ${(err as Error).message}`)),
    overrides.pricelistSweepMs ?? 15 * 60_000,
  );
  sweepTimer.unref();
  void sweep().catch((err: unknown) => log(`price-list sweep failed: ${(err as Error).message}`));
  const stopQuoteExpiry = startQuoteExpiry(db, log, overrides.quoteExpiryMs);
  const programmeReminders = startProgrammeReminders(
    db,
    log,
    overrides.programmeSweepMs ?? env.PROGRAMME_SWEEP_MS ?? 60_000,
    overrides.clock ? () => overrides.clock!.now() : undefined,
  );
  const importFileDays = env.IMPORT_FILE_RETENTION_DAYS ?? IMPORT_FILE_RETENTION_DEFAULT_DAYS;
  const now = () => overrides.clock?.now() ?? new Date();
  const importFileCleanup = startImportFileCleanup(db, filesDir, importFileDays, log, {
    everyMs: overrides.importFileSweepMs,
    clock: now,
  });
  const priceChanges = new PriceChangeRunner(db, {
    clock: overrides.clock,
    sweepMs: env.PRICE_CHANGE_SWEEP_MS,
    timeZone: env.SUPPLIER_TZ ?? 'America/New_York',
    databaseUrl: env.DATABASE_URL,
    log,
  });
  await priceChanges.start();

  return {
    db,
    relay,
    queues,
    workers,
    pricelistBuilder: builder,
    bounceListener,
    workerId: name,
    sweepPricelists: sweep,
    expireQuotes: (now?: Date) => expireQuotes(db, now),
    sweepProgrammeReminders: (at?: Date) => sweepProgrammeReminders(db, at ?? now()),
    sweepImportFiles: (at?: Date) => sweepImportFiles(db, filesDir, at ?? now(), importFileDays),
    priceChanges,
    async stop(timeoutMs = 10_000) {
      clearInterval(sweepTimer);
      await priceChanges.stop();
      stopQuoteExpiry();
      await programmeReminders.stop();
      await importFileCleanup.stop();
      clearInterval(heartbeatTimer);
      await bounceListener?.stop();
      await relay.stop();
      await retention.stop();
      await searchLogUpkeep.stop();
      // worker.close() waits for active jobs without a limit: bound it, then force.
      const graceful = Promise.all(workers.map((w) => w.close()));
      const timedOut = await Promise.race([
        graceful.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), timeoutMs).unref()),
      ]);
      if (timedOut) await Promise.all(workers.map((w) => w.close(true)));
      builder.stop();
      await Promise.all([
        queues.notifications.close(),
        queues.email.close(),
        queues.files.close(),
        queues.imports.close(),
        queues.pricelists.close(),
      ]);
      mailer.close();
      await stopped(db, name).catch(() => undefined);
      await locks.end();
      await db.destroy();
    },
  };
}
