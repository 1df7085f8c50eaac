export const ROLE_KEYS = ['superadmin', 'admin', 'employee'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export function isRoleKey(value: unknown): value is RoleKey {
  return typeof value === 'string' && (ROLE_KEYS as readonly string[]).includes(value);
}

/** Where each role lands after signing in. */
export const HOME_BY_ROLE: Record<RoleKey, string> = {
  superadmin: '/superadmin/companies',
  admin: '/admin/mycompany',
  employee: '/employee/catalog',
};
