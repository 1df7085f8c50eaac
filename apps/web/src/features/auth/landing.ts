import { HOME_BY_ROLE, type RoleKey } from '@portal/contracts';

/** The query parameter that carries the page a signed-out visitor asked for through sign-in. */
export const FROM_PARAM = 'from';

/** '/?from=…' for the page at `path` (its query included), so sign-in can return there. */
export function signInPathFrom(path: string): string {
  return path === '/' ? '/' : `/?${FROM_PARAM}=${encodeURIComponent(path)}`;
}

/**
 * Where a user of `role` lands after signing in: the page they asked for (`?from=`), when it lies in
 * their own area (no other site, no other role's area); else their home.
 */
export function landingFor(role: RoleKey, search: string): string {
  const from = new URLSearchParams(search).get(FROM_PARAM);
  const area = `/${role}/`;
  if (from && from.startsWith(area) && !from.includes('//') && !from.includes('\\')) return from;
  return HOME_BY_ROLE[role];
}
