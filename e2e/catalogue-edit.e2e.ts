/**
 * Browser tests: the superadmin's edit grid (react-datasheet-grid) against the
 * real API — keyboard editing, clipboard paste, reorder, add / remove, atomic save and reload,
 * the unsaved-changes prompt, two editors and the 409 conflict view, and live customer prices.
 *
 * Each test edits its own product (MERV 10 → 2" / 4" sub-categories, which other e2e files don't
 * read), so the seeded data the other files depend on stays as it is.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { companyPriceCents, formatPrice } from '@portal/domain';
import { COMPANIES, E2E_PRESENCE_TTL_SECONDS, expect, expectToast, PASSWORD, test, USERS } from './fixtures';
import { seriousA11yViolations } from './a11y';

// The e2e company 'Acme Air' has discount_percentage 45.5 (others 100): see global-setup.ts.
const ACME = {
  discount_percentage: '45.50',
  rigidflow_percentage: '100',
  minipro_percentage: '100',
  polyroll_percentage: '100',
};
const acmePrice = (listCents: number) => formatPrice(companyPriceCents(listCents, 'MERV 10', ACME));

/** Grid columns (MERV 10 shows Actual Size): index in a row's `.dsg-cell`s, 0 = gutter. */
const COL = {
  part_number: 1,
  size: 2,
  actual_size: 3,
  depth: 4,
  odd_size: 5,
  min_area: 6,
  max_area: 7,
  odd_size_type: 8,
  out_of_stock: 9,
  list_price: 10,
} as const;
type Col = keyof typeof COL;

async function signIn(page: Page, who: { email: string }, home: string | RegExp) {
  await page.goto('/');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(home);
}

async function newSignedInPage(
  browser: Browser,
  who: { email: string },
  home: string | RegExp,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who, home);
  return { context, page };
}

/** Catalog → Edit Catalog → MERV 10 → sub-category tab → product in the Product select. */
async function openEditor(page: Page, sub: string, product: string) {
  await page.getByRole('navigation').first().getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL('/superadmin/catalog');
  const toggle = page.getByRole('button', { name: 'Edit Catalog' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Edit MERV 10' })).toBeVisible();
  await page.getByRole('tab', { name: sub, exact: true }).click();
  await expect(page.getByRole('tab', { name: sub, exact: true })).toHaveAttribute('aria-selected', 'true');
  // The chosen tab's panel: while tabs switch, the previous panel may still hold its own Product select.
  await page
    .getByRole('tabpanel', { name: sub, exact: true })
    .getByLabel('Product', { exact: true })
    .selectOption({ label: product });
  await expect(cell(page, 1, 'part_number')).toBeVisible();
}

const grid = (page: Page) => page.getByRole('region', { name: 'Variants' });

/** Row n (1-based, as numbered in the gutter) of the grid. */
function row(page: Page, n: number): Locator {
  return grid(page)
    .locator('.dsg-row:not(.dsg-row-header)')
    .filter({ has: page.locator('.cg-rownum').getByText(String(n), { exact: true }) });
}

function cell(page: Page, n: number, col: Col): Locator {
  return row(page, n).locator('.dsg-cell').nth(COL[col]);
}

/** The text of a cell as shown (inputs: their value; dropdown cells: their label). */
async function cellText(page: Page, n: number, col: Col): Promise<string> {
  const c = cell(page, n, col);
  const input = c.locator('input');
  if (await input.count()) return input.inputValue();
  return (await c.innerText()).replace('▾', '').trim();
}

async function expectCell(page: Page, n: number, col: Col, value: string) {
  await expect.poll(() => cellText(page, n, col)).toBe(value);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'All changes saved successfully');
  await expect(grid(page).locator('.cg-row-edited, .cg-row-new, .cg-row-deleted')).toHaveCount(0);
}

/** Puts TSV on the system clipboard (as a spreadsheet copy does) and pastes it with Ctrl+V. */
async function pasteFromClipboard(page: Page, tsv: string) {
  await page.evaluate((text) => navigator.clipboard.writeText(text), tsv);
  await page.keyboard.press('ControlOrMeta+V');
}

async function reopenEditor(page: Page, sub: string, product: string) {
  // After a reload the catalogue opens in view mode again.
  const toggle = page.getByRole('button', { name: 'Edit Catalog' });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(page.getByRole('heading', { name: 'Edit MERV 10' })).toBeVisible();
  await page.getByRole('tab', { name: sub, exact: true }).click();
  await page.getByLabel('Product', { exact: true }).selectOption({ label: product });
  await expect(cell(page, 1, 'part_number')).toBeVisible();
}

/** Selects a cell, replaces its content by typing (typing starts editing), Enter commits. */
async function typeInto(page: Page, n: number, col: Col, text: string) {
  await cell(page, n, col).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** All part numbers of the grid in order (scrolls through the virtualised rows). */
async function partNumbers(page: Page): Promise<string[]> {
  const container = grid(page).locator('.dsg-container');
  const seen = new Map<number, string>();
  await container.evaluate((el) => (el.scrollTop = 0));
  for (let i = 0; i < 50; i++) {
    const rows = await grid(page)
      .locator('.dsg-row:not(.dsg-row-header)')
      .evaluateAll((els) =>
        els.map((r) => [
          Number(r.querySelector('.cg-rownum')?.textContent),
          (r.querySelectorAll('.dsg-cell')[1]?.querySelector('input') as HTMLInputElement | null)?.value ?? '',
        ]),
      );
    for (const [n, pn] of rows) seen.set(n as number, pn as string);
    const done = await container.evaluate((el) => {
      const end = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      el.scrollTop += el.clientHeight - 40;
      return end;
    });
    if (done) break;
    await page.waitForTimeout(50);
  }
  await container.evaluate((el) => (el.scrollTop = 0));
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, pn]) => pn);
}

