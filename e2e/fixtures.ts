/** Accounts the browser tests sign in with (seeded by global-setup.ts). */
export const PASSWORD = 'Passw0rd!23';
export const USERS = {
  superadmin: { email: 'root@e2e.test', username: 'Root Admin' },
  admin: { email: 'admin@acme.test', username: 'Alice Admin' },
  employee: { email: 'emp@acme.test', username: 'Evan Employee' },
  disabled: { email: 'disabled@acme.test', username: 'Dora Disabled' },
  throttled: { email: 'throttle@acme.test', username: 'Tom Throttle' },
  forgetful: { email: 'forgetful@acme.test', username: 'Fran Forgetful' },
  // settings.e2e.ts: changes its own username and profile image.
  settings: { email: 'sam.settings@acme.test', username: 'Sam Settings' },
  // settings.e2e.ts: changes its own password (and keeps the new one).
  changer: { email: 'pat.password@acme.test', username: 'Pat Password' },
  // settings.e2e.ts: admin of their own company (company image upload).
  logoAdmin: { email: 'lena@logo-co.test', username: 'Lena Logo' },
  // org-screens.e2e.ts: admin of a company that never gets employees (empty states).
  quietAdmin: { email: 'quinn@quiet-co.test', username: 'Quinn Quiet' },
  // org-screens.e2e.ts: admin of a company whose employees feed the live notifications test.
  liveAdmin: { email: 'lars@live-co.test', username: 'Lars Live' },
} as const;

/** Companies seeded only for one test file each (so their data never disturbs other tests). */
export const COMPANIES = { logo: 'Logo Co', quiet: 'Quiet Co', live: 'Live Co' } as const;

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
