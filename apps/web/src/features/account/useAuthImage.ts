import { useEffect, useState } from 'react';
import { getStoredToken } from '../../shared/storage';

/** Only our own API's image URLs are fetched with the bearer token. */
function isApiImageUrl(url: string): boolean {
  return /^\/api\/files\/images\/[A-Za-z0-9._-]+$/.test(url);
}

/**
 * Stored images (`GET /api/files/images/:name`) need the bearer token, so an <img src> cannot load
 * them directly: fetch as a blob and hand out an object URL (revoked when the URL changes or on unmount).
 * Returns null while loading, on failure, or when there is no image.
 */
export function useAuthImage(url: string | null | undefined): string | null {
  const [src, setSrc] = useState<{ url: string; objectUrl: string } | null>(null);

  useEffect(() => {
    if (!url || !isApiImageUrl(url) || typeof URL.createObjectURL !== 'function') return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getStoredToken();
    fetch(url, {
      credentials: 'same-origin',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`Image request failed with status ${res.status}`);
        const blob = await res.blob();
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc({ url, objectUrl });
      })
      .catch(() => {
        /* no picture: callers show their fallback */
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return src && src.url === url ? src.objectUrl : null;
}
