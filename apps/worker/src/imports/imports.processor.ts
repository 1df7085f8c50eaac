import type { Job } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { rooms, type ClientEventMap, type EventMap, type JobMap } from '@portal/contracts';
import { IMPORT_MSG } from '@portal/domain';
import { commitChange, isUniqueViolation, type Actor, type AuditSelect } from '@portal/db';
import { importFilePath, publishRealtime } from '@portal/platform';
import { importRows, readFailureMessage, throttled } from './sheet-source';
import { failSitesImport, runSitesDryRun } from './sites-import.processor';
import { DryRun, type DryRunResult } from './dry-run';
import {
  applyAudit,
  clearStaging,
  countChanges,
  deleteAndUpdateVariants,
  failImport,
  finishApply,
  finishDryRun,
  insertVariantsAndHistory,
  applyImportAliases,
  loadImport,
  lockAndFindStale,
  placeProducts,
  saveProgress,
  transitionImport,
  type ImportRow,
} from './imports.repository';

type Status = ClientEventMap['import.progress']['status'];
type Finished = EventMap['catalogue.import_finished'];

/** Thrown inside the apply transaction to roll everything back and end as 'conflict'. */
class StaleImport extends Error {
  constructor(readonly partNumbers: string[]) {
    super('stale import');
  }
}

/** The superadmin who started the import (ip unknown: the worker finishes what they started). */
function starter(imp: ImportRow): Actor {
  return {
    id: imp.started_by,
    username: imp.started_by_name,
    email: imp.started_by_email,
    role: 'superadmin',
    ip: null,
  };
}

async function progress(q: DataSource | EntityManager, id: string, status: Status, done: number, total: number) {
  await publishRealtime(q, rooms.role('superadmin'), 'import.progress', { id, status, done, total });
}

/**
 * Commits the end of a phase: `catalogue.import_finished` (notification, email; an applied import
 * also refreshes every open catalogue) and, for an apply, its audit entries.
 */
async function finishChange(
  m: EntityManager,
  imp: ImportRow,
  e: Omit<Finished, 'importId' | 'fileName' | 'actor'>,
  audit?: AuditSelect,
) {
  await commitChange(m, starter(imp), {
    events: [{ type: 'catalogue.import_finished', payload: { importId: imp.id, fileName: imp.file_name, ...e } }],
    audit,
  });
}

/**
 * How often an import job may be found stalled (its worker died while running it) and run again;
 * the queue's `maxStalledCount` for imports is this, so the run after the last stall ends the
 * import `failed` (`failAbandonedImport`) instead of leaving it `validating`.
 */
export const IMPORT_MAX_STALLS = 2;

/**
 * A job the queue gave up on without the processor finishing it (its worker died while running it,
 * more often than the queue retries a stalled job): the import ends `failed` with a reason, and its
 * starter is told. Nothing happens to an import that already finished.
 */
export async function failAbandonedImport(db: DataSource, importId: string, action: 'validate' | 'apply') {
  const imp = await loadImport(db, importId);
  if (!imp || !['queued', 'validating', 'applying'].includes(imp.status)) return false;
  await failAndTell(db, imp, action === 'apply' ? 'apply' : 'dry_run', IMPORT_MSG.interrupted);
  return true;
}

/** Ends the import `failed` with `message`: the starter is notified and superadmins' screens update. */
async function failAndTell(db: DataSource, imp: ImportRow, phase: Finished['phase'], message: string): Promise<void> {
  await db.transaction(async (m) => {
    if (!(await failImport(m, imp.id, message))) return;
    await finishChange(m, imp, {
      phase,
      status: 'failed',
      counts: {
        create: imp.create_count,
        update: imp.update_count,
        unchanged: imp.unchanged_count,
        delete: imp.delete_count,
        errors: imp.error_count,
      },
      message,
    });
    await progress(m, imp.id, 'failed', 0, imp.total_rows);
  });
}

/**
 * `imports` queue. validate: the dry run (status queued → validating → ready | invalid | failed).
 * apply: one transaction over the staged changes (applying → applied | conflict | failed). Both end
 * with `catalogue.import_finished` (notification + email to the starter) and live `import.progress`.
 */
