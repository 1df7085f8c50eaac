import type { DataSource } from 'typeorm';
import { purgeAuditOlderThan } from '@portal/db';

export const AUDIT_RETENTION_DEFAULT_DAYS = 730;
const EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

/**
 * The audit log's retention job, the only thing that ever deletes audit entries: a minute after
 * start-up, then every 6 hours. Several workers may run it at once; deletes are idempotent.
 */
export function startAuditRetention(
  db: DataSource,
  days: number,
  log: (msg: string) => void,
  firstRunMs = FIRST_RUN_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = purgeAuditOlderThan(db, days).then(
      (n) => {
        if (n) log(`audit retention: ${n} entries older than ${days} days deleted`);
      },
      (err: unknown) => log(`audit retention failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  };
  const first = setTimeout(run, firstRunMs);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
