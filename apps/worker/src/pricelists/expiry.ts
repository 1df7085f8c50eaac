import fs from 'node:fs/promises';
import type { DataSource } from 'typeorm';
import { pricelistFilePath, pricelistIdOf, pricelistsDir } from '@portal/platform';
import { deletePricelists, existingPricelistIds, expiredPricelists } from './pricelists.repository';

const BATCH = 500;
/** A file without a row is removed only when this old, so a list being written is never touched. */
const ORPHAN_AGE_MS = 24 * 3600 * 1000;

/**
 * Removes expired price lists: their files first, then their rows (a crash in between leaves a row
 * whose file is gone — the next sweep deletes it). Also removes files whose row no longer exists
 * (the requester or the company was deleted). Safe to run on several workers at once.
 */
export async function sweepPricelists(db: DataSource, filesDir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await expiredPricelists(db, BATCH);
    if (!expired.length) break;
    for (const e of expired) {
      for (const name of [e.storage_name, `${e.id}.${e.format}.part`]) {
        const file = pricelistFilePath(filesDir, name);
        if (file) await fs.rm(file, { force: true });
      }
    }
    await deletePricelists(
      db,
      expired.map((e) => e.id),
    );
    removed += expired.length;
    if (expired.length < BATCH) break;
  }
  const dir = pricelistsDir(filesDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const byId = new Map<string, string[]>();
  for (const n of names) {
    const id = pricelistIdOf(n);
    if (id) byId.set(id, [...(byId.get(id) ?? []), n]);
  }
  if (byId.size) {
    const live = await existingPricelistIds(db, [...byId.keys()]);
    for (const [id, files] of byId) {
      if (live.has(id)) continue;
      for (const n of files) {
        const file = pricelistFilePath(filesDir, n)!;
        const stat = await fs.stat(file).catch(() => null);
        if (stat && now - stat.mtimeMs >= ORPHAN_AGE_MS) await fs.rm(file, { force: true });
      }
    }
  }
  return removed;
}
