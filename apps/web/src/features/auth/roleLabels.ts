import type { RoleKey } from '@portal/contracts';

/** How a role is named on screen (header badge, Settings' read-only Role field). */
export const ROLE_LABEL: Record<RoleKey, string> = {
  superadmin: 'Superadmin',
  admin: 'Administrator',
  employee: 'Employee',
};
