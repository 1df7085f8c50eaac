/** Values the server writes into index.html (absent under the Vite dev server and in tests). */
function meta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
}

/** Nonce of this page's Content-Security-Policy for the `<style>` tags Mantine injects. */
export function styleNonce(): string | undefined {
  return meta('csp-nonce') ?? undefined;
}

/**
 * The portal's configured address (PUBLIC_URL) when this page was opened at an origin the API
 * refuses (e.g. 127.0.0.1 instead of localhost), else null.
 */
export function refusedOrigin(): string | null {
  const publicUrl = meta('portal-public-url');
  const origins = meta('portal-origins');
  if (!publicUrl || !origins) return null;
  return origins.split(' ').includes(window.location.origin) ? null : publicUrl;
}
