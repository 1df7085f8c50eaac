import { defineConfig } from '@playwright/test';
import fs from 'node:fs';

/** Debian's Chromium — never a downloaded browser. */
function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: install the Debian package `chromium` or set CHROMIUM_PATH');
  return found;
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3117);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Budgets for a busy 2-core machine (CI runners and laptops are not always quiet; the suite was seen
  // on one with a load of 3 to 14): a test that needs more is split into steps, not given more time.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // npm test asks for JSON results too (PLAYWRIGHT_JSON_OUTPUT_NAME), to name the slowest tests.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
