/**
 * Edit view: product resources come from the server (after a reload, and for a second superadmin,
 * live); a refused upload names each refused file and stores none; a damaged profile image says
 * so; Space starts editing a selected grid cell. Uses Carbon 2", which other browser tests leave alone.
 */
import type { Page } from '@playwright/test';
import { USERS, expect, superadminInNewContext, test } from './fixtures';
import { seriousA11yViolations } from './a11y';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** Catalog → Edit Catalog → Carbon → 2". */
async function openCarbon2(page: Page) {
  await page.goto('/superadmin/catalog');
  const toggle = page.getByRole('button', { name: 'Edit Catalog' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Carbon', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Carbon' })).toBeVisible();
  await page.getByRole('tab', { name: '2"', exact: true }).click();
  await expect(page.getByRole('tab', { name: '2"', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Variants' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Attach files to' })).toHaveValue(/.+/);
}

/** The open tab's file input (a tab switched away from may not have unmounted yet). */
function fileInput(page: Page) {
  return page.getByRole('tabpanel').locator('input[type="file"]');
}

async function viewFiles(page: Page) {
  await page.getByRole('button', { name: 'View Files' }).click();
  return page.getByRole('dialog', { name: 'Product Resources' });
}

// The shared 2-core machine is slow: give these multi-context flows room.
test.describe.configure({ timeout: 240_000 });

test('product resources: listed from the server after a reload and for a second superadmin, live; open and delete', async ({
  browser,
  wholeBrowser,
}) => {
  // Open shows the PDF in a tab, which takes the whole browser's PDF viewer.
  const a = await superadminInNewContext(wholeBrowser, USERS.superadmin);
  const b = await superadminInNewContext(browser, USERS.superadmin2);
  const name = `carbon-range-${Date.now().toString(36)}.pdf`;
  await openCarbon2(a);
  await openCarbon2(b);
  await expect(a.getByRole('combobox', { name: 'Attach files to' }).locator('option:checked')).toHaveText(
    'Category: Carbon 2"',
  );
  const watching = await viewFiles(b);
  const section = watching.getByRole('heading', { name: 'Category: Carbon 2"' });
  await expect(section).toBeVisible();

  await fileInput(a).setInputFiles([{ name, mimeType: 'application/pdf', buffer: PDF }]);
  await expect(a.getByText('Files Upload Successfully')).toBeVisible();
  // The second superadmin's open list shows it without a reload.
  await expect(watching.getByText(name)).toBeVisible({ timeout: 15_000 });

  // After a reload (a fresh page load) the file is still listed; once the worker passed it, it opens.
  await openCarbon2(a);
  const dialog = await viewFiles(a);
  const table = dialog.getByRole('table', { name: 'Files of Category: Carbon 2"' });
  const fileRow = table.getByRole('row').filter({ hasText: name });
  await expect(fileRow).toHaveCount(1);
  await expect(fileRow.getByText('ready')).toBeVisible({ timeout: 20_000 });
  expect(await seriousA11yViolations(a)).toEqual([]);
  const opened = a.context().waitForEvent('page');
  await fileRow.getByRole('button', { name: `Open ${name}` }).click();
  expect((await opened).url()).toMatch(/^blob:/);

  // Deleted by the other superadmin: gone from this open list, live.
  await watching.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(b.getByText('File Delete Successfully')).toBeVisible();
  await expect(table.getByText(name)).toHaveCount(0, { timeout: 15_000 });

  await a.context().close();
  await b.context().close();
});

test('a refused upload names each refused file and stores none; a damaged profile image says so', async ({
  browser,
}) => {
  const page = await superadminInNewContext(browser, USERS.superadmin);
  await openCarbon2(page);
  const good = `kept-out-${Date.now().toString(36)}.pdf`;
  await fileInput(page).setInputFiles([
    { name: good, mimeType: 'application/pdf', buffer: PDF },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><script>x</script>') },
  ]);
  const toast = page.getByRole('alert').filter({ hasText: 'Files not uploaded' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    '"invoice.pdf" is not a supported file type. Upload PDF spec sheets or PNG, JPEG or WebP images.',
  );
  await expect(toast).toContainText('None of the selected files was stored.');
  const dialog = await viewFiles(page);
  await expect(dialog.getByRole('heading', { name: 'Category: Carbon 2"' })).toBeVisible();
  await expect(dialog.getByLabel(/^Loading files/)).toHaveCount(0); // both lists answered
  await expect(dialog.getByText(good)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Profile image: PNG by its first bytes, no image inside.
  await page.goto('/superadmin/settings');
  const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('nope')]);
  await page
    .getByLabel('Choose profile image file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: broken });
  const imageToast = page.getByRole('alert').filter({ hasText: 'Image Upload Failed' });
  await expect(imageToast).toContainText(
    'The image could not be read. The file may be damaged; please choose another one.',
  );
  await page.context().close();
});

test('Space starts editing a selected cell; inside an editor it types a space', async ({ browser }) => {
  const page = await superadminInNewContext(browser, USERS.superadmin);
  await openCarbon2(page);
  const grid = page.getByRole('region', { name: 'Variants' });
  const input = grid.getByLabel('Part Number, row 1', { exact: true });
  const original = await input.inputValue();
  const partCell = grid.locator('.dsg-cell').filter({ has: page.getByLabel('Part Number, row 1', { exact: true }) });
  await partCell.click();
  await expect(input).not.toBeFocused();
  const scroll = await page.evaluate(() => window.scrollY);
  await page.keyboard.press(' ');
  await expect(input).toBeFocused(); // editing, content kept
  await expect(input).toHaveValue(original);
  expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
  await page.keyboard.press('End');
  await page.keyboard.type(' X');
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue(`${original} X`);

  // A Yes/No cell opens its list on Space.
  await partCell.click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight'); // Size, Actual Size, Depth, Odd-Size
  await expect(page.getByRole('listbox', { name: 'Odd-Size' })).toHaveCount(0);
  await page.keyboard.press(' ');
  await expect(page.getByRole('listbox', { name: 'Odd-Size' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(input).toHaveValue(original);
  await page.context().close();
});
