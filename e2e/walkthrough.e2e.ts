import { execFileSync } from 'node:child_process';
import type { Browser, Locator, Page } from '@playwright/test';
import { formatQuoteDate, todayIn } from '@portal/domain';
import {
  COMPANIES,
  expect,
  expectNoSeriousA11y,
  inbox,
  PASSWORD,
  signIn,
  signOut,
  superadminInNewContext,
  test,
  USERS,
} from './fixtures';

// What a walkthrough of the new screens found, desk (1440×900) and phone (390×844).
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The office's time zone of the e2e server (SUPPLIER_TZ is not set: the default). */
const OFFICE_TZ = 'America/New_York';
const SHOTS = process.env.WALKTHROUGH_SHOTS;

// Independent tests (own contexts, nothing one leaves for the next): spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** A screenshot of a fixed screen for the report (only when WALKTHROUGH_SHOTS names a folder). */
async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number }, home: string) {
  const page = await (await browser.newContext({ viewport, acceptDownloads: true })).newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(home);
  return page;
}

/** Text-to-background contrast of an element (its own background, over white when translucent). */
function contrastOf(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const style = getComputedStyle(node);
    const [br, bg, bb, ba = 1] = rgb(style.backgroundColor);
    const back = [br, bg, bb].map((v) => v * ba + 255 * (1 - ba));
    const [fr, fg, fb] = rgb(style.color);
    const lum = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const [l1, l2] = [lum([fr, fg, fb]), lum(back)].sort((a, b) => b - a);
    return (l1 + 0.05) / (l2 + 0.05);
  });
}

/**
 * The element lies inside the viewport's width (nothing cut off at the right edge), once it has come to
 * rest: drawers slide in from the right, and a box read mid-transition lies partly off-screen.
 */
async function expectWithinWidth(el: Locator, width: number): Promise<void> {
  await expect
    .poll(async () => {
      const box = (await el.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= width
        ? 'inside'
        : `${box.x.toFixed(1)}–${(box.x + box.width).toFixed(1)} px`;
    })
    .toBe('inside');
}

async function openMerv13(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'MERV 13' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'MERV 13' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '1"' })).toHaveAttribute('aria-selected', 'true');
}

