/**
 * The catalogue on a 390 × 844 phone and by link: prices readable without sideways
 * scrolling, search results brought into view, every view in the URL, the size grid, and a
 * superadmin viewing the catalogue as a company.
 */
import type { Page } from '@playwright/test';
import { companyPriceCents, formatPrice } from '@portal/domain';
import { seriousA11yViolations } from './a11y';
import { expect, signIn, test, USERS } from './fixtures';

// 'Acme Air' pays 45.5 % of list on MERV 10 (global-setup.ts); M10-10101 lists at $6.59.
const ACME = {
  discount_percentage: '45.50',
  rigidflow_percentage: '100',
  minipro_percentage: '100',
  polyroll_percentage: '100',
};
const acmePrice = (listCents: number) => formatPrice(companyPriceCents(listCents, 'MERV 10', ACME));

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function employeeCatalogue(page: Page) {
  await signIn(page, USERS.employee.email);
  await expect(page).toHaveURL('/employee/catalog');
  await expect(page.getByRole('tab', { name: '1"' })).toHaveAttribute('aria-selected', 'true');
}

/** Nothing on the page scrolls sideways, and the element lies inside the viewport's width. */
async function expectWithinWidth(page: Page, selector: ReturnType<Page['locator']>) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

const partSearch = (page: Page) => page.getByRole('search', { name: 'Part number search' });

