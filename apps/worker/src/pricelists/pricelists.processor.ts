import fs from 'node:fs/promises';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { rooms, type JobMap, type OrgActor, type OutboxEvent, type PricelistFormat } from '@portal/contracts';
import { actorFromEvent, commitChange } from '@portal/db';
import { PRICELIST_MSG, priceChangeDayText, pricelistFileName } from '@portal/domain';
import { pricelistFilePath, pricelistStorageName, pricelistsDir, publishRealtime } from '@portal/platform';
import type { BuildProcess } from './build-process';
import {
  claimPricelist,
  failPricelist,
  finishPricelist,
  noticeOfList,
  savePricelistProgress,
  type Claimed,
} from './pricelists.repository';

export interface PricelistsProcessorOptions {
  /** Where the files are built (the worker stops it when it stops). */
  builder: BuildProcess;
  log?: (msg: string) => void;
  /** The office's time zone (`SUPPLIER_TZ`): a notice's email names the day there. */
  timeZone?: string;
}

/**
 * `pricelists` queue: builds one price list in a build process at the lowest CPU priority
 * (`BuildProcess`, `buildPricelist`), relaying its progress (row + socket message, at most every
 * two seconds). The file is written as `<id>.<ext>.part` and renamed when complete; then the row turns
 * 'ready' with its outbox event (notification) and `pricelist.ready` goes to the requester's
 * sockets, all in one transaction.
 * Idempotent: a list that is no longer queued/running is left alone; a re-run starts over.
 */
export function pricelistsProcessor(db: DataSource, filesDir: string, options: PricelistsProcessorOptions) {
  const log = options.log ?? (() => undefined);
  const timeZone = options.timeZone ?? 'America/New_York';
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
      const rows = await options.builder.build({ list: claimed, path: part }, (done, total) =>
        progress(db, claimed, done, total),
      );
      await fs.rename(part, final);
      const { size } = await fs.stat(final);
      const done = await db.transaction(async (m) => {
        if (!(await finishPricelist(m, claimed.id, rows, size, name))) return false;
        await commitChange(m, actorFromEvent(ref.actor), {
          events: [
            { type: 'pricelist.ready', payload: { ...ref, rows } },
            ...(await noticeMail(m, claimed.id, ref.actor, timeZone, { storageName: name, format: claimed.format })),
          ],
        });
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
        await commitChange(m, actorFromEvent(ref.actor), {
          events: [
            { type: 'pricelist.failed', payload: { ...ref, reason: (err as Error).message.slice(0, 300) } },
            // The notice still goes out, without the list.
            ...(await noticeMail(m, claimed.id, ref.actor, timeZone, null)),
          ],
        });
        // The progress bar's last word (progress is not a change: it goes out directly).
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

/**
 * For a list built for a price change's notice: the event that sends the admin the notice email with the
 * list attached (by its storage name), in the transaction that marks the list ready (or failed).
 */
async function noticeMail(
  m: Parameters<typeof noticeOfList>[0],
  pricelistId: string,
  actor: OrgActor,
  timeZone: string,
  file: { storageName: string; format: PricelistFormat } | null,
) {
  const notice = await noticeOfList(m, pricelistId);
  if (!notice) return [];
  return [
    {
      type: 'price_change.notice_list_ready' as const,
      payload: {
        priceChangeId: notice.price_change_id,
        kind: notice.kind,
        companyId: notice.change_company_id,
        companyName: notice.change_company_name,
        effectiveAt: notice.effective_at.toISOString(),
        dayText: priceChangeDayText(notice.effective_at, timeZone),
        recipient: {
          userId: notice.user_id,
          username: notice.username,
          email: notice.email,
          companyId: notice.company_id,
          companyName: notice.company_name,
        },
        list: file
          ? {
              pricelistId,
              storageName: file.storageName,
              format: file.format,
              fileName: pricelistFileName(notice.company_name, null, new Date(notice.created_at), file.format),
            }
          : null,
        actor,
      },
    },
  ];
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
