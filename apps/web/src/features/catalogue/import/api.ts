/** Catalogue spreadsheets: export download, import preview / start / status / apply. */
import { CATALOGUE_IMPORT_ROUTES, PRICE_CHANGE_ROUTES, type ImportColumn } from '@portal/domain';
import { call, routeUrl, type RouteData } from '../../../shared/api';
import { fetchWithToken, saveBlob } from '../../../shared/download';

export type ImportPreview = RouteData<typeof CATALOGUE_IMPORT_ROUTES.preview>;
export type ImportView = RouteData<typeof CATALOGUE_IMPORT_ROUTES.get>;
export type ImportChange = ImportView['changes'][number];
export type ImportErrorRow = ImportView['errors'][number];
export type ImportCounts = ImportView['counts'];

function fileForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name);
  return form;
}

export async function previewImport(file: File): Promise<ImportPreview> {
  const body = await call(CATALOGUE_IMPORT_ROUTES.preview, {}, { form: fileForm(file), retry: false, silent: true });
  return body.data;
}

export async function startImport(
  file: File,
  mapping: Record<string, ImportColumn | null>,
  deleteMissing: boolean,
): Promise<string> {
  const fields: Record<string, string> = { mapping: JSON.stringify(mapping) };
  if (deleteMissing) fields.deleteMissing = 'true';
  const body = await call(
    CATALOGUE_IMPORT_ROUTES.start,
    {},
    { form: fileForm(file, fields), retry: false, silent: true },
  );
  return body.data._id;
}

export async function fetchImport(id: string, page: number, errorsPage: number, limit: number): Promise<ImportView> {
  const body = await call(CATALOGUE_IMPORT_ROUTES.get, {
    params: { id },
    query: { page, limit, errorsPage, errorsLimit: limit },
  });
  return body.data;
}

export async function applyImport(id: string): Promise<void> {
  await call(CATALOGUE_IMPORT_ROUTES.apply, { params: { id } }, { retry: false, silent: true });
}

/** Downloads an export through a blob URL (the bearer token never goes into a URL). */
export async function downloadExport(format: 'csv' | 'xlsx', catalogueId: string | null): Promise<void> {
  const res = await fetchWithToken(
    routeUrl(CATALOGUE_IMPORT_ROUTES.export, { query: { format, ...(catalogueId ? { catalogueId } : {}) } }),
  );
  if (!res.ok) throw new Error(`Export failed (status ${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `catalogue.${format}`;
  saveBlob(await res.blob(), name);
}

/** "Apply on…": the dry run's list prices (and the rest of it) take effect at `effectiveAt` (a scheduled price change). */
export async function scheduleImport(id: string, effectiveAt: string, noticeDays: number): Promise<{ _id: string }> {
  const res = await call(
    PRICE_CHANGE_ROUTES.create,
    { body: { kind: 'list_prices', import_id: id, effective_at: effectiveAt, notice_days: noticeDays } },
    { retry: false, silent: true },
  );
  return res.data;
}
