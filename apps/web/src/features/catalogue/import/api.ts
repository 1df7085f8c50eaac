/** Catalogue spreadsheets: export download, import preview / start / status / apply. Paths relative to /api. */
import type { ImportColumn, ImportStatus } from '@portal/domain';
import { api, apiUrl } from '../../../shared/api';
import { fetchWithToken, saveBlob } from '../../../shared/download';

const enc = encodeURIComponent;

export interface ImportPreview {
  format: 'csv' | 'xlsx';
  headers: string[];
  mapping: Record<string, ImportColumn | null>;
  missing: ImportColumn[];
  rows: number;
}

export interface ImportErrorRow {
  row: number;
  column: string;
  message: string;
}

export interface ImportChange {
  row: number | null;
  part_number: string;
  kind: 'create' | 'update' | 'delete';
  fields: Record<string, { from: string | null; to: string | null }>;
}

export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  delete: number;
  errors: number;
}

export interface ImportView {
  _id: string;
  status: ImportStatus;
  file_name: string;
  message: string | null;
  done: number;
  total: number;
  counts: ImportCounts;
  errors: ImportErrorRow[];
  errors_total: number;
  changes: ImportChange[];
  changes_total: number;
}

function fileForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name);
  return form;
}

export async function previewImport(file: File): Promise<ImportPreview> {
  const body = await api.post<{ data: ImportPreview }>('catalogue/imports/preview', fileForm(file), {
    retry: false,
    silent: true,
  });
  return body.data;
}

export async function startImport(
  file: File,
  mapping: Record<string, ImportColumn | null>,
  deleteMissing: boolean,
): Promise<string> {
  const fields: Record<string, string> = { mapping: JSON.stringify(mapping) };
  if (deleteMissing) fields.deleteMissing = 'true';
  const body = await api.post<{ data: { _id: string } }>('catalogue/imports', fileForm(file, fields), {
    retry: false,
    silent: true,
  });
  return body.data._id;
}

export async function fetchImport(id: string, page: number, errorsPage: number, limit: number): Promise<ImportView> {
  const body = await api.get<{ data: ImportView }>(
    `catalogue/imports/${enc(id)}?page=${page}&limit=${limit}&errorsPage=${errorsPage}&errorsLimit=${limit}`,
  );
  return body.data;
}

export async function applyImport(id: string): Promise<void> {
  await api.post(`catalogue/imports/${enc(id)}/apply`, undefined, { retry: false, silent: true });
}

/** Downloads an export through a blob URL (the bearer token never goes into a URL). */
export async function downloadExport(format: 'csv' | 'xlsx', catalogueId: string | null): Promise<void> {
  const res = await fetchWithToken(apiUrl('catalogue/export', { format, catalogueId }));
  if (!res.ok) throw new Error(`Export failed (status ${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `catalogue.${format}`;
  saveBlob(await res.blob(), name);
}

/** "Apply on…": the dry run's list prices (and the rest of it) take effect at `effectiveAt` (a scheduled price change). */
export async function scheduleImport(id: string, effectiveAt: string, noticeDays: number): Promise<{ _id: string }> {
  const res = await api.post<{ data: { _id: string } }>(
    'price-changes',
    { kind: 'list_prices', import_id: id, effective_at: effectiveAt, notice_days: noticeDays },
    { retry: false, silent: true },
  );
  return res.data;
}
