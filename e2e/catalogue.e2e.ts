import type { Page } from '@playwright/test';
import { companyPriceCents, formatPrice } from '@portal/domain';
import { expect, PASSWORD, test, USERS } from './fixtures';
import { seriousA11yViolations } from './a11y';

// The e2e company 'Acme Air' has discount_percentage 45.5 (others 100): see global-setup.ts.
const ACME = {
  discount_percentage: '45.50',
  rigidflow_percentage: '100',
  minipro_percentage: '100',
  polyroll_percentage: '100',
};
const priceFor = (listCents: number) => formatPrice(companyPriceCents(listCents, 'MERV 10', ACME));

async function signInAsEmployee(page: Page) {
  await page.goto('/');
  await page.getByLabel('Email').fill(USERS.employee.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/employee/catalog');
}

const oddSize = (page: Page) => page.getByRole('form', { name: 'Odd size search' });

async function searchDimensions(page: Page, width: string, height: string, depth: string) {
  const form = oddSize(page);
  await form.getByLabel(/^Width/).fill(width);
  await form.getByLabel(/^Height/).fill(height);
  await form.getByLabel(/^Depth/).fill(depth);
  await form.getByRole('button', { name: 'Search', exact: true }).click();
}

test('an employee browses with their company prices, finds a part number and odd sizes', async ({ page }) => {
  await signInAsEmployee(page);
  // First category and its first sub-category open on load.
  await expect(page.getByRole('tab', { name: '1"' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: 'M10-10101' }).first();
  await expect(row).toContainText('10x10x1');
  await expect(row).toContainText('9.5 x 9.5 x 0.75');
  await expect(row).toContainText(priceFor(659));
  await expect(row).not.toContainText(formatPrice(659));

  // Another sub-category.
  await page.getByRole('tab', { name: '2"' }).click();
  await expect(page.getByRole('tab', { name: '2"' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '1"' }).click();

  // Part number search.
  const partSearch = page.getByRole('search', { name: 'Part number search' });
  await partSearch.getByLabel('Part number', { exact: true }).fill('M10-10141');
  await partSearch.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'M10-10141' })).toContainText(priceFor(739));
  await expect(page.getByRole('row').filter({ hasText: 'M10-10101' })).toHaveCount(0);
  await partSearch.getByLabel('Part number', { exact: true }).fill('NO-SUCH-PART');
  await partSearch.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(page.getByText('No results found. Please contact the office for custom options.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).first().click();
  await expect(page.getByRole('row').filter({ hasText: 'M10-10101' }).first()).toBeVisible();

  // Odd-size search with a fraction: exact measurements are forced on, and custom sizes are found.
  await searchDimensions(page, '20 1/2', '24', '1');
  await expect(oddSize(page).getByLabel('Use exact measurements')).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: 'M10-OS-S1-04' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('odd-size search refuses impossible sizes with the Invalid Size dialog', async ({ page }) => {
  await signInAsEmployee(page);
  await searchDimensions(page, '0.1', '20', '1');
  const dialog = page.getByRole('dialog', { name: 'Invalid Size' });
  await expect(dialog).toContainText('All dimensions must be at least 1/8". Please enter a valid measurement.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await searchDimensions(page, '31', '31', '2');
  await expect(dialog).toContainText(
    'Both dimensions over 30" are only allowed for 1" filters. Please contact the office for custom options.',
  );
});
