import { test as base, expect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { WHOLE_BROWSER } from './playwright.config';

/** Accounts the browser tests sign in with (seeded by global-setup.ts). */
export const PASSWORD = 'Passw0rd!23';
/** The API's PRESENCE_TTL_SECONDS in the browser tests (global-setup.ts). */
export const E2E_PRESENCE_TTL_SECONDS = 9;
export const USERS = {
  superadmin: { email: 'root@e2e.test', username: 'Root Admin' },
  // notifications-read / product-resources e2e: a second superadmin watching live changes.
  superadmin2: { email: 'root2@e2e.test', username: 'Second Root' },
  admin: { email: 'admin@acme.test', username: 'Alice Admin' },
  employee: { email: 'emp@acme.test', username: 'Evan Employee' },
  disabled: { email: 'disabled@acme.test', username: 'Dora Disabled' },
  throttled: { email: 'throttle@acme.test', username: 'Tom Throttle' },
  forgetful: { email: 'forgetful@acme.test', username: 'Fran Forgetful' },
  // settings.e2e.ts: changes its own username and profile image.
  settings: { email: 'sam.settings@acme.test', username: 'Sam Settings' },
  // settings.e2e.ts: changes its own password (and keeps the new one).
  changer: { email: 'pat.password@acme.test', username: 'Pat Password' },
  // email-change.e2e.ts: moves its own account to a new address.
  mover: { email: 'mo.mover@acme.test', username: 'Mo Mover' },
  // settings.e2e.ts: admin of their own company (company image upload).
  logoAdmin: { email: 'lena@logo-co.test', username: 'Lena Logo' },
  // org-screens.e2e.ts: admin of a company that never gets employees (empty states).
  quietAdmin: { email: 'quinn@quiet-co.test', username: 'Quinn Quiet' },
  // org-screens.e2e.ts: admin of a company whose employees feed the live notifications test.
  liveAdmin: { email: 'lars@live-co.test', username: 'Lars Live' },
  // two-factor.e2e.ts: enrols in Settings, then signs in with a code and a recovery code.
  totp: { email: 'tara.totp@acme.test', username: 'Tara Totp' },
  // two-factor.e2e.ts: an admin the security policy sends to enrolment at sign-in.
  enrolAdmin: { email: 'erin@enrol-co.test', username: 'Erin Enrol' },
  // invitations.e2e.ts: invites employees into a company of its own.
  inviteAdmin: { email: 'ines@invite-co.test', username: 'Ines Invite' },
  // ops.e2e.ts: signs in and leaves while the Operations screen watches. Nobody else uses it: other
  // tests' pages of the shared employee stay open (and online) until their browser closes.
  watched: { email: 'walt.watched@acme.test', username: 'Walt Watched' },
  // catalogue-edit.e2e.ts: an employee of Price Co, whose multiplier the superadmin changes live.
  pricer: { email: 'pia@price-co.test', username: 'Pia Price' },
  // price-changes.e2e.ts: Schedule Co's admin (gets the notice) and employee (watches the price switch).
  scheduleAdmin: { email: 'sid@schedule-co.test', username: 'Sid Schedule' },
  scheduleEmployee: { email: 'sue@schedule-co.test', username: 'Sue Schedule' },
  // walkthrough.e2e.ts: an Acme employee whose quote requests only that file makes (the Quotes badge counts them).
  walker: { email: 'wally.walker@acme.test', username: 'Wally Walker' },
} as const;

/** Companies seeded only for one test file each (so their data never disturbs other tests). */
export const COMPANIES = {
  logo: 'Logo Co',
  quiet: 'Quiet Co',
  live: 'Live Co',
  enrol: 'Enrol Co',
  invite: 'Invite Co',
  // catalogue-edit.e2e.ts: multiplier 0.5000 at start (discount_percentage 50), changed by the test.
  price: 'Price Co',
  // price-changes.e2e.ts: multiplier 0.4567 at start, a change to 0.4800 scheduled by the test.
  schedule: 'Schedule Co',
} as const;

export interface CaughtEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

/** Emails the local mail catcher received, newest first. */
export async function inbox(): Promise<CaughtEmail[]> {
  const res = await fetch(`${process.env.E2E_INBOX_URL}/api/messages`);
  return (await res.json()) as CaughtEmail[];
}

/**
 * Reports every Content-Security-Policy violation in pages of `context` to `sink` (the listener is
 * installed before any page script runs).
 */
export async function watchCsp(context: BrowserContext, sink: (violation: string) => void): Promise<void> {
  await context.exposeBinding('__portalCspViolation', (_source, violation: string) => sink(violation));
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __portalCspViolation: (v: string) => void }).__portalCspViolation;
        void report(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
        );
      },
      true,
    );
  });
}

