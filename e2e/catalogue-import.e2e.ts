/**
 * Catalogue spreadsheets in the superadmin edit view: export a CSV, change one price in it, import
 * it through the wizard (upload → column mapping with a required column left unmapped → dry run →
 * apply → done) and see the new price in the next export. Uses the Carbon category, which no other
 * browser test reads.
 */
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PASSWORD, USERS, expect, test } from './fixtures';
import { seriousA11yViolations } from './a11y';

test.describe.configure({ timeout: 120_000 });

async function openEditView(page: Page) {
  await page.goto('/');
  await page.getByLabel('Email').fill(USERS.superadmin.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation').first().getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL('/superadmin/catalog');
  await page.getByRole('button', { name: 'Edit Catalog' }).click();
  // the editor is a lazily loaded chunk: allow for a busy machine
  await expect(page.getByRole('group', { name: 'Catalogue spreadsheets' })).toBeVisible({ timeout: 30_000 });
}

async function exportAll(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Whole catalogue (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  return fs.readFile((await download.path())!, 'utf8');
}

test('export, then import a changed price: mapping, dry run, apply', async ({ page }) => {
  await openEditView(page);
  const csv = await exportAll(page);
  const lines = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe(
    'category,subcategory,product,part_number,size,actual_size,depth,odd_size,odd_size_type,min_area,max_area,out_of_stock,list_price,display_order,aliases,merv,efficiency_class',
  );
  const line = lines.find((l) => l.startsWith('Carbon,'))!;
  const cells = line.split(',');
  // product names hold commas only inside quotes; price, display order, aliases, merv and efficiency class end the line
  const price = cells[cells.length - 5];
  const partNumber = line.match(/^Carbon,[^,]*,(?:"(?:[^"]|"")*"|[^,]*),([^,]+),/)![1];
  // the upload leaves the optional aliases column out (a mapped aliases cell would replace the set)
  const changed = [...cells.slice(0, -5), '987.65', cells[cells.length - 4]].join(',');
  const header =
    'Category,Sub-category,Product,Part No,size,actual_size,depth,odd_size,odd_size_type,min_area,max_area,out_of_stock,Cost,display_order';

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import catalogue' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'carbon.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${changed}\n`),
  });
  await dialog.getByRole('button', { name: 'Next' }).click();

  // "Cost" is not recognised: the required list_price column blocks the check until it is mapped
  await expect(dialog.getByRole('alert')).toContainText('Not mapped yet: list_price');
  await expect(dialog.getByRole('button', { name: 'Check file' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Catalogue column for Part No' })).toHaveValue(
    'part_number (required)',
  );
  await dialog.getByRole('combobox', { name: 'Catalogue column for Cost' }).click();
  await page.getByRole('option', { name: 'list_price (required)' }).click();
  await expect(dialog.getByRole('button', { name: 'Check file' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Check file' }).click();

  await expect(dialog.getByText('To update: 1')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('Errors: 0')).toBeVisible();
  const changes = dialog.getByRole('table', { name: 'Planned changes' });
  await expect(changes.getByRole('row').nth(1)).toContainText(partNumber);
  await expect(changes).toContainText(`list_price: ${price} → 987.65`);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await dialog.getByLabel('Errors only').check();
  await expect(changes).toBeHidden();
  await dialog.getByLabel('Errors only').uncheck();

  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog.getByText('Import applied')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const after = await exportAll(page);
  const row = after.split('\n').find((l) => l.includes(`,${partNumber},`))!;
  expect(row.split(',').slice(-5)[0]).toBe('987.65');
});

test('a file with row errors cannot be applied', async ({ page }) => {
  await openEditView(page);
  const header =
    'category,subcategory,product,part_number,size,actual_size,depth,odd_size,odd_size_type,min_area,max_area,out_of_stock,list_price,display_order';
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import catalogue' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\nNo Such Category,,X,E2E-BAD-1,16x25x1,,1,no,,,,no,-3,\n`),
  });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('The file has errors')).toBeVisible({ timeout: 20_000 });
  const errors = dialog.getByRole('table', { name: 'Import errors' });
  await expect(errors).toContainText('Category "No Such Category" does not exist');
  await expect(dialog.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