test('catalogue: the part-number box looks everywhere, "/" focuses the find box, the three buttons say what they search', async ({
  browser,
}) => {
  const page = await signedIn(browser, USERS.walker.email, DESK, '/employee/catalog');
  await openMerv13(page);
  // Item 23: one "Search" (the spec's odd-size panel), the find box's "Find", the part number's "Look up".
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toHaveCount(1);
  await expect(page.getByRole('form', { name: 'Find any filter' }).getByRole('button', { name: 'Find' })).toBeVisible();
  const part = page.getByRole('search', { name: 'Part number search' });
  await expect(part.getByRole('button', { name: 'Look up' })).toBeVisible();

  // Item 4: a 4″ part typed on the 1″ tab opens the 4″ tab with it; no "Ask the office".
  await part.getByLabel('Part number', { exact: true }).fill('m13-20254');
  await part.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('tab', { name: '4"' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Part number results for "M13-20254"')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'M13-20254' }).first()).toBeVisible();
  await expect(page.getByText(/^Ask the office about/)).toHaveCount(0);
  await shot(page, 'part-number-other-tab-desk');
  await page.setViewportSize(PHONE);
  await shot(page, 'part-number-other-tab-phone');
  await page.setViewportSize(DESK);

  // Only a part found nowhere is a miss.
  await part.getByLabel('Part number', { exact: true }).fill('ZZ-NOPE-4417');
  await part.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText("Ask the office about 'ZZ-NOPE-4417'")).toBeVisible();

  // Item 15: an actual size (what a tape measure reads) finds the nominal filter.
  const findBox = page.getByRole('textbox', { name: 'Find any filter' });
  await findBox.fill('19.5 x 24.5 x 0.75 merv 13');
  await expect(
    page.getByRole('region', { name: 'MERV 13', exact: true }).getByRole('row').filter({ hasText: 'M13-20251' }),
  ).toBeVisible();
  await findBox.fill('');

  // "/" focuses the find box.
  await page.getByRole('heading', { level: 1 }).first().click();
  await page.keyboard.press('/');
  await expect(page.getByRole('textbox', { name: 'Find any filter' })).toBeFocused();
  await page.context().close();
});

test('quote: filed under its family, the customer hears in the app, totals on a phone, pills legible, PDF with ″ and the office day', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const office = await superadminInNewContext(browser, USERS.superadmin);
  const page = await signedIn(browser, USERS.walker.email, DESK, '/employee/catalog');
  const quotesLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Quotes/ });
  await expect(quotesLink).toHaveAccessibleName('Quotes');

  // Item 7: a 3 1/2″ size asked on the 1″ tab is filed under MERV 13, not "MERV 13 › 1″".
  await openMerv13(page);
  const odd = page.getByRole('region', { name: 'Odd Size Search' });
  await odd.getByLabel('Width (in)').fill('16 3/8');
  await odd.getByLabel('Height (in)').fill('20 1/4');
  await odd.getByLabel('Depth (in)').fill('3 1/2');
  await odd.getByRole('button', { name: 'Search', exact: true }).click();
  const form = page.getByRole('form', { name: 'Request a quote for 16 3/8″ × 20 1/4″ × 3 1/2″ (exact)' });
  await form.getByLabel('Quantity').fill('4');
  await form.getByRole('button', { name: 'Send request' }).click();
  const sent = page.getByText(/^Quote request Q-\d{6} sent$/);
  await expect(sent).toBeVisible();
  const number = /Q-\d{6}/.exec((await sent.textContent()) ?? '')![0];
  const requestDay = todayIn(OFFICE_TZ);

  await office.getByRole('link', { name: 'Quote desk' }).click();
  await office.getByRole('link', { name: number }).click();
  const editor = office.getByRole('table', { name: 'Price editor' });
  await expect(editor).toContainText('16 3/8″ × 20 1/4″ × 3 1/2″ (exact) · MERV 13');
  await expect(editor).not.toContainText('MERV 13 › 1');
  // The nearest parts are the 4″ ones (the depth nearest 3 1/2″), not 1″ parts.
  const near = editor.getByText(/^Near: /);
  await expect(near).toHaveCount(3);
  for (const text of await near.allTextContents()) expect(text).toMatch(/^Near: M13\w*-\d+4 \d+x\d+x4 /);

  // Item 8: the office asks; the customer's screen says so at once (toast, badge on Quotes).
  await office.getByLabel('Question or reason').fill('Which unit is it for?');
  await office.getByRole('button', { name: 'Ask for information' }).click();
  await expect(page.getByText(`Quote request ${number} needs your answer`)).toBeVisible({ timeout: 15_000 });
  await expect(quotesLink).toHaveAccessibleName(/^Quotes ?, 1 waiting for you$/);
  await quotesLink.click();
  const row = page.getByRole('row').filter({ hasText: number });
  // Item 1: the pill's text stands out from the pill (WCAG AA, 4.5:1).
  const infoPill = row.locator('.mantine-Badge-root', { hasText: 'Information requested' });
  await expect(infoPill).toBeVisible();
  expect(await contrastOf(infoPill)).toBeGreaterThanOrEqual(4.5);
  await row.getByRole('link', { name: number }).click();
  await page.getByLabel('Your answer to the office').fill('The east wing unit');
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(quotesLink).toHaveAccessibleName('Quotes', { timeout: 15_000 });

  // Priced and sent: the customer is told again.
  await expect(office.getByRole('heading', { level: 1 })).toContainText('In review', { timeout: 15_000 });
  await editor.getByLabel('Unit price for line 1').fill('23.40');
  await editor.getByLabel('Lead time for line 1').fill('12');
  await office.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByText(`Quote request ${number} is priced`)).toBeVisible({ timeout: 15_000 });
  await expect(quotesLink).toHaveAccessibleName(/^Quotes ?, 1 waiting for you$/);
  // Item 3 (desk): line total and quote total.
  const lines = page.getByRole('table', { name: 'Lines' });
  await expect(lines).toContainText('$93.60');
  await expect(page.getByTestId('quote-total')).toHaveText('$93.60');
  await shot(page, 'quote-quoted-desk');

  // Item 3 (phone): the price, the line total and the quote total are on screen beside Accept.
  const phone = await signedIn(browser, USERS.walker.email, PHONE, '/employee/catalog');
  await phone.goto(page.url());
  const phoneLines = phone.getByRole('table', { name: 'Lines' });
  await expect(phoneLines.getByTestId('line-terms')).toHaveText('4 × $23.40 · 12 days');
  await expectWithinWidth(phoneLines.getByTestId('line-terms'), PHONE.width);
  await expectWithinWidth(phone.getByTestId('quote-total'), PHONE.width);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(phone, 'quote-quoted-phone');
  await phone.getByRole('checkbox', { name: /made to order/ }).check();
  await phone.getByRole('button', { name: 'Accept' }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('Accepted');
  const accepted = phone.getByRole('heading', { level: 1 }).locator('.mantine-Badge-root');
  expect(await contrastOf(accepted)).toBeGreaterThanOrEqual(4.5);
  await phone.context().close();

  // Item 2: the PDF has the ″ and the office's day of the request.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Accepted');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF' }).click(),
  ]);
  const text = execFileSync('pdftotext', ['-layout', (await download.path())!, '-'], { encoding: 'utf8' });
  expect(text).toContain('16 3/8″ × 20 1/4″ × 3 1/2″ (exact)');
  expect(text).toContain(`Requested by ${USERS.walker.username} on ${formatQuoteDate(requestDay, true)}`);
  expect(text).toMatch(/Total \$93\.60/);

  // Item 1: a rejected request's pill, and every pill on the list, read clearly.
  await page.goto('/employee/catalog');
  await openMerv13(page);
  const part = page.getByRole('search', { name: 'Part number search' });
  await part.getByLabel('Part number', { exact: true }).fill('ZZ-WALK-0001');
  await part.getByRole('button', { name: 'Look up' }).click();
  const ask = page.getByRole('form', { name: "Ask the office about 'ZZ-WALK-0001'" });
  await ask.getByRole('button', { name: 'Send request' }).click();
  const second = /Q-\d{6}/.exec((await page.getByText(/^Quote request Q-\d{6} sent$/).textContent()) ?? '')![0];
  await office.getByRole('link', { name: '← Quote desk' }).click();
  await office.getByRole('link', { name: second }).click();
  await office.getByLabel('Question or reason').fill('We do not carry it');
  await office.getByRole('button', { name: 'Reject' }).click();
  await expect(office.getByRole('heading', { level: 1 })).toContainText('Rejected');
  await quotesLink.click();
  await expect(page.getByRole('row').filter({ hasText: second })).toContainText('Rejected', { timeout: 15_000 });
  for (const pill of await page.getByRole('table', { name: 'Quote requests' }).locator('.mantine-Badge-root').all())
    expect(await contrastOf(pill)).toBeGreaterThanOrEqual(4.5);
  await expectNoSeriousA11y(page);
  await shot(page, 'quotes-list-desk');
  await page.setViewportSize(PHONE);
  await shot(page, 'quotes-list-phone');
  await page.setViewportSize(DESK);

  // Item 11: a filter that matches nothing says so, not "No quote requests yet." beside non-zero tiles.
  const desk2 = await superadminInNewContext(browser, USERS.superadmin2);
  await desk2.getByRole('link', { name: 'Quote desk' }).click();
  await desk2.getByText('Mine', { exact: true }).click();
  await expect(desk2.getByRole('radio', { name: 'Mine' })).toBeChecked();
  await expect(desk2.getByText(/^No requests match these filters; \d+ in all\./)).toBeVisible();
  await expect(desk2.getByText('No quote requests yet.')).toHaveCount(0);
  await desk2.context().close();
  await office.context().close();
  await page.context().close();
});

