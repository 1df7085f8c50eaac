import path from 'node:path';

/**
 * Product resources: what may be uploaded and where it lives. Shared by the API (upload,
 * serving) and the worker (checks, thumbnails). Files live under `<FILES_DIR>/catalogue/` with
 * generated names; the original name is only ever data in the database.
 */
export const MAX_CATALOGUE_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_CATALOGUE_FILES_PER_UPLOAD = 20;

export type SniffedKind = 'pdf' | 'png' | 'jpeg' | 'webp';

export const SNIFFED_MIME: Record<SniffedKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** File type by its first bytes only (never by name or declared Content-Type). */
export function sniffFile(head: Buffer): SniffedKind | null {
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

export function kindFromMime(mime: string): SniffedKind | null {
  const entry = Object.entries(SNIFFED_MIME).find(([, m]) => m === mime);
  return entry ? (entry[0] as SniffedKind) : null;
}

/** `<uuid>.<ext>` or `<uuid>.thumb.webp`: the only names ever resolved on disk. */
const STORAGE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.thumb\.webp|\.(pdf|png|jpeg|webp|part))$/;

export function catalogueFilesDir(filesDir: string): string {
  return path.resolve(filesDir, 'catalogue');
}

/** Absolute path of a generated storage name, or null for anything else (no traversal possible). */
export function catalogueFilePath(filesDir: string, storageName: string | null | undefined): string | null {
  if (!storageName || !STORAGE_NAME.test(storageName)) return null;
  return path.join(catalogueFilesDir(filesDir), storageName);
}

export function thumbnailNameFor(storageName: string): string {
  return `${storageName.replace(/\.[a-z]+$/, '')}.thumb.webp`;
}