/**
 * Chromium can lose a localStorage write made a moment before a browser-initiated navigation (seen
 * about once in 25 runs of "sign in, then page.goto at once": the next document starts without the
 * session token; a reload 60 ms after signing in lost it too). A person cannot type an address or
 * press F5 that fast; a test can. So `page.goto` and `page.reload` wait until the session check after a
 * sign-in (`/api/validate`) is done and the last token write is 500 ms old.
 */
const TOKEN_WRITE_SETTLE_MS = 500;

async function settleNavigations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'token')
        (window as unknown as { __portalTokenWrittenAt: number }).__portalTokenWrittenAt = Date.now();
      return setItem.call(this, key, value);
    };
  });
  const settle = (page: Page) => {
    const inflight = new Set<Request>();
    const isValidate = (r: Request) => new URL(r.url()).pathname === '/api/validate';
    page.on('request', (r) => isValidate(r) && inflight.add(r));
    page.on('requestfinished', (r) => inflight.delete(r));
    page.on('requestfailed', (r) => inflight.delete(r));
    const settled = async () => {
      for (const deadline = Date.now() + 5_000; inflight.size && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const age = await page
        .evaluate(
          () => Date.now() - ((window as unknown as { __portalTokenWrittenAt?: number }).__portalTokenWrittenAt ?? 0),
        )
        .catch(() => Infinity);
      if (age < TOKEN_WRITE_SETTLE_MS) await new Promise((resolve) => setTimeout(resolve, TOKEN_WRITE_SETTLE_MS - age));
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      await settled();
      return goto(url, options);
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      await settled();
      return reload(options);
    };
  };
  context.pages().forEach(settle);
  context.on('page', settle);
}

/**
 * Notes the text of every toast a page shows (for `expectToast`). A toast closes after 3 s; on a busy
 * machine the page can be too busy re-rendering to answer a poll within that window (a save that
 * leaves the edit view), though the toast came and went.
 */
async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __portalToasts: string[] }).__portalToasts = shown;
    const selector = '.mantine-Notification-root';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const toasts = node.matches(selector) ? [node] : [...node.querySelectorAll(selector)];
          for (const toast of toasts) shown.push(toast.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** A toast containing `text` was shown on the page (each toast answers one call). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((wanted) => {
        const shown = (window as unknown as { __portalToasts?: string[] }).__portalToasts ?? [];
        const at = shown.findIndex((t) => t.includes(wanted));
        if (at >= 0) shown.splice(at, 1);
        return at >= 0;
      }, text),
    )
    .toBe(true);
}

/** Every context `browser.newContext()` creates is watched like the default one; returns the undo. */
function guardNewContexts(browser: Browser, sink: (violation: string) => void): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const created = await newContext(options);
    await watchCsp(created, sink);
    await settleNavigations(created);
    await recordToasts(created);
    return created;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * The browser tests' `test`: every test fails on a Content-Security-Policy violation in any page
 * it opens — in the default context and in contexts it creates with `browser.newContext()`, in
 * `browser` and in `wholeBrowser`.
 */
export const test = base.extend<{ cspViolations: string[]; cspGuard: void; wholeBrowser: Browser }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
  cspViolations: async ({}, use) => {
    await use([]);
  },
  cspGuard: [
    async ({ browser, context, cspViolations }, use) => {
      const sink = (v: string) => cspViolations.push(v);
      await watchCsp(context, sink);
      await settleNavigations(context);
      await recordToasts(context);
      const restore = guardNewContexts(browser, sink);
      try {
        await use();
      } finally {
        restore();
      }
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // The whole Chromium, for what the headless shell lacks: a PDF viewer (it downloads a PDF instead of
  // showing it in a tab) and tabs opened from a sandboxed frame. Launched only by a test that asks.
  wholeBrowser: async ({ playwright, cspViolations }, use) => {
    const browser = await playwright.chromium.launch(WHOLE_BROWSER.launchOptions);
    guardNewContexts(browser, (v) => cspViolations.push(v));
    await use(browser);
    await browser.close();
  },
});

export { expect };

/** The sign-in form, filled and sent (where the browser lands is the caller's to check). */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A superadmin signed in in a browser context of its own (a second person watching live changes). */
export async function superadminInNewContext(browser: Browser, who: { email: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who.email);
  await expect(page).toHaveURL('/superadmin/companies');
  return page;
}

export async function signOut(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /log out/i })
    .first()
    .click();
  await expect(page).toHaveURL('/');
}

export async function expectNoSeriousA11y(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}
