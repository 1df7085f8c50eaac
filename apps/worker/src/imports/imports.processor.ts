import type { Job } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { rooms, type ClientEventMap, type EventMap, type JobMap, type OrgActor } from '@portal/contracts';
import { IMPORT_MSG, MAX_XLSX_INFLATED_BYTES } from '@portal/domain';
import { publishEvent, returnedRows } from '@portal/db';
import { ZipRejected, checkXlsxArchive, importFilePath, publishRealtime } from '@portal/platform';
import { DryRun, type DryRunResult } from './dry-run';
import {
  AUDIT_APPLY_SQL,
  CLEAR_STAGING_SQL,
  COUNT_CHANGES_SQL,
  DELETE_VARIANTS_SQL,
  FAIL_SQL,
  FINISH_APPLY_SQL,
  FINISH_DRY_RUN_SQL,
  IMPORT_SQL,
  INSERT_PRODUCTS_SQL,
  INSERT_VARIANTS_SQL,
  LOCK_PRODUCTS_SQL,
  PRICE_HISTORY_CREATES_SQL,
  PRICE_HISTORY_UPDATES_SQL,
  PROGRESS_SQL,
  RESOLVE_PRODUCTS_SQL,
  STALE_ROWS_SQL,
  TOUCH_PRODUCTS_SQL,
  TRANSITION_SQL,
  UPDATE_VARIANTS_SQL,
  type ImportRow,
} from './imports.sql';

type Status = ClientEventMap['import.progress']['status'];
type Finished = EventMap['catalogue.import_finished'];

/** Thrown inside the apply transaction to roll everything back and end as 'conflict'. */
class StaleImport extends Error {
  constructor(readonly partNumbers: string[]) {
    super('stale import');
  }
}

function actorOf(imp: ImportRow): OrgActor {
  return { id: imp.started_by ?? '', username: imp.started_by_name, email: imp.started_by_email, role: 'superadmin' };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return e?.code === '23505' || e?.driverError?.code === '23505';
}

async function progress(q: DataSource | EntityManager, id: string, status: Status, done: number, total: number) {
  await publishRealtime(q, rooms.role('superadmin'), 'import.progress', { id, status, done, total });
}

async function finishEvent(m: EntityManager, imp: ImportRow, e: Omit<Finished, 'importId' | 'fileName' | 'actor'>) {
  await publishEvent(
    m,
    'catalogue.import_finished',
    { importId: imp.id, fileName: imp.file_name, actor: actorOf(imp), ...e },
    imp.started_by,
  );
}

/**
 * `imports` queue. validate: the dry run (status queued → validating → ready | invalid | failed).
 * apply: one transaction over the staged changes (applying → applied | conflict | failed). Both end
 * with `catalogue.import_finished` (notification + email to the starter) and live `import.progress`.
 */
