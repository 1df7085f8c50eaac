import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@portal/contracts';
import { SYSTEM_ROUTES } from '@portal/domain';
import { call } from '../api';

export const DEFAULT_PRODUCT_NAME = 'Filter Portal';

/** `GET /api/config`, cached for the page's lifetime. Failures are silent: callers fall back. */
export function useAppConfig(): AppConfig | undefined {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: async (): Promise<AppConfig> => (await call(SYSTEM_ROUTES.config, {}, { silent: true })).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}

/** Only http(s) URLs make it into the header link. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}
