/** Catalogue mutations of the edit view (the single-variant calls + the atomic grid save). */
import { CATALOGUE_EDITING_ROUTES as R } from '@portal/domain';
import { apiUrl, call, isApiRequestError, routeUrl, type ApiRequestError } from '../../../shared/api';
import { fetchWithToken } from '../../../shared/download';
import type { EditFile, PriceHistoryEntry, SaveVariantsBody, SaveVariantsResponse, VariantConflict } from './types';

export type SaveOutcome =
  | { kind: 'saved'; response: SaveVariantsResponse }
  | { kind: 'invalid'; message: string | null; errors: Record<string, unknown> | undefined }
  | { kind: 'conflict'; message: string | null; conflicts: VariantConflict[] }
  | { kind: 'failed'; error: unknown };

/**
 * One atomic call for the whole grid. No automatic retry: a retried save that had committed would
 * come back as a conflict. 400 / 409 are answers the grid shows; anything else is a failure.
 */
export async function saveVariants(productId: string, body: SaveVariantsBody): Promise<SaveOutcome> {
  try {
    const response: SaveVariantsResponse = await call(
      R.saveVariants,
      { params: { productId }, body },
      { retry: false, silent: true },
    );
    return { kind: 'saved', response };
  } catch (err) {
    if (isApiRequestError(err)) {
      const b = (err.body ?? {}) as { message?: unknown; errors?: Record<string, unknown>; conflicts?: unknown };
      const message = typeof b.message === 'string' ? b.message : null;
      if (err.status === 400) return { kind: 'invalid', message, errors: b.errors ?? err.errors };
      if (err.status === 409 && Array.isArray(b.conflicts))
        return { kind: 'conflict', message, conflicts: b.conflicts as VariantConflict[] };
    }
    return { kind: 'failed', error: err };
  }
}

/** Failures the global handler owns (session end, CSRF, throttling, server down). */
export function isGlobalFailure(err: unknown): err is ApiRequestError {
  return (
    isApiRequestError(err) &&
    (err.status === 0 || err.status === 401 || err.status === 403 || err.status === 429 || err.status >= 500)
  );
}

type RawFile = Omit<Partial<EditFile>, 'status' | 'reason'> & {
  id?: string;
  status?: string;
  reason?: string | null;
  original_name?: string;
};

export function toEditFile(raw: RawFile): EditFile | null {
  const id = raw._id ?? raw.id;
  if (!id) return null;
  const s = raw.status;
  const status: EditFile['status'] =
    s === 'ready' ? 'ready' : s === 'rejected' ? 'rejected' : s === undefined ? 'ready' : 'processing';
  return {
    _id: id,
    name: raw.name ?? raw.original_name ?? id,
    path: raw.path,
    status,
    reason: raw.reason ?? undefined,
  };
}

/**
 * Multipart `files` (several at once) to a category, sub-category or product. Returns the stored
 * files as the server reports them. Silent: the caller shows a refusal per file (`uploadProblems`).
 */
export async function uploadFiles(ownerId: string, files: readonly File[]): Promise<EditFile[]> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  const body = await call(R.uploadFile, { params: { id: ownerId } }, { form, retry: false, silent: true });
  const data: unknown = body?.data;
  const list: RawFile[] = Array.isArray(data)
    ? (data as RawFile[])
    : Array.isArray((data as { files?: unknown })?.files)
      ? (data as { files: RawFile[] }).files
      : [];
  return list.map((f) => toEditFile({ ...f, status: f.status ?? 'processing' })).filter((f): f is EditFile => !!f);
}

/** The files of one owner as stored (a superadmin also sees files still processing or rejected). */
export async function fetchFiles(ownerId: string, signal?: AbortSignal): Promise<EditFile[]> {
  const body = await call(R.listFiles, { params: { productId: ownerId } }, { signal });
  const list: RawFile[] = Array.isArray(body?.data) ? body.data : [];
  return list.map((f) => toEditFile(f)).filter((f): f is EditFile => !!f);
}

/**
 * Why an upload was refused, per file: the server names each refused file in `errors` (file name →
 * reason); otherwise its message as one line. Nothing of a refused upload is stored.
 */
export function uploadProblems(err: unknown): string[] {
  if (!isApiRequestError(err)) return [];
  const perFile = err.errors ? Object.values(err.errors).filter((m) => typeof m === 'string' && m) : [];
  if (perFile.length) return perFile;
  return err.message ? [err.message] : [];
}

/** Opens a stored file: fetched with the bearer token, shown from a blob URL (no token in URLs). */
export async function openFile(file: EditFile): Promise<void> {
  const url = file.path
    ? file.path.startsWith('/')
      ? file.path
      : apiUrl(file.path)
    : routeUrl(R.file, { params: { fileId: file._id } });
  const res = await fetchWithToken(url);
  if (!res.ok) throw new Error(`Request failed with status ${res.status}`);
  const blob = await res.blob();
  const objectUrl = URL.createObjectURL(blob);
  window.open(objectUrl, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

type RawHistory = Partial<PriceHistoryEntry> & {
  old_list_price?: number | string | null;
  new_list_price?: number | string | null;
  username?: string | null;
  created_at?: string;
};

const money = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

export async function fetchPriceHistory(variantId: string, signal?: AbortSignal): Promise<PriceHistoryEntry[]> {
  const body = await call(R.priceHistory, { params: { variantId } }, { signal });
  const list: RawHistory[] = Array.isArray(body?.data) ? body.data : [];
  return list.map((h) => ({
    _id: h._id,
    old_price: money(h.old_price ?? h.old_list_price),
    new_price: money(h.new_price ?? h.new_list_price),
    changed_by: h.changed_by ?? h.username ?? null,
    changed_at: h.changed_at ?? h.created_at ?? '',
  }));
}
