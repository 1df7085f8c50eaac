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

/**
 * How each role is written. One map, three registers that differ on purpose:
 * `name` — the API's `role_name`; `label` — on screen (header badge, Settings);
 * `prose` — inside notification and email sentences.
 */
export const ROLE_LABELS: Record<RoleKey, { name: string; label: string; prose: string }> = {
  superadmin: { name: 'Superadmin', label: 'Superadmin', prose: 'Super Admin' },
  admin: { name: 'Admin', label: 'Administrator', prose: 'Administrator' },
  employee: { name: 'Employee', label: 'Employee', prose: 'Employee' },
};

const pick = (register: 'name' | 'label' | 'prose') =>
  Object.fromEntries(ROLE_KEYS.map((k) => [k, ROLE_LABELS[k][register]])) as Record<RoleKey, string>;

/** `role_name` in API responses. */
export const ROLE_NAME = pick('name');
/** A role on screen. */
export const ROLE_LABEL = pick('label');
/** A role inside a sentence of a notification or email. */
export const ROLE_PROSE = pick('prose');