export function importsProcessor(
  db: DataSource,
  filesDir: string,
  log: (msg: string) => void = () => undefined,
  options: { readStallMs?: number; now?: () => Date } = {},
) {
  const fail = (imp: ImportRow, phase: Finished['phase'], message: string) => failAndTell(db, imp, phase, message);

  async function validate(id: string): Promise<string> {
    if (!(await transitionImport(db, id, ['queued', 'validating'], 'validating'))) return 'skipped';
    const imp = (await loadImport(db, id))!;
    await clearStaging(db, id);
    await progress(db, id, 'validating', 0, imp.total_rows);
    const file = importFilePath(filesDir, imp.storage_name);
    if (!file) {
      await fail(imp, 'dry_run', 'The uploaded file is missing');
      return 'failed';
    }
    let result: DryRunResult;
    try {
      const rows = importRows(file, imp.format, options.readStallMs);
      result = await new DryRun(
        db,
        imp,
        file,
        throttled(async (done) => {
          await saveProgress(db, id, done, imp.total_rows);
          await progress(db, id, 'validating', done, Math.max(imp.total_rows, done));
        }),
        rows,
      ).run();
    } catch (err) {
      const message = readFailureMessage(err);
      log(`import ${id} failed: ${(err as Error).message}`);
      await fail(imp, 'dry_run', message);
      return 'failed';
    }
    if (result.status === 'failed') {
      await fail(imp, 'dry_run', result.message ?? 'The import failed');
      return 'failed';
    }
    await db.transaction(async (m) => {
      const c = result.counts;
      if (!(await finishDryRun(m, id, result.status, c, result.rows, result.message))) return;
      await finishChange(m, imp, {
        phase: 'dry_run',
        status: result.status as 'ready' | 'invalid',
        counts: c,
        message: null,
      });
      await progress(m, id, result.status, result.rows, result.rows);
    });
    return result.status;
  }

  async function apply(id: string): Promise<string> {
    const imp = await loadImport(db, id);
    if (!imp || imp.status !== 'applying') return 'skipped';
    const total = imp.create_count + imp.update_count + imp.delete_count;
    await progress(db, id, 'applying', 0, total);
    try {
      const counts = await db.transaction(async (m) => {
        const stale = await lockAndFindStale(m, id);
        if (stale.length) throw new StaleImport(stale);
        const planned = await countChanges(m, id);
        await placeProducts(m, id);
        const { deleted, updated } = await deleteAndUpdateVariants(m, id);
        // Every staged row must land: a version that moved in between means nothing is written.
        if (deleted !== planned.delete || updated !== planned.update) throw new StaleImport([]);
        await insertVariantsAndHistory(m, id, imp.started_by, imp.started_by_name);
        await applyImportAliases(m, id, imp.started_by);
        if (!(await finishApply(m, id, 'applied', null, total))) throw new Error('import is no longer applying');
        const counts = {
          create: planned.create,
          update: planned.update,
          unchanged: imp.unchanged_count,
          delete: planned.delete,
          errors: 0,
        };
        // The catalogue version moves by trigger at commit; the audit entries go in the same transaction.
        await finishChange(m, imp, { phase: 'apply', status: 'applied', counts, message: null }, applyAudit(id, total));
        await progress(m, id, 'applied', total, total);
        return counts;
      });
      log(`import ${id} applied: ${JSON.stringify(counts)}`);
      return 'applied';
    } catch (err) {
      if (!(err instanceof StaleImport) && !isUniqueViolation(err)) {
        log(`import ${id} apply failed: ${(err as Error).message}`);
        await fail(imp, 'apply', 'The import could not be applied. Nothing was changed.');
        return 'failed';
      }
      const pns = err instanceof StaleImport ? err.partNumbers : [];
      const message = pns.length ? `${IMPORT_MSG.conflict} Changed: ${pns.join(', ')}` : IMPORT_MSG.conflict;
      await db.transaction(async (m) => {
        if (!(await finishApply(m, id, 'conflict', message, 0))) return;
        await finishChange(m, imp, {
          phase: 'apply',
          status: 'conflict',
          counts: {
            create: imp.create_count,
            update: imp.update_count,
            unchanged: imp.unchanged_count,
            delete: imp.delete_count,
            errors: 0,
          },
          message,
        });
        await progress(m, id, 'conflict', 0, total);
      });
      return 'conflict';
    }
  }

  return async (job: Job<JobMap['imports']>): Promise<string> => {
    const { importId, action } = job.data;
    // Its worker died while running it, again: whatever the cause, it is not tried a third time.
    if ((job.stalledCounter ?? 0) >= IMPORT_MAX_STALLS) {
      log(`import ${importId} (${action}) was interrupted ${job.stalledCounter} times: failed`);
      if (action === 'sites_validate')
        return (await failSitesImport(db, importId, IMPORT_MSG.interrupted)) ? 'failed' : 'skipped';
      return (await failAbandonedImport(db, importId, action)) ? 'failed' : 'skipped';
    }
    if (action === 'sites_validate') return runSitesDryRun(db, filesDir, importId, { ...options, log });
    try {
      return action === 'apply' ? await apply(importId) : await validate(importId);
    } catch (err) {
      log(`import ${importId} (${action}) failed: ${(err as Error).message}`);
      const imp = await loadImport(db, importId);
      if (imp) await fail(imp, action === 'apply' ? 'apply' : 'dry_run', 'The import failed. Nothing was changed.');
      return 'failed';
    }
  };
}