// Independent tests (own contexts, nothing one leaves for the next): spread over the workers.
test.describe.configure({ mode: 'parallel' });

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: PHONE });

  test('an employee reads part number, size and price of a row without scrolling sideways', async ({ page }) => {
    await employeeCatalogue(page);
    const row = page.getByRole('row').filter({ hasText: 'M10-10101' }).first();
    await expect(row).toContainText('10x10x1');
    const price = row.getByRole('cell').filter({ hasText: acmePrice(659) });
    await expect(price).toBeVisible();
    await expectWithinWidth(page, price);
    await expectWithinWidth(page, row.getByRole('cell').filter({ hasText: 'M10-10101' }));
    await expectWithinWidth(page, row.getByRole('cell').filter({ hasText: '10x10x1' }));
    // The row's quantity box and "Add to order" fit too.
    await expectWithinWidth(page, row.getByRole('textbox', { name: 'Quantity of M10-10101' }));
    await expectWithinWidth(page, row.getByRole('button', { name: 'Add to order' }));
    // "OUT OF STOCK" is never cut.
    const badges = page.locator('[data-out-of-stock] .mantine-Badge-label');
    for (const badge of await badges.all()) {
      expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    // The part-number search is on the first screen.
    const box = await partSearch(page).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a search result is in view after Search', async ({ page }) => {
    await employeeCatalogue(page);
    await page.getByRole('tab', { name: '2"' }).click();
    await page.getByRole('tab', { name: '1"' }).click();
    await partSearch(page).getByLabel('Part number', { exact: true }).fill('M10-10141');
    await partSearch(page).getByRole('button', { name: 'Look up', exact: true }).click();
    await expect(page.getByText('Part number results for "M10-10141"')).toBeInViewport();
    await expect(page.getByRole('row').filter({ hasText: 'M10-10141' })).toBeInViewport();

    // A whole size typed into Width: a clear message naming the field, and the old results go.
    await page.getByRole('button', { name: 'Odd Size Search' }).click();
    const odd = page.getByRole('form', { name: 'Odd size search' });
    await odd.getByLabel(/^Width/).fill('20x25');
    await odd.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(odd.getByRole('alert')).toHaveText('Please enter valid numbers for all dimensions');
    await expect(odd.getByTestId('one-box-hint')).toHaveText(
      'Width takes one number: enter 20 in Width, 25 in Height.',
    );
    await odd.getByRole('button', { name: 'Use 20 × 25' }).click();
    await expect(odd.getByLabel(/^Height/)).toHaveValue('25');
    await odd.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(/^Odd size results for 20 x 25 x 1/)).toBeInViewport();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a catalogue URL reopens the same category, tab and search after reload and Back', async ({ page }) => {
    await employeeCatalogue(page);
    await page.getByRole('button', { name: 'MERV 13' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'MERV 13' })).toBeVisible();
    await page.getByRole('tab', { name: '2"' }).click();
    await expect(page).toHaveURL(/[?&]tab=/);
    const someRow = page.getByRole('row').filter({ hasText: 'M13-' }).first();
    const part = (await someRow.getByRole('cell').first().innerText()).split('\n')[0].trim();
    await partSearch(page).getByLabel('Part number', { exact: true }).fill(part);
    await partSearch(page).getByRole('button', { name: 'Look up', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]part=${encodeURIComponent(part)}`));
    const shared = page.url();

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'MERV 13' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '2"' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`Part number results for "${part}"`)).toBeVisible();
    await expect(partSearch(page).getByLabel('Part number', { exact: true })).toHaveValue(part);

    // Back: the tab without the search, then the category's first tab.
    await page.goBack();
    await expect(page.getByText(`Part number results for "${part}"`)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: '2"' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page.getByRole('tab', { name: '1"' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'MERV 13' })).toBeVisible();

    // A colleague opening the shared link sees the same view.
    const colleague = await page.context().browser()!.newPage({ viewport: PHONE });
    await signIn(colleague, USERS.admin.email);
    await expect(colleague).toHaveURL(/\/admin\//);
    await colleague.goto(shared.replace('/employee/', '/admin/'));
    await expect(colleague.getByRole('tab', { name: '2"' })).toHaveAttribute('aria-selected', 'true');
    await expect(colleague.getByText(`Part number results for "${part}"`)).toBeVisible();
    await colleague.close();
  });

  test("the size grid shows a product's prices by width and height; a cell opens its row", async ({ page }) => {
    await employeeCatalogue(page);
    await page.getByText('Size grid', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=grid/);
    const cell = page.getByRole('button', {
      name: new RegExp(`^10 x 10 \\(10x10x1\\), M10-10101: \\${acmePrice(659)}`),
    });
    await expect(cell).toBeVisible();
    await expect(cell).toHaveText(acmePrice(659));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await cell.click();
    const row = page.getByRole('row').filter({ hasText: 'M10-10101' }).first();
    await expect(row).toBeInViewport();
    await expect(row).toHaveAttribute('data-highlight', 'true');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test("a product's header row stays in view while its rows scroll; the size grid passes axe", async ({ page }) => {
    await employeeCatalogue(page);
    const table = page.getByRole('table').first();
    const header = table.getByRole('columnheader', { name: 'Price' });
    await expect(header).toBeVisible();
    // Scroll well into the first product's rows: its header sits under the app header (60 px).
    const rows = table.getByRole('row');
    const count = await rows.count();
    expect(count).toBeGreaterThan(20);
    await rows.nth(Math.floor(count / 2)).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect.poll(async () => Math.round((await header.boundingBox())!.y)).toBeGreaterThanOrEqual(59);
    expect((await header.boundingBox())!.y).toBeLessThan(120);
    await expect(header).toBeInViewport();

    await page.getByText('Size grid', { exact: true }).click();
    await expect(page.getByRole('table', { name: /prices by size/ }).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('a superadmin views the catalogue as a company', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`sees that company's employee prices, with a banner (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, USERS.superadmin.email);
      await expect(page).toHaveURL('/superadmin/companies');
      await page.goto('/superadmin/catalog');
      const row = () => page.getByRole('row').filter({ hasText: 'M10-10101' }).first();
      await expect(row()).toContainText(formatPrice(659));

      await page.getByRole('combobox', { name: 'View as company' }).click();
      await page.getByRole('option', { name: 'Acme Air' }).click();
      await expect(page).toHaveURL(/[?&]asCompany=[0-9a-f-]{36}/);
      const banner = page.getByRole('status', { name: 'Viewing as a company' });
      await expect(banner).toContainText('Prices of Acme Air');
      await expect(row()).toContainText(acmePrice(659));
      await expect(row()).not.toContainText(formatPrice(659));
      await expect(page.getByRole('button', { name: 'Edit Catalog' })).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The company page links here and shows what it pays.
      const url = page.url();
      await page.reload();
      await expect(row()).toContainText(acmePrice(659));
      await banner.getByRole('button', { name: 'Back to list prices' }).click();
      await expect(row()).toContainText(formatPrice(659));
      await page.goto(url);
      await expect(banner).toContainText('Acme Air');
    });
  }

  test('the company page shows what the company pays and links to its catalogue (both sizes, axe)', async ({
    page,
  }) => {
    await signIn(page, USERS.superadmin.email);
    await expect(page).toHaveURL('/superadmin/companies');
    await page.getByPlaceholder('Search companies by name...').fill('Acme Air');
    await page.getByTestId('company-card').filter({ hasText: 'Acme Air' }).getByText('Acme Air').click();
    await expect(page).toHaveURL(/\/superadmin\/companies\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('multiplier-discount_percentage')).toContainText('0.4550');
    await expect(page.getByTestId('multiplier-discount_percentage')).toContainText('pays 45.5 % of list');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await page.getByRole('link', { name: 'Company settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Company' })).toBeVisible();
    await expect(page.getByLabel(/^Polyroll Multiplier/)).toHaveValue('1.0000');
    await page.getByLabel(/^Price Multiplier/).fill('0.5');
    const preview = page.getByRole('table', { name: 'Price preview' });
    await expect(preview.getByRole('row').nth(1)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await page.goBack();

    await page.getByRole('link', { name: 'View catalogue as Acme Air' }).click();
    await expect(page.getByRole('status', { name: 'Viewing as a company' })).toContainText('Acme Air');
    await expect(page.getByRole('row').filter({ hasText: 'M10-10101' }).first()).toContainText(acmePrice(659));
  });
});
