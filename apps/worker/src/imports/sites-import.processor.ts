import type { DataSource } from 'typeorm';
import { rooms } from '@portal/contracts';
import { IMPORT_MSG } from '@portal/domain';
import {
  clearSitesImportStaging,
  findSitesImport,
  finishSitesDryRun,
  moveSitesImport,
  saveSitesImportProgress,
  type SitesImportRow,
} from '@portal/db';
import { importFilePath, publishRealtime } from '@portal/platform';
import { importRows, readFailureMessage, throttled } from './sheet-source';
import { SitesDryRun } from './sites-dry-run';

type Queryable = Parameters<typeof publishRealtime>[0];

/** `import.progress` to the person who started the import (their Sites page shows it). */
async function progress(
  q: Queryable,
  imp: SitesImportRow,
  status: 'validating' | 'ready' | 'invalid' | 'failed',
  done: number,
  total: number,
) {
  if (!imp.started_by) return;
  await publishRealtime(q, rooms.user(imp.started_by), 'import.progress', { id: imp.id, status, done, total });
}

/** Ends the import `failed` with `message` (its starter's screen updates). */
export async function failSitesImport(db: DataSource, importId: string, message: string): Promise<boolean> {
  const imp = await findSitesImport(db, importId);
  if (!imp) return false;
  return db.transaction(async (m) => {
    if (!(await moveSitesImport(m, importId, ['queued', 'validating'], 'failed', message))) return false;
    await progress(m, imp, 'failed', 0, imp.total_rows);
    return true;
  });
}

/**
 * The programme import's dry run (`imports` job `<id>.sites_validate`): queued → validating → ready |
 * invalid | failed. The file is read in a disposable process like the catalogue import's; the rows it
 * resolves and its errors per row are staged for the screen and for the apply (in the API).
 */
export async function runSitesDryRun(
  db: DataSource,
  filesDir: string,
  importId: string,
  options: { now?: () => Date; readStallMs?: number; log?: (msg: string) => void } = {},
): Promise<string> {
  const log = options.log ?? (() => undefined);
  if (!(await moveSitesImport(db, importId, ['queued', 'validating'], 'validating'))) return 'skipped';
  const imp = (await findSitesImport(db, importId))!;
  await clearSitesImportStaging(db, importId);
  await progress(db, imp, 'validating', 0, imp.total_rows);
  const file = importFilePath(filesDir, imp.storage_name);
  if (!file) {
    await failSitesImport(db, importId, 'The uploaded file is missing');
    return 'failed';
  }
  try {
    const result = await new SitesDryRun(
      db,
      imp,
      importRows(file, imp.format, options.readStallMs),
      throttled(async (done) => {
        await saveSitesImportProgress(db, importId, done);
        await progress(db, imp, 'validating', done, Math.max(imp.total_rows, done));
      }),
      (options.now ?? (() => new Date()))(),
    ).run();
    if (result.status === 'failed') {
      await failSitesImport(db, importId, result.message ?? IMPORT_MSG.interrupted);
      return 'failed';
    }
    await db.transaction(async (m) => {
      if (!(await finishSitesDryRun(m, importId, result.status as 'ready' | 'invalid', result.rows, result.counts)))
        return;
      await progress(m, imp, result.status as 'ready' | 'invalid', result.rows, result.rows);
    });
    log(`sites import ${importId}: ${result.status} ${JSON.stringify(result.counts)}`);
    return result.status;
  } catch (err) {
    log(`sites import ${importId} failed: ${(err as Error).message}`);
    await failSitesImport(db, importId, readFailureMessage(err));
    return 'failed';
  }
}
