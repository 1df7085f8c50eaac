/**
 * Production delivery in the browser: the app opened at an address the API refuses explains which
 * address to use (never a blank page), and the Content-Security-Policy guard every browser test
 * runs under really reports violations.
 */
import { test as rawTest } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { expect, test, watchCsp } from './fixtures';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3117);
const PUBLIC_URL = `http://localhost:${E2E_PORT}`;

test.describe('opened at another address of the same server', () => {
  test('127.0.0.1 instead of PUBLIC_URL: the page says which address to use and links there', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${E2E_PORT}/`);
    await expect(page.getByText('Open the portal at its own address')).toBeVisible();
    await expect(page.getByText(`only accepts sign-ins at ${PUBLIC_URL}`)).toBeVisible();
    await expect(page.getByText('PUBLIC_URL')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: `Continue to ${PUBLIC_URL}` }).click();
    await expect(page).toHaveURL(`${PUBLIC_URL}/`);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a client route at the other address keeps its path when following the link', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${E2E_PORT}/forgot-password`);
    const link = page.getByRole('link', { name: `Continue to ${PUBLIC_URL}` });
    await expect(link).toHaveAttribute('href', `${PUBLIC_URL}/forgot-password`);
  });
});

// Raw Playwright test: these pages violate the policy on purpose, the shared guard must not fail them.
rawTest(
  'the CSP guard reports an injected inline style and script; nonce-tagged Mantine styles pass',
  async ({ browser }) => {
    const context = await browser.newContext({ baseURL: PUBLIC_URL });
    const violations: string[] = [];
    await watchCsp(context, (v) => violations.push(v));
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Mantine's own <style> tags carry the page's nonce.
    const mantineStyles = await page.locator('style[data-mantine-styles]').count();
    expect(mantineStyles).toBeGreaterThan(0);
    expect(violations).toEqual([]);

    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { background: red }';
      document.head.append(style);
    });
    await expect.poll(() => violations.some((v) => v.startsWith('style-src'))).toBe(true);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = true';
      document.head.append(script);
    });
    await expect.poll(() => violations.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await context.close();
  },
);
