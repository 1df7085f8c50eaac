import { hostname } from 'node:os';
import type { Queue, Worker } from 'bullmq';
import { Pool } from 'pg';
import { runMigrations as runQueueMigrations } from 'bullmq';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@portal/db';
import { createMailer, createQueue, createWorker, type Env, type Mailer, type QueueEnv } from '@portal/platform';
import type { JobMap } from '@portal/contracts';
import { OutboxRelay } from './relay/outbox-relay';
import { emailProcessor, notificationProcessor } from './processors';
import { filesProcessor } from './files/files.processor';
import { emailHandlers, notificationHandlers } from './handlers';
import { assertHandlersComplete, type EmailHandlers, type NotificationHandlers } from './handlers/registry';

export type WorkerEnv = Pick<Env, 'DATABASE_URL' | 'REDIS_URL' | 'PUBLIC_URL' | 'OUTBOX_POLL_MS' | 'MAIL_FROM'> & {
  /** Product resources (default .data/files, as the API). */
  FILES_DIR?: string;
  SMTP_URL: string;
  QUEUE_PREFIX?: string;
};

export interface WorkerRuntime {
  db: DataSource;
  relay: OutboxRelay;
  queues: {
    notifications: Queue<JobMap['notifications']>;
    email: Queue<JobMap['email']>;
    files: Queue<JobMap['files']>;
  };
  workers: Worker[];
  stop(timeoutMs?: number): Promise<void>;
}

export interface WorkerOverrides {
  mailer?: Mailer;
  notificationHandlers?: NotificationHandlers;
  emailHandlers?: EmailHandlers;
  concurrency?: number;
  log?: (msg: string) => void;
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
  await prepareQueueBackend(env);

  const db = await createDataSource({
    url: env.DATABASE_URL,
    applicationName: 'portal-worker',
    poolSize: 8,
  }).initialize();
  const mailer = overrides.mailer ?? createMailer(env.SMTP_URL, env.MAIL_FROM);
  const ctx = { publicUrl: env.PUBLIC_URL };
  const queues = {
    notifications: createQueue('notifications', env),
    email: createQueue('email', env),
    files: createQueue('files', env),
  };
  const concurrency = overrides.concurrency ?? 4;
  // Recorded on each job as `processedBy`: which process ran it (scale-out and fault tests read it).
  const name = `${hostname()}:${process.pid}`;
  const workers: Worker[] = [
    createWorker('notifications', notificationProcessor(db, handlers.notifications, ctx), env, { concurrency, name }),
    createWorker('email', emailProcessor(db, mailer, handlers.email, ctx, { log }), env, { concurrency, name }),
    // Image decoding is CPU work: two at a time at most.
    createWorker('files', filesProcessor(db, env.FILES_DIR ?? '.data/files'), env, {
      concurrency: Math.min(concurrency, 2),
      name,
    }),
  ];
  for (const w of workers) {
    w.on('failed', (job, err) =>
      log(`job ${w.name}/${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${err.message}`),
    );
    w.on('error', (err) => log(`queue ${w.name} error: ${err.message}`));
  }
  const relay = new OutboxRelay(db, queues, { databaseUrl: env.DATABASE_URL, pollMs: env.OUTBOX_POLL_MS, log });
  await relay.start();

  return {
    db,
    relay,
    queues,
    workers,
    async stop(timeoutMs = 10_000) {
      await relay.stop();
      // worker.close() waits for active jobs without a limit (FIELD-NOTES): bound it, then force.
      const graceful = Promise.all(workers.map((w) => w.close()));
      const timedOut = await Promise.race([
        graceful.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), timeoutMs).unref()),
      ]);
      if (timedOut) await Promise.all(workers.map((w) => w.close(true)));
      await Promise.all([queues.notifications.close(), queues.email.close(), queues.files.close()]);
      mailer.close();
      await db.destroy();
    },
  };
}
