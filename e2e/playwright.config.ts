import { defineConfig } from '@playwright/test';
import fs from 'node:fs';

/** Debian's Chromium — never a downloaded browser. */
function chromiumPath(candidates: (string | undefined)[]): string {
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: install the Debian package `chromium` or set CHROMIUM_PATH');
  return found;
}
const BROWSERS = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

function launchOptions(executablePath: string) {
  return {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/** The whole browser, for a test of what the headless shell lacks (fixtures.ts `wholeBrowser`). */
export const WHOLE_BROWSER = { launchOptions: launchOptions(chromiumPath(BROWSERS)) };

/** Change the list price of M10-10142 (catalogue-edit) or read it at a company price meanwhile. */
const PRICE_EDITORS = ['**/catalogue-edit.e2e.ts', '**/price-changes.e2e.ts'];
/**
 * two-factor: the security policy sends every admin signing in meanwhile to enrolment.
 * notifications-read, org-screens: "Mark all as read" must leave no unread notification for any superadmin.
 */
const ALONE = ['**/two-factor.e2e.ts', '**/notifications-read.e2e.ts', '**/org-screens.e2e.ts'];

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3117);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Budgets for a busy 2-core machine (CI runners and laptops are not always quiet; the suite was seen
  // on one with a load of 3 to 14): a test that needs more is split into steps, not given more time.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, each taking whole files (a file's tests run in order in one worker). Files that change
  // what others read are kept apart by the projects below.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // npm test asks for JSON results too (PLAYWRIGHT_JSON_OUTPUT_NAME), to name the slowest tests.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './global-setup.ts',
  projects: [
    // A list price or a multiplier another of these files reads: one file at a time, beside `shared`
    // (first: the longest chain).
    { name: 'prices', testMatch: PRICE_EDITORS, workers: 1 },
    // Most files: their own accounts, companies and records, or only reads of what nobody changes.
    { name: 'shared', testIgnore: [...PRICE_EDITORS, ...ALONE] },
    // Settings of the whole portal (the security policy) and every superadmin's unread count: alone, last.
    { name: 'alone', testMatch: ALONE, workers: 1, dependencies: ['shared', 'prices'] },
  ],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // Transitions end at once (the app honours prefers-reduced-motion) and a spinner turns once, so
    // Chromium does not draw frames nobody waits for.
    reducedMotion: 'reduce',
    // A trace screenshots every action (about a third of the suite's CPU): only a retried test records one.
    trace: 'on-first-retry',
    // The old headless shell (Debian package chromium-headless-shell) draws no browser UI: the suite
    // needs about a third less CPU than with the whole browser.
    // E2E_CHROMIUM_PATH picks another browser for them (not for `wholeBrowser`).
    launchOptions: launchOptions(
      chromiumPath([process.env.E2E_CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', ...BROWSERS]),
    ),
  },
});