// The shared 2-core machine is slow: give these multi-context flows room.
test.describe.configure({ timeout: 120_000 });

test.describe('catalogue edit grid', () => {
  test('keyboard edits, clipboard paste, reorder, add and remove variants, save, and the values persist', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, USERS.superadmin, '/superadmin/companies');
    await openEditor(page, '4"', 'MERV 10 Pleated Filter 4"');
    const before = await partNumbers(page);
    expect(before.slice(0, 8)).toEqual([
      'M10-10104',
      'M10-10144',
      'M10-10164',
      'M10-10184',
      'M10-10204',
      'M10-10244',
      'M10-10254',
      'M10-10304',
    ]);

    // Select a cell and type over it (typing starts editing); Enter commits.
    await typeInto(page, 1, 'size', '10x10x4 HD');
    await expectCell(page, 1, 'size', '10x10x4 HD');
    await expect(row(page, 1)).toHaveClass(/cg-row-edited/);

    // Arrow keys move the selection; F2 edits in place (caret at the end); Enter commits.
    await cell(page, 1, 'depth').click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('F2');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('4.25');
    await page.keyboard.press('Enter');
    await expectCell(page, 2, 'depth', '4.25');
    // Enter on a selected cell edits it too.
    await cell(page, 3, 'actual_size').click();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.type('-B');
    await page.keyboard.press('Enter');
    await expectCell(page, 3, 'size', '10x16x4-B');
    // A price typed with a dollar sign and a thousands separator is read as money.
    await typeInto(page, 2, 'list_price', '$1,021.5');
    await expectCell(page, 2, 'list_price', '$1,021.50');
    // Escape while editing restores the cell.
    await cell(page, 3, 'part_number').click();
    await page.keyboard.type('NOPE');
    await page.keyboard.press('Escape');
    await expectCell(page, 3, 'part_number', 'M10-10164');

    // Paste a 2×3 block (Part Number, Size, Actual Size) copied from a spreadsheet onto rows 4–5.
    await cell(page, 4, 'part_number').click();
    await pasteFromClipboard(
      page,
      'M10-PASTE-1\t11x11x4\t10.5 x 10.5 x 3.75\r\nM10-PASTE-2\t12x12x4\t11.5 x 11.5 x 3.75\r\n',
    );
    await expectCell(page, 4, 'part_number', 'M10-PASTE-1');
    await expectCell(page, 4, 'size', '11x11x4');
    await expectCell(page, 4, 'actual_size', '10.5 x 10.5 x 3.75');
    await expectCell(page, 5, 'part_number', 'M10-PASTE-2');
    await expectCell(page, 5, 'size', '12x12x4');
    await expectCell(page, 5, 'actual_size', '11.5 x 11.5 x 3.75');
    await expect(row(page, 5)).toHaveClass(/cg-row-edited/);

    // Reorder: row 2 up (→ row 1), then drag row 8 onto row 7's gutter.
    await page.getByRole('button', { name: 'Move row 2 up' }).click();
    await expectCell(page, 1, 'part_number', 'M10-10144');
    await expectCell(page, 2, 'part_number', 'M10-10104');
    await page.getByRole('button', { name: 'Drag row 8' }).dragTo(row(page, 7).locator('.cg-gutter'));
    await expectCell(page, 7, 'part_number', 'M10-10304');
    await expectCell(page, 8, 'part_number', 'M10-10254');

    // Remove an existing row (struck through until saved).
    await expectCell(page, 6, 'part_number', 'M10-10244');
    await page.getByRole('button', { name: 'Remove row 6' }).click();
    await expectToast(page, 'Variant removed. Remember to save changes.');
    await expect(row(page, 6)).toHaveClass(/cg-row-deleted/);

    // Add a variant: appended and selected; fill it from the keyboard (Tab moves right).
    await page.getByRole('button', { name: 'Add Variant' }).click();
    await expectToast(page, 'New variant added. Remember to save changes.');
    await expect(grid(page).locator('.cg-row-new')).toHaveCount(1);
    const last = Number(await grid(page).locator('.cg-row-new .cg-rownum').innerText());
    expect(last).toBe(before.length + 1);
    for (const [text, key] of [
      ['M10-NEW-4', 'Tab'],
      ['30x30x4', 'Tab'],
      ['29.5 x 29.5 x 3.75', 'Tab'],
      ['4', 'Enter'],
    ] as const) {
      await page.keyboard.type(text);
      await page.keyboard.press(key);
    }
    await typeInto(page, last, 'list_price', '77.7');
    await expectCell(page, last, 'part_number', 'M10-NEW-4');
    await expectCell(page, last, 'depth', '4');
    await expectCell(page, last, 'list_price', '$77.70');
    // A second new row removed again never reaches the server.
    await page.getByRole('button', { name: 'Add Variant' }).click();
    await page.getByRole('button', { name: `Remove row ${last + 1}` }).click();
    await expect(grid(page).locator('.cg-row-new')).toHaveCount(1);

    await save(page);
    const expected = [
      'M10-10144',
      'M10-10104',
      'M10-10164',
      'M10-PASTE-1',
      'M10-PASTE-2',
      'M10-10304',
      'M10-10254',
      ...before.slice(8),
      'M10-NEW-4',
    ];
    // The grid takes the saved rows back from the server (and its own save's push): read it once it settled.
    await expect.poll(() => partNumbers(page), { timeout: 15_000 }).toEqual(expected);

    // Reload: everything comes back from the server, in the saved order.
    await page.reload();
    await reopenEditor(page, '4"', 'MERV 10 Pleated Filter 4"');
    await expect.poll(() => partNumbers(page), { timeout: 15_000 }).toEqual(expected);
    await expectCell(page, 1, 'list_price', '$1,021.50');
    await expectCell(page, 1, 'depth', '4.25');
    await expectCell(page, 2, 'size', '10x10x4 HD');
    await expectCell(page, 3, 'size', '10x16x4-B');
    await expectCell(page, 4, 'actual_size', '10.5 x 10.5 x 3.75');
    await expectCell(page, 5, 'size', '12x12x4');
    await grid(page)
      .locator('.dsg-container')
      .evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expectCell(page, expected.length, 'part_number', 'M10-NEW-4');
    await expectCell(page, expected.length, 'list_price', '$77.70');
    await expect(grid(page).locator('.cg-row-edited, .cg-row-new, .cg-row-deleted')).toHaveCount(0);
  });

  test('leaving with unsaved changes offers Save Changes / Discard Changes / Stay Here', async ({ page }) => {
    await signIn(page, USERS.superadmin, '/superadmin/companies');
    await openEditor(page, '4"', 'MERV 10 Pleated Filter 4", Die-Cut Frame');
    await expectCell(page, 1, 'part_number', 'M10D-10104');
    const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
    const choices = async () => {
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText('You have unsaved changes. Are you sure you want to leave?');
      for (const name of ['Save Changes', 'Discard Changes', 'Stay Here'])
        await expect(prompt.getByRole('button', { name })).toBeVisible();
    };

    // Another page of the app: Stay Here keeps the edit and the route.
    await typeInto(page, 1, 'size', '10x10x4 STAY');
    await page.getByRole('navigation').first().getByRole('link', { name: 'Companies' }).click();
    await choices();
    await prompt.getByRole('button', { name: 'Stay Here' }).click();
    await expect(prompt).toBeHidden();
    // Still the catalogue (the view's category and tab are in the query).
    await expect(page).toHaveURL(/\/superadmin\/catalog(\?|$)/);
    await expectCell(page, 1, 'size', '10x10x4 STAY');

    // Closing the tab: the browser's own leave warning.
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Another product: Discard Changes switches and drops the edit.
    await page.getByLabel('Product', { exact: true }).selectOption({ label: 'MERV 10 Pleated Filter 4"' });
    await choices();
    await prompt.getByRole('button', { name: 'Discard Changes' }).click();
    await expect(prompt).toBeHidden();
    await expect.poll(() => cellText(page, 1, 'part_number')).toMatch(/^M10-1/);
    await page
      .getByLabel('Product', { exact: true })
      .selectOption({ label: 'MERV 10 Pleated Filter 4", Die-Cut Frame' });
    await expect(prompt).toBeHidden();
    await expectCell(page, 1, 'size', '10x10x4');

    // Leaving edit mode: Save Changes saves, then leaves.
    await typeInto(page, 1, 'size', '10x10x4 SAVED');
    await page.getByRole('button', { name: 'Edit Catalog' }).click();
    await choices();
    await prompt.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'All changes saved successfully');
    await expect(page.getByRole('button', { name: 'Edit Catalog' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Edit Catalog' }).click();
    await page.getByRole('tab', { name: '4"', exact: true }).click();
    await page
      .getByLabel('Product', { exact: true })
      .selectOption({ label: 'MERV 10 Pleated Filter 4", Die-Cut Frame' });
    await expectCell(page, 1, 'size', '10x10x4 SAVED');
  });

  test('two superadmins on one product: live banner, the second save gets the conflict view, nothing is lost', async ({
    browser,
  }) => {
    const product = 'MERV 10 Antimicrobial Pleated Filter 4"';
    const a = await newSignedInPage(browser, USERS.superadmin, '/superadmin/companies');
    const b = await newSignedInPage(browser, USERS.superadmin, '/superadmin/companies');
    try {
      await openEditor(a.page, '4"', product);
      await openEditor(b.page, '4"', product);
      await expectCell(b.page, 1, 'part_number', 'M10A-10104');

      // B starts editing (row 1 price, row 2 size) while A saves row 1's price.
      await typeInto(b.page, 1, 'list_price', '33');
      await typeInto(b.page, 2, 'size', '10x14x4 B');
      await typeInto(a.page, 1, 'list_price', '44');
      await save(a.page);
      // B is told live that the product changed underneath.
      await expect(
        b.page.getByRole('alert').filter({ hasText: 'This product was changed by someone else' }),
      ).toBeVisible();

      // B saves: 409 → conflict view with both values; nothing was applied.
      await b.page.getByRole('button', { name: 'Save Changes' }).click();
      const conflict = b.page.getByRole('dialog', { name: 'Someone else changed these rows' });
      await expect(conflict).toBeVisible();
      const line = conflict.getByRole('row').filter({ hasText: 'M10A-10104' });
      await expect(line).toContainText('List Price');
      await expect(line).toContainText('$33.00');
      await expect(line).toContainText('$44.00');
      await expect(conflict.getByRole('row').filter({ hasText: 'M10A-10144' })).toHaveCount(0);

      // Reload takes theirs for the conflicting row and keeps B's other edit; B's save then succeeds.
      await conflict.getByRole('button', { name: 'Reload' }).click();
      await expect(conflict).toBeHidden();
      await expectCell(b.page, 1, 'list_price', '$44.00');
      await expectCell(b.page, 2, 'size', '10x14x4 B');
      await expect(b.page.getByText('This product was changed by someone else')).toBeVisible();
      await b.page
        .getByRole('alert')
        .filter({ hasText: 'changed by someone else' })
        .getByRole('button', { name: 'Reload' })
        .click();
      await expectCell(b.page, 2, 'size', '10x14x4 B');
      await save(b.page);

      // A has no unsaved edits: B's save simply shows up in A's grid (no banner, no reload).
      await expectCell(a.page, 2, 'size', '10x14x4 B');
      await expect(a.page.getByText('This product was changed by someone else')).toBeHidden();

      // Round two, Overwrite: A and B both change row 3's price; B overwrites A.
      await typeInto(a.page, 3, 'list_price', '55');
      await typeInto(b.page, 3, 'list_price', '66');
      await save(a.page);
      await b.page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(conflict).toBeVisible();
      await expect(conflict.getByRole('row').filter({ hasText: 'M10A-10164' })).toContainText('$55.00');
      await conflict.getByRole('button', { name: 'Overwrite' }).click();
      await expectToast(b.page, 'All changes saved successfully');
      await expect(conflict).toBeHidden();
      await expectCell(b.page, 3, 'list_price', '$66.00');

      // Both see the final state after a reload: every value someone saved is there.
      for (const p of [a.page, b.page]) {
        await p.reload();
        await reopenEditor(p, '4"', product);
        await expectCell(p, 1, 'list_price', '$44.00');
        await expectCell(p, 2, 'size', '10x14x4 B');
        await expectCell(p, 3, 'list_price', '$66.00');
      }
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test("an employee's open catalogue shows the new list price live, at their company price", async ({ browser }) => {
    const emp = await newSignedInPage(browser, USERS.employee, '/employee/catalog');
    const admin = await newSignedInPage(browser, USERS.superadmin, '/superadmin/companies');
    try {
      await emp.page.getByRole('tab', { name: '2"', exact: true }).click();
      const line = emp.page.getByRole('row').filter({ hasText: 'M10-10142' }).first();
      await expect(line).toContainText(acmePrice(1059));
      // A marker that a reload would lose.
      await emp.page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));

      await openEditor(admin.page, '2"', 'MERV 10 Pleated Filter 2"');
      await expectCell(admin.page, 2, 'part_number', 'M10-10142');
      await expectCell(admin.page, 2, 'list_price', '$10.59');
      await typeInto(admin.page, 2, 'list_price', '24.99');
      await save(admin.page);

      await expect(line).toContainText(acmePrice(2499), { timeout: 5000 });
      await expect(line).not.toContainText(formatPrice(2499));
      expect(await emp.page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);

      // Put the list price back (other runs of this file start from a fresh database anyway).
      await typeInto(admin.page, 2, 'list_price', '10.59');
      await save(admin.page);
      await expect(line).toContainText(acmePrice(1059), { timeout: 5000 });
    } finally {
      await emp.context.close();
      await admin.context.close();
    }
  });

  test("an employee's open catalogue shows the new price live when the superadmin changes their company's multiplier", async ({
    browser,
  }) => {
    const pct = (discount: string) => ({
      discount_percentage: discount,
      rigidflow_percentage: '100',
      minipro_percentage: '100',
      polyroll_percentage: '100',
    });
    const emp = await newSignedInPage(browser, USERS.pricer, '/employee/catalog');
    const admin = await newSignedInPage(browser, USERS.superadmin, '/superadmin/companies');
    try {
      await emp.page.getByRole('tab', { name: '2"', exact: true }).click();
      const line = emp.page.getByRole('row').filter({ hasText: 'M10-10142' }).first();
      await expect(line).toContainText(formatPrice(companyPriceCents(1059, 'MERV 10', pct('50'))));
      await emp.page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));

      await admin.page.getByPlaceholder('Search companies by name...').fill(COMPANIES.price);
      await admin.page
        .getByTestId('company-card')
        .filter({ hasText: COMPANIES.price })
        .getByText(COMPANIES.price)
        .click();
      // The gear opens the company edit screen (its own URL).
      await admin.page.getByRole('link', { name: 'Company settings' }).click();
      await admin.page.getByLabel(/^Price Multiplier/).fill('0.3');
      await admin.page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(admin.page.getByText('Data Updated Successfully')).toBeVisible();

      // The page already shown refetches its prices: no reload, no navigation.
      await expect(line).toContainText(formatPrice(companyPriceCents(1059, 'MERV 10', pct('30'))), { timeout: 5000 });
      expect(await emp.page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    } finally {
      await emp.context.close();
      await admin.context.close();
    }
  });

  // Editors still see each other long past the server's presence TTL (9 s here, 90 s in production),
  // which only the heartbeat survives.
  test('two superadmins editing one product still see each other past the presence TTL; a closed tab drops out', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const product = 'MERV 10 Pleated Filter 2", Die-Cut Frame';
    const a = await newSignedInPage(browser, USERS.superadmin, '/superadmin/companies');
    const b = await newSignedInPage(browser, USERS.superadmin2, '/superadmin/companies');
    try {
      await openEditor(a.page, '2"', product);
      await openEditor(b.page, '2"', product);
      await expect(a.page.getByText(`Also editing: ${USERS.superadmin2.username}`)).toBeVisible();
      await expect(b.page.getByText(`Also editing: ${USERS.superadmin.username}`)).toBeVisible();

      await a.page.waitForTimeout(2 * E2E_PRESENCE_TTL_SECONDS * 1000 + 5_000);
      // A third tab joins now: the server sweeps expired rows and tells everyone who is still there.
      const c = await newSignedInPage(browser, USERS.superadmin, '/superadmin/companies');
      try {
        await openEditor(c.page, '2"', product);
        await expect(c.page.getByText(`Also editing: ${USERS.superadmin2.username}`)).toBeVisible();
        await expect(a.page.getByText(`Also editing: ${USERS.superadmin2.username}`)).toBeVisible();
        await expect(b.page.getByText(`Also editing: ${USERS.superadmin.username}`)).toBeVisible();
      } finally {
        await c.context.close();
      }

      await b.context.close();
      await expect(a.page.getByText(/Also editing:/)).toBeHidden({ timeout: 30_000 });
    } finally {
      await a.context.close();
      await b.context.close().catch(() => undefined);
    }
  });

  test('the edit grid page has no serious accessibility findings', async ({ page }) => {
    await signIn(page, USERS.superadmin, '/superadmin/companies');
    await openEditor(page, '2"', 'MERV 10 Pleated Filter 2", Die-Cut Frame');
    await cell(page, 1, 'size').click();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
