import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PRICELIST_COLUMNS } from '@portal/contracts';
import { centsToDecimalString, companyPriceCents } from '@portal/domain';
import { expect, PASSWORD, test, USERS } from './fixtures';
import { seriousA11yViolations } from './a11y';

// 'Acme Air' pays 45.5 % (see global-setup.ts); M10-10101 lists at $6.59.
const ACME = { discount_percentage: '45.50' };
const acmePrice = (listCents: number) => centsToDecimalString(companyPriceCents(listCents, 'MERV 10', ACME));

async function signIn(page: Page, email: string, landing: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(landing);
}

test('an employee downloads the price list of the sub-category they view, with their own prices', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, USERS.employee.email, '/employee/catalog');
  await expect(page.getByRole('tab', { name: '1"' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Download price list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await expect(dialog.getByLabel('Scope')).toHaveValue('This sub-category: MERV 10 – 1"');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Prepare price list' }).click();

  // Progress, then ready: the dialog offers the file and a toast says so too.
  await expect(dialog.getByText(/^Your price list is ready: \d+ rows$/)).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Your price list is ready', { exact: true })).toBeVisible();
  // Finished: the dialog no longer says the list is being prepared.
  await expect(dialog).toContainText('It is also kept under “My price lists” for 7 days.');
  await expect(dialog).not.toContainText('keeps being prepared');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /^Download price-list-acme-air-/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^price-list-acme-air-merv-10-1-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe(PRICELIST_COLUMNS.join(','));
  const row = lines.find((l) => l.includes(',M10-10101,'));
  expect(row?.split(',').at(-1)).toBe(acmePrice(659));
  expect(acmePrice(659)).not.toBe('6.59');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // My price lists: the new list, ready, downloadable again.
  await page.getByRole('button', { name: 'My price lists' }).click();
  const drawer = page.getByRole('dialog', { name: 'My price lists' });
  const listed = drawer.getByTestId('pricelist-row').first();
  await expect(listed).toContainText('MERV 10 – 1"');
  await expect(listed).toContainText('Ready');
  // The status badge is never cut to "REA…".
  const badge = listed.locator('.mantine-Badge-label');
  expect(
    await badge.evaluate((el) => el.scrollWidth <= el.clientWidth || getComputedStyle(el).overflow === 'visible'),
  ).toBe(true);
  await expect(badge).toHaveText('Ready');
  expect(await seriousA11yViolations(page)).toEqual([]);
  const [again] = await Promise.all([page.waitForEvent('download'), listed.getByRole('button').click()]);
  expect(again.suggestedFilename()).toBe(download.suggestedFilename());
});

test('a superadmin prepares an XLSX price list for a company from its detail page', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, USERS.superadmin.email, '/superadmin/companies');
  await page.getByPlaceholder('Search companies by name...').fill('Acme Air');
  await page.getByTestId('company-card').filter({ hasText: 'Acme Air' }).getByText('Acme Air').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Air' })).toBeVisible();

  await page.getByRole('button', { name: 'Download price list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await expect(dialog).toContainText('Prices of Acme Air');
  await expect(dialog).toContainText("Acme Air's prices as its employees see them in the catalogue.");
  await expect(page.getByRole('button', { name: 'Price lists for Acme Air' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'My price lists' })).toHaveCount(0);
  await expect(dialog.getByLabel('Scope')).toHaveValue('Whole catalogue');
  await dialog.getByText('XLSX', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Prepare price list' }).click();
  await expect(dialog.getByText(/^Your price list is ready: \d+ rows$/)).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /^Download price-list-acme-air-/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^price-list-acme-air-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await fs.readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});
