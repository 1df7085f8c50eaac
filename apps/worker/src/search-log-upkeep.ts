import type { DataSource } from 'typeorm';
import { purgeSearchLogOlderThan, rollUpSearchLog } from '@portal/db';
import { startPeriodic, type PeriodicJob } from './periodic';

export const SEARCH_LOG_RETENTION_DEFAULT_DAYS = 400;
const EVERY_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 30 * 1000;

/**
 * The search log's upkeep: rolls finished days up into `search_log_daily`, then deletes
 * raw rows older than SEARCH_LOG_RETENTION_DAYS that are rolled up. Half a minute after start-up,
 * then hourly; safe on several workers at once (the roll-up locks its state row, deletes are
 * idempotent).
 */
export function startSearchLogUpkeep(
  db: DataSource,
  days: number,
  log: (msg: string) => void,
  firstRunMs = FIRST_RUN_MS,
): PeriodicJob {
  const upkeep = async () => {
    const rolled = await rollUpSearchLog(db);
    if (rolled) log(`search log: ${rolled} roll-up rows written`);
    const purged = await purgeSearchLogOlderThan(db, days);
    if (purged) log(`search log retention: ${purged} rows older than ${days} days deleted`);
  };
  return startPeriodic('search log upkeep', upkeep, { firstRunMs, everyMs: EVERY_MS, log });
}
