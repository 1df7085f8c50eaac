import { apiUrl } from '../api';
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

/** Downloads an API file with the bearer token and saves it under `fileName`. */
export async function downloadApiFile(path: string, fileName: string): Promise<void> {
  const res = await fetchWithToken(apiUrl(path));
  if (!res.ok) throw new Error(`Request failed with status ${res.status}`);
  saveBlob(await res.blob(), fileName);
}
