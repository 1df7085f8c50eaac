import fs from 'node:fs/promises';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { rooms, type JobMap, type OutboxEvent } from '@portal/contracts';
import { publishEvent } from '@portal/db';
import { PRICELIST_MSG, percentageForProductLine, sortCategories } from '@portal/domain';
import { pricelistFilePath, pricelistStorageName, pricelistsDir, publishRealtime } from '@portal/platform';
import {
  beginSnapshot,
  claimPricelist,
  countPricelistRows,
  endSnapshot,
  failPricelist,
  fetchRows,
  finishPricelist,
  lastCatalogueChange,
  openRowsCursor,
  pricelistCategories,
  savePricelistProgress,
  type Claimed,
  type RowsParams,
} from './pricelists.repository';
import { createRowWriter } from './writers';

/** Rows per cursor fetch: memory stays flat whatever the catalogue size. */
const FETCH_ROWS = 1000;
/** At most one progress update (row + socket message) per interval. */
const PROGRESS_MS = 1000;

export interface PricelistsProcessorOptions {
  log?: (msg: string) => void;
}

/**
 * `pricelists` queue: builds one price list. Rows stream from a server-side cursor (one consistent
 * snapshot) into the file writer, so memory does not grow with the catalogue. The file is written as
 * `<id>.<ext>.part` and renamed when complete; then the row turns 'ready' with its outbox event
 * (notification) and `pricelist.ready` goes to the requester's sockets, all in one transaction.
 * Idempotent: a list that is no longer queued/running is left alone; a re-run starts over.
 */
export function pricelistsProcessor(db: DataSource, filesDir: string, options: PricelistsProcessorOptions = {}) {
  const log = options.log ?? (() => undefined);
  return async (job: Job<JobMap['pricelists']>): Promise<'ready' | 'failed' | 'skipped'> => {
    const event = job.data.event as OutboxEvent<'pricelist.requested'>;
    if (event.type !== 'pricelist.requested') throw new Error(`pricelists queue cannot handle ${event.type}`);
    const ref = event.payload;
    const claimed = await claimPricelist(db, ref.pricelistId);
    if (!claimed) return 'skipped';
    const dir = pricelistsDir(filesDir);
    const name = pricelistStorageName(claimed.id, claimed.format);
    const final = pricelistFilePath(filesDir, name)!;
    const part = `${final}.part`;
    try {
      await fs.mkdir(dir, { recursive: true });
      const rows = await build(db, claimed, part);
      await fs.rename(part, final);
      const { size } = await fs.stat(final);
      const done = await db.transaction(async (m) => {
        if (!(await finishPricelist(m, claimed.id, rows, size, name))) return false;
        await publishEvent(m, 'pricelist.ready', { ...ref, rows }, ref.actor.id);
        await publishRealtime(m, rooms.user(claimed.requested_by), 'pricelist.ready', { _id: claimed.id });
        return true;
      });
      // Removed (expired, user deleted) while it was being built: nobody can download it.
      if (!done) await fs.rm(final, { force: true });
      return done ? 'ready' : 'skipped';
    } catch (err) {
      await fs.rm(part, { force: true }).catch(() => undefined);
      const attempts = job.opts.attempts ?? 1;
      log(`price list ${claimed.id} failed (attempt ${job.attemptsMade + 1}/${attempts}): ${(err as Error).message}`);
      if (job.attemptsMade + 1 < attempts) throw err;
      await db.transaction(async (m) => {
        const failed = await failPricelist(m, claimed.id, PRICELIST_MSG.failed);
        if (!failed) return;
        await publishEvent(
          m,
          'pricelist.failed',
          { ...ref, reason: (err as Error).message.slice(0, 300) },
          ref.actor.id,
        );
        await publishRealtime(m, rooms.user(claimed.requested_by), 'pricelist.progress', {
          _id: claimed.id,
          status: 'failed',
          rows: failed.rows,
          total: failed.total,
        });
      });
      return 'failed';
    }
  };
}

/** Writes the file; returns the number of rows. */
async function build(db: DataSource, list: Claimed, path: string): Promise<number> {
  const runner = db.createQueryRunner();
  await runner.connect();
  let open = false;
  try {
    const snapshot = runner.manager;
    await beginSnapshot(snapshot);
    open = true;
    const categories = sortCategories(await pricelistCategories(snapshot, list.scope_id));
    const params: RowsParams = [
      categories.map((c) => c.id),
      categories.map((c) => String(percentageForProductLine(c.product_line, list))),
      list.scope === 'subcategory' ? list.scope_id : null,
    ];
    const total = await countPricelistRows(snapshot, params);
    const changed_at = await lastCatalogueChange(snapshot);
    await progress(db, list, 0, total);
    await openRowsCursor(snapshot, params);
    const writer = createRowWriter(list.format, path, {
      companyName: list.company_name,
      scopeName: list.scope_name,
      generatedAt: new Date(),
      catalogueChangedAt: changed_at ? new Date(changed_at) : null,
    });
    let written = 0;
    let reported = Date.now();
    try {
      for (;;) {
        const batch = await fetchRows(snapshot, FETCH_ROWS);
        if (!batch.length) break;
        for (const row of batch) await writer.write(row);
        written += batch.length;
        if (Date.now() - reported >= PROGRESS_MS) {
          reported = Date.now();
          await progress(db, list, written, total);
        }
      }
      await writer.end();
    } catch (err) {
      writer.abort();
      throw err;
    }
    await endSnapshot(snapshot, 'COMMIT');
    open = false;
    return written;
  } finally {
    if (open) await endSnapshot(runner.manager, 'ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}

async function progress(db: DataSource, list: Claimed, rows: number, total: number): Promise<void> {
  await savePricelistProgress(db, list.id, rows, total);
  await publishRealtime(db, rooms.user(list.requested_by), 'pricelist.progress', {
    _id: list.id,
    status: 'running',
    rows,
    total,
  });
}
