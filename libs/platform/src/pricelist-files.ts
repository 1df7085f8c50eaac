import path from 'node:path';
import type { PricelistFormat } from '@portal/contracts';

/**
 * Price-list files live under `<FILES_DIR>/pricelists/` (outside any web root) with generated names
 * `<pricelist id>.<format>`; a file being written is `<id>.<format>.part` until it is complete.
 */
export const PRICELIST_MIME: Record<PricelistFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(csv|xlsx|pdf)(\.part)?$/;

export function pricelistsDir(filesDir: string): string {
  return path.resolve(filesDir, 'pricelists');
}

export function pricelistStorageName(id: string, format: PricelistFormat): string {
  return `${id.toLowerCase()}.${format}`;
}

/** Absolute path of a generated name, or null for anything else (no traversal possible). */
export function pricelistFilePath(filesDir: string, storageName: string | null | undefined): string | null {
  if (!storageName || !NAME.test(storageName)) return null;
  return path.join(pricelistsDir(filesDir), storageName);
}

/** The id a stored name belongs to (for sweeping files whose row is gone). */
export function pricelistIdOf(storageName: string): string | null {
  return NAME.test(storageName) ? storageName.slice(0, 36) : null;
}
