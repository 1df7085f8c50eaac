/** Accounts the browser tests sign in with (seeded by global-setup.ts). */
export const PASSWORD = 'Passw0rd!23';
export const USERS = {
  superadmin: { email: 'root@e2e.test', username: 'Root Admin' },
  admin: { email: 'admin@acme.test', username: 'Alice Admin' },
  employee: { email: 'emp@acme.test', username: 'Evan Employee' },
  disabled: { email: 'disabled@acme.test', username: 'Dora Disabled' },
  throttled: { email: 'throttle@acme.test', username: 'Tom Throttle' },
  forgetful: { email: 'forgetful@acme.test', username: 'Fran Forgetful' },
} as const;

export interface CaughtEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Emails the local mail catcher received, newest first. */
export async function inbox(): Promise<CaughtEmail[]> {
  const res = await fetch(`${process.env.E2E_INBOX_URL}/api/messages`);
  return (await res.json()) as CaughtEmail[];
}
