/** Accounts the browser tests sign in with (seeded by global-setup.ts). */
export const PASSWORD = 'Passw0rd!23';
export const USERS = {
  superadmin: { email: 'root@e2e.test', username: 'Root Admin' },
  admin: { email: 'admin@acme.test', username: 'Alice Admin' },
  employee: { email: 'emp@acme.test', username: 'Evan Employee' },
  disabled: { email: 'disabled@acme.test', username: 'Dora Disabled' },
  throttled: { email: 'throttle@acme.test', username: 'Tom Throttle' },
} as const;
