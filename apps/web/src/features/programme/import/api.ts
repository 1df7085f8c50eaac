import { PROGRAMME_ROUTES as R, type SitesImportView } from '@portal/domain';
import { call, routeUrl } from '../../../shared/api';
import { fetchWithToken, saveBlob } from '../../../shared/download';
import { DRY_RUN_PAGE_SIZE } from '../../../shared/kit';

export type { SitesImportView };

export const sitesImportKeys = {
  one: (id: string | null) => ['programme', 'import', id ?? ''] as const,
  page: (id: string | null, errorsPage: number) => ['programme', 'import', id ?? '', errorsPage] as const,
};

/** Uploads a programme file; the worker's dry run starts. Superadmins name the company. */
export async function startSitesImport(file: File, companyId?: string): Promise<string> {
  const form = new FormData();
  if (companyId) form.append('companyId', companyId);
  form.append('file', file, file.name);
  const res = await call(R.importStart, undefined, { form, retry: false, silent: true });
  return res.data._id;
}

export async function fetchSitesImport(id: string, errorsPage: number): Promise<SitesImportView> {
  const res = await call(R.importGet, {
    params: { id },
    query: { errorsPage, errorsLimit: DRY_RUN_PAGE_SIZE },
  });
  return res.data;
}

export async function applySitesImport(id: string): Promise<SitesImportView> {
  return (await call(R.importApply, { params: { id } }, { retry: false, silent: true })).data;
}

/** Downloads the programme (CSV or XLSX) through a blob URL: the bearer token never goes into a URL. */
export async function downloadProgramme(format: 'csv' | 'xlsx', companyId?: string): Promise<void> {
  const res = await fetchWithToken(routeUrl(R.export, { query: { format, ...(companyId ? { companyId } : {}) } }));
  if (!res.ok) throw new Error(`Export failed (status ${res.status})`);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `filter-programme.${format}`;
  saveBlob(await res.blob(), name);
}