export function importsProcessor(db: DataSource, filesDir: string, log: (msg: string) => void = () => undefined) {
  async function load(id: string): Promise<ImportRow | undefined> {
    const rows: ImportRow[] = await db.query(IMPORT_SQL, [id]);
    return rows[0];
  }

  async function fail(imp: ImportRow, phase: Finished['phase'], message: string): Promise<void> {
    await db.transaction(async (m) => {
      const done = returnedRows(await m.query(FAIL_SQL, [imp.id, message]));
      if (!done.length) return;
      await finishEvent(m, imp, {
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

  async function validate(id: string): Promise<string> {
    const started = returnedRows(await db.query(TRANSITION_SQL, [id, ['queued', 'validating'], 'validating']));
    if (!started.length) return 'skipped';
    const imp = (await load(id))!;
    for (const sql of CLEAR_STAGING_SQL) await db.query(sql, [id]);
    await progress(db, id, 'validating', 0, imp.total_rows);
    const file = importFilePath(filesDir, imp.storage_name);
    if (!file) {
      await fail(imp, 'dry_run', 'The uploaded file is missing');
      return 'failed';
    }
    let result: DryRunResult;
    try {
      if (imp.format === 'xlsx') await checkXlsxArchive(file, MAX_XLSX_INFLATED_BYTES);
      let last = 0;
      result = await new DryRun(db, imp, file, async (done) => {
        const now = Date.now();
        if (now - last < 250) return;
        last = now;
        await db.query(PROGRESS_SQL, [id, done, imp.total_rows]);
        await progress(db, id, 'validating', done, Math.max(imp.total_rows, done));
      }).run();
    } catch (err) {
      const message =
        err instanceof ZipRejected
          ? err.reason === 'bomb'
            ? IMPORT_MSG.zipBomb
            : IMPORT_MSG.badType
          : `The file could not be read: ${(err as Error).message.slice(0, 200)}`;
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
      const done = returnedRows(
        await m.query(FINISH_DRY_RUN_SQL, [
          id,
          result.status,
          c.create,
          c.update,
          c.unchanged,
          c.delete,
          c.errors,
          result.rows,
          result.message,
        ]),
      );
      if (!done.length) return;
      await finishEvent(m, imp, {
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
    const imp = await load(id);
    if (!imp || imp.status !== 'applying') return 'skipped';
    const total = imp.create_count + imp.update_count + imp.delete_count;
    await progress(db, id, 'applying', 0, total);
    try {
      const counts = await db.transaction(async (m) => {
        await m.query(LOCK_PRODUCTS_SQL, [id]);
        const stale: { part_number: string }[] = await m.query(STALE_ROWS_SQL, [id]);
        if (stale.length) throw new StaleImport(stale.map((s) => s.part_number));
        const planned: { create: number; update: number; delete: number }[] = await m.query(COUNT_CHANGES_SQL, [id]);
        await m.query(RESOLVE_PRODUCTS_SQL, [id]);
        await m.query(INSERT_PRODUCTS_SQL, [id]);
        const deleted = returnedRows(await m.query(DELETE_VARIANTS_SQL, [id])).length;
        const updated = returnedRows(await m.query(UPDATE_VARIANTS_SQL, [id])).length;
        // Every staged row must land: a version that moved in between means nothing is written.
        if (deleted !== planned[0].delete || updated !== planned[0].update) throw new StaleImport([]);
        await m.query(INSERT_VARIANTS_SQL, [id]);
        await m.query(PRICE_HISTORY_UPDATES_SQL, [id, imp.started_by, imp.started_by_name]);
        await m.query(PRICE_HISTORY_CREATES_SQL, [id, imp.started_by, imp.started_by_name]);
        await m.query(TOUCH_PRODUCTS_SQL, [id]);
        // The catalogue version moves by trigger at commit; the audit entries are written here, in the same transaction.
        await m.query(AUDIT_APPLY_SQL, [id, imp.started_by, imp.started_by_name]);
        await publishRealtime(m, rooms.role('superadmin'), 'audit.created', {
          count: total + 1,
          entities: ['variant', 'catalogue_import'],
        });
        const ok = returnedRows(await m.query(FINISH_APPLY_SQL, [id, 'applied', null, total]));
        if (!ok.length) throw new Error('import is no longer applying');
        const counts = {
          create: planned[0].create,
          update: planned[0].update,
          unchanged: imp.unchanged_count,
          delete: planned[0].delete,
          errors: 0,
        };
        await finishEvent(m, imp, { phase: 'apply', status: 'applied', counts, message: null });
        const roleRooms = ['superadmin', 'admin', 'employee'].map((role) => rooms.role(role));
        await publishRealtime(m, roleRooms, 'catalogue.changed', {
          categoryId: null,
          productId: null,
          kind: 'catalogue',
        });
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
        const ok = returnedRows(await m.query(FINISH_APPLY_SQL, [id, 'conflict', message, 0]));
        if (!ok.length) return;
        await finishEvent(m, imp, {
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
    try {
      return action === 'apply' ? await apply(importId) : await validate(importId);
    } catch (err) {
      log(`import ${importId} (${action}) failed: ${(err as Error).message}`);
      const imp = await load(importId);
      if (imp) await fail(imp, action === 'apply' ? 'apply' : 'dry_run', 'The import failed. Nothing was changed.');
      return 'failed';
    }
  };
}
