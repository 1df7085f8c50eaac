import type { DataSource } from 'typeorm';
import { sendProgrammeReminders } from '@portal/db';
import { startPeriodic, type PeriodicJob } from '../periodic';

/**
 * The filter-programme reminder sweep: one transaction that claims every digest now due
 * (libs/db `sendProgrammeReminders`, exactly once by its unique key) and hands them to the outbox.
 * `now` is the injected clock.
 */
export async function sweepProgrammeReminders(db: DataSource, now: Date = new Date()): Promise<number> {
  const sent = await db.transaction((m) => sendProgrammeReminders(m, now));
  return sent.length;
}

/** Runs the sweep shortly after start-up and then every `everyMs` (PROGRAMME_SWEEP_MS). */
export function startProgrammeReminders(
  db: DataSource,
  log: (msg: string) => void,
  everyMs: number,
  clock: () => Date = () => new Date(),
): PeriodicJob {
  return startPeriodic(
    'programme reminders',
    async () => {
      await sweepProgrammeReminders(db, clock());
    },
    { firstRunMs: Math.min(everyMs, 5_000), everyMs, log },
  );
}