test('Demand: new searches appear without a reload, a mapped number leaves the unmet list, and a phone can scroll to "Map to our part"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const office = await superadminInNewContext(browser, USERS.superadmin);
  await office.getByRole('link', { name: 'Demand' }).click();
  const table = office.getByRole('table', { name: 'Part numbers asked for' });
  await expect(table).toBeVisible();
  // Item 21: "To" is the viewer's day, not the UTC one.
  const localToday = await office.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await expect(office.getByLabel('To', { exact: true })).toHaveValue(localToday);

  // Item 5: a customer's search shows up by itself.
  const customer = await signedIn(browser, USERS.walker.email, DESK, '/employee/catalog');
  const find = customer.getByRole('textbox', { name: 'Find any filter' });
  for (const q of ['QX-55822', 'QX-55821']) {
    await find.fill(q);
    await find.press('Enter');
    await expect(customer.getByText(`Nothing found for "${q}"`)).toBeVisible();
  }
  const row = table.getByRole('row').filter({ hasText: 'QX-55821' });
  await expect(row).toBeVisible({ timeout: 20_000 });

  // Mapped, it leaves the "found nothing" list; with every number shown it says where it points.
  await row.getByRole('button', { name: /^Map .* to our part$/ }).click();
  const dialog = office.getByRole('dialog');
  await dialog.getByLabel('Our part number').fill('M13-20251');
  await dialog.getByRole('button', { name: 'Create alias' }).click();
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  const unmetOnly = office.getByRole('switch', { name: 'Only numbers that found nothing (and are not mapped yet)' });
  await unmetOnly.focus();
  await office.keyboard.press('Space');
  await expect(unmetOnly).not.toBeChecked();
  await expect(table.getByRole('row').filter({ hasText: 'QX-55821' })).toContainText('Mapped to M13-20251');
  await shot(office, 'demand-desk');
  await customer.context().close();
  await office.context().close();

  // Item 6: on a phone the page does not overflow, and the button can be reached and tapped.
  const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(phone, USERS.superadmin.email);
  await expect(phone).toHaveURL('/superadmin/companies');
  await phone.goto('/superadmin/demand');
  const phoneTable = phone.getByRole('table', { name: 'Part numbers asked for' });
  await expect(phoneTable).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const unmet = phoneTable.getByRole('button', { name: /^Map .* to our part$/ }).first();
  await expect(unmet).toBeVisible();
  await unmet.scrollIntoViewIfNeeded();
  await expectWithinWidth(unmet, PHONE.width);
  await unmet.click();
  await expect(phone.getByRole('dialog')).toBeVisible();
  await shot(phone, 'demand-phone');
  await phone.context().close();
});

