import type { RouteEntry } from '@portal/domain';
import { ApiRequestError, routeUrl, type CallInput } from '../api';
import { getStoredToken } from '../storage';

/** GET with the bearer token in a header: a plain link cannot send it, and a token never goes into a URL. */
export function fetchWithToken(url: string): Promise<Response> {
  const token = getStoredToken();
  return fetch(url, { credentials: 'same-origin', headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** Saves a blob under `fileName` through a temporary link (its URL is freed a minute later). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GETs a file route of the table with the bearer token; a refusal rejects with the API's message. */
export async function fetchRouteFile<E extends RouteEntry>(
  route: E,
  input: Partial<CallInput<E>> = {},
  fallbackMessage?: string,
): Promise<Blob> {
  const res = await fetchWithToken(routeUrl(route, input));
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiRequestError(
      res.status,
      body?.message ?? fallbackMessage ?? `Request failed with status ${res.status}`,
      body,
    );
  }
  return res.blob();
}

/** Downloads a file route of the table with the bearer token and saves it under `fileName`. */
export async function downloadRoute<E extends RouteEntry>(
  route: E,
  input: Partial<CallInput<E>>,
  fileName: string,
  fallbackMessage?: string,
): Promise<void> {
  saveBlob(await fetchRouteFile(route, input, fallbackMessage), fileName);
}
