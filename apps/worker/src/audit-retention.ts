import type { DataSource } from 'typeorm';
import { purgeAuditOlderThan } from '@portal/db';
import { startPeriodic, type PeriodicJob } from './periodic';

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
): PeriodicJob {
  const purge = async () => {
    const n = await purgeAuditOlderThan(db, days);
    if (n) log(`audit retention: ${n} entries older than ${days} days deleted`);
  };
  return startPeriodic('audit retention', purge, { firstRunMs, everyMs: EVERY_MS, log });
}