test("a shared link survives sign-in; another area's link lands at home", async ({ page }) => {
  await page.goto('/employee/catalog?view=grid');
  await expect(page).toHaveURL('/?from=%2Femployee%2Fcatalog%3Fview%3Dgrid');
  await page.getByLabel('Email').fill(USERS.walker.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/employee/catalog?view=grid');
  await expect(page.getByRole('radio', { name: 'Size grid' })).toBeChecked();
  await signOut(page);

  await page.goto('/admin/mycompany');
  await expect(page).toHaveURL('/?from=%2Fadmin%2Fmycompany');
  await page.getByLabel('Email').fill(USERS.walker.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/employee/catalog');
});

test('phone: company edit shows the new multiplier beside the old; My price lists keeps Download on screen; the size grid explains struck-through prices', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const office = await signedIn(browser, USERS.superadmin.email, PHONE, '/superadmin/companies');
  // Logo Co (settings.e2e.ts uploads its image; its prices matter to no test) gets one saved change.
  await office.getByText(COMPANIES.logo, { exact: true }).first().click();
  await expect(office).toHaveURL(/\/superadmin\/companies\/[0-9a-f-]{36}$/);
  const id = office.url().split('/').pop()!;
  await office.goto(`/superadmin/companies/edit/${id}`);
  const multiplier = office.getByRole('textbox', { name: /^Price Multiplier/ });
  await multiplier.fill('0.9');
  await office.getByRole('button', { name: 'Save Changes' }).click();
  // The multiplier history: each change one line, the new value in view.
  const change = office.getByTestId('history-change').first();
  await expect(change).toContainText('Price Multiplier: 1.0000 → 0.9000');
  await expectWithinWidth(change, PHONE.width);
  // The preview of the next change: now and after side by side.
  await multiplier.fill('0.8');
  const nowAfter = office.getByTestId('now-after').first();
  await expect(nowAfter).toBeVisible();
  await expect(nowAfter).toContainText('→');
  await expectWithinWidth(nowAfter, PHONE.width);
  await shot(office, 'company-edit-phone');
  await office.setViewportSize(DESK);
  await shot(office, 'company-edit-desk');
  await office.context().close();

  const page = await signedIn(browser, USERS.walker.email, PHONE, '/employee/catalog');
  await expect(page.getByRole('tab', { name: '1"' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await page.getByText('Size grid', { exact: true }).click();
  const legend = page.getByTestId('size-grid-legend').first();
  await expect(legend).toHaveText('A price shown like this is out of stock.');
  await expectWithinWidth(legend, PHONE.width);
  await shot(page, 'size-grid-phone');
  await page.setViewportSize(DESK);
  await shot(page, 'size-grid-desk');
  await page.setViewportSize(PHONE);

  await page.getByRole('button', { name: 'Download price list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await dialog.getByRole('button', { name: 'Prepare price list' }).click();
  await expect(dialog.getByText(/^Your price list is ready: \d+ rows$/)).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'My price lists' }).click();
  const drawer = page.getByRole('dialog', { name: 'My price lists' });
  const download = drawer
    .getByTestId('pricelist-row')
    .first()
    .getByRole('button', { name: /^Download / });
  await expect(download).toBeVisible();
  await expectWithinWidth(download, PHONE.width);
  await shot(page, 'my-price-lists-phone');
  await page.context().close();
});

test("the local inbox: a phone sees the whole list, and the HTML preview's links open (no CSP error)", async ({
  wholeBrowser: browser,
}) => {
  // The preview's link opens a tab, which the headless shell does not do from a sandboxed frame.
  const portal = await (await browser.newContext({ viewport: PHONE })).newPage();
  await portal.goto('/forgot-password');
  await portal.getByLabel(/^Email/).fill(USERS.walker.email);
  await portal.getByRole('button', { name: 'Send Reset Link' }).click();
  let id = '';
  await expect
    .poll(
      async () => {
        // Walker's reset link, not another of Walker's emails (the quote tests mail Walker too).
        id =
          (await inbox()).find(
            (m) =>
              JSON.stringify(m.to).includes(USERS.walker.email) &&
              m.subject === 'Reset your Filter Portal password' &&
              m.html,
          )?.id ?? '';
        return id;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');

  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto(process.env.E2E_INBOX_URL!);
  // This test's message: other tests' mail ("… password was reset") shares the inbox.
  const subject = page.locator(`a[href="/messages/${encodeURIComponent(id)}"]`);
  await expect(subject).toBeVisible();
  await expectWithinWidth(subject, PHONE.width);
  await shot(page, 'inbox-phone');
  await subject.click();
  const frame = page.frameLocator('iframe[title="Message HTML"]');
  const link = frame.getByRole('link', { name: /reset/i }).first();
  await expect(link).toBeVisible();
  const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/reset-password\?code=/);
  await shot(page, 'inbox-message-phone');
  await page.setViewportSize(DESK);
  await shot(page, 'inbox-message-desk');
  await page.context().close();
  await portal.context().close();
});
