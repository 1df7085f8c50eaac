import fs from 'node:fs/promises';
import type { Job } from 'bullmq';
import type sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { JobMap } from '@portal/contracts';
import { commitChange, SYSTEM_ACTOR } from '@portal/db';
import { findFile, finishFile, type FileRow } from './files.repository';
import { catalogueFilePath, kindFromMime, sniffFile, thumbnailNameFor } from '@portal/platform';

export const THUMBNAIL_SIZE = 320;

type Outcome = { status: 'ready'; thumbnail: string | null } | { status: 'rejected'; reason: string };

/** Content checks of one stored upload; images also get a WebP thumbnail next to the original. */
async function check(filesDir: string, f: FileRow): Promise<Outcome> {
  const file = catalogueFilePath(filesDir, f.storage_name);
  const declared = kindFromMime(f.mime);
  if (!file || !declared) return { status: 'rejected', reason: 'Unknown stored file' };
  let buf: Buffer;
  try {
    buf = await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'rejected', reason: 'The file is missing' };
    throw err;
  }
  if (sniffFile(buf.subarray(0, 64)) !== declared) {
    return { status: 'rejected', reason: 'The file content does not match a PDF, PNG, JPEG or WebP file' };
  }
  if (declared === 'pdf') {
    const tail = buf.subarray(Math.max(0, buf.length - 2048)).toString('latin1');
    if (!tail.includes('%%EOF')) return { status: 'rejected', reason: 'The PDF is incomplete or damaged' };
    const text = buf.toString('latin1');
    if (/\/(JavaScript|JS|Launch|EmbeddedFile)\b/.test(text)) {
      return { status: 'rejected', reason: 'PDFs with scripts, launch actions or embedded files are not accepted' };
    }
    return { status: 'ready', thumbnail: null };
  }
  try {
    // sharp (libvips) is loaded with the first image: a worker that never gets one does without it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy (above)
    const image = (require('sharp') as typeof sharp)(buf, { limitInputPixels: 100_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) return { status: 'rejected', reason: 'The image could not be read' };
    const thumb = await image
      .rotate()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const name = thumbnailNameFor(f.storage_name!);
    await fs.writeFile(catalogueFilePath(filesDir, name)!, thumb, { mode: 0o640 });
    return { status: 'ready', thumbnail: name };
  } catch (err) {
    return { status: 'rejected', reason: `The image could not be read (${(err as Error).message.slice(0, 120)})` };
  }
}

/**
 * `files` queue: checks an upload by content, makes the thumbnail, marks the row 'ready' or
 * 'rejected' + reason and pushes `file.processed` (superadmins) and `catalogue.changed` (everyone,
 * no prices). Idempotent: a file no longer 'processing' is left alone.
 */
export function filesProcessor(db: DataSource, filesDir: string) {
  return async (job: Job<JobMap['files']>): Promise<'ready' | 'rejected' | 'skipped'> => {
    const f = await findFile(db, job.data.fileId);
    if (!f || f.status !== 'processing') return 'skipped';
    const outcome = await check(filesDir, f);
    const applied = await db.transaction(async (m) => {
      const row = await finishFile(m, f.id, {
        status: outcome.status,
        reason: outcome.status === 'rejected' ? outcome.reason : null,
        thumbnail: outcome.status === 'ready' ? outcome.thumbnail : null,
      });
      if (!row) return false;
      await commitChange(m, SYSTEM_ACTOR, {
        events: [
          {
            type: 'catalogue.file_processed',
            payload: {
              fileId: f.id,
              status: outcome.status,
              ...(outcome.status === 'rejected' ? { reason: outcome.reason } : {}),
              categoryId: row.category_id,
              productId: f.owner_type === 'product' ? f.owner_id : null,
            },
          },
        ],
      });
      return true;
    });
    if (outcome.status === 'rejected' || !applied) {
      // A rejected upload is never served: drop its bytes (the row keeps name and reason).
      const stored = catalogueFilePath(filesDir, f.storage_name);
      if (stored && outcome.status === 'rejected') await fs.rm(stored, { force: true });
      if (!applied && outcome.status === 'ready' && outcome.thumbnail) {
        await fs.rm(catalogueFilePath(filesDir, outcome.thumbnail)!, { force: true });
      }
    }
    return applied ? outcome.status : 'skipped';
  };
}
