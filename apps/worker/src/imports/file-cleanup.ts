import fs from 'node:fs/promises';
import type { DataSource } from 'typeorm';
import { IMPORT_TABLES, importFilesToRemove, markImportFilesRemoved } from '@portal/db';
import { importFilePath } from '@portal/platform';
import { startPeriodic, type PeriodicJob } from '../periodic';

export const IMPORT_FILE_RETENTION_DEFAULT_DAYS = 30;
const BATCH = 200;
const EVERY_MS = 60 * 60 * 1000;

/**
 * Removes the uploaded files of catalogue and programme imports that no longer need them: those that
 * ended (applied, invalid, failed, conflict) and those left more than `days` days at `now` (the
 * injected clock). The import rows, counts and errors stay. Files first, then the mark: a crash in
 * between leaves a mark-less import whose file is gone, removed again (a no-op) next time. Safe on
 * several workers at once. Returns how many files were removed.
 */
export async function sweepImportFiles(db: DataSource, filesDir: string, now: Date, days: number): Promise<number> {
  let removed = 0;
  for (const table of IMPORT_TABLES) {
    for (;;) {
      const due = await importFilesToRemove(db, table, now, days, BATCH);
      for (const { storage_name } of due) {
        const file = importFilePath(filesDir, storage_name);
        if (file) await fs.rm(file, { force: true });
      }
      await markImportFilesRemoved(
        db,
        table,
        due.map((d) => d.id),
        now,
      );
      removed += due.length;
      if (due.length < BATCH) break;
    }
  }
  return removed;
}

/** Runs the sweep a minute after start-up and then every hour (or every `everyMs`), reading `clock`. */
export function startImportFileCleanup(
  db: DataSource,
  filesDir: string,
  days: number,
  log: (msg: string) => void,
  opts: { everyMs?: number; clock?: () => Date } = {},
): PeriodicJob {
  const everyMs = opts.everyMs ?? EVERY_MS;
  const clock = opts.clock ?? (() => new Date());
  return startPeriodic(
    'import file cleanup',
    async () => {
      const n = await sweepImportFiles(db, filesDir, clock(), days);
      if (n) log(`import file cleanup: ${n} files removed`);
    },
    { firstRunMs: Math.min(everyMs, 60_000), everyMs, log },
  );
}
