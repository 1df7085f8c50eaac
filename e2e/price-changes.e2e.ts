/**
 * Browser test: a multiplier change scheduled on the company edit screen ("Schedule…", with its
 * preview), moved to a few seconds ahead → the company's admin gets the notice email and the
 * customers' catalogue its banner → at the instant the employee's open catalogue shows the new price
 * without a reload.
 */
import { request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { companyPriceCents, formatPrice, priceChangeDayText } from '@portal/domain';
import { COMPANIES, expect, inbox, PASSWORD, test, USERS } from './fixtures';
import { E2E_PORT } from './playwright.config';

const pct = (discount: string) => ({
  discount_percentage: discount,
  rigidflow_percentage: '100',
  minipro_percentage: '100',
  polyroll_percentage: '100',
});

async function signedIn(
  browser: Browser,
  who: { email: string },
  home: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(home);
  return { context, page };
}

/** The superadmin's API session (moves the scheduled change to a few seconds ahead). */
async function superadminApi() {
  const base = `http://localhost:${E2E_PORT}`;
  const ctx = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const csrf0 = (await (await ctx.get('/api/csrf-token')).json()).token as string;
  const login = await ctx.post('/api/login', {
    data: { email: USERS.superadmin.email, password: PASSWORD },
    headers: { 'x-xsrf-token': csrf0 },
  });
  const token = (await login.json()).token as string;
  const auth = { authorization: `Bearer ${token}` };
  const csrf = (await (await ctx.get('/api/csrf-token', { headers: auth })).json()).token as string;
  return { ctx, headers: { ...auth, 'x-xsrf-token': csrf } };
}

test('a scheduled multiplier change: notice with the date, banner, and the new price at the instant', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const emp = await signedIn(browser, USERS.scheduleEmployee, '/employee/catalog');
  const admin = await signedIn(browser, USERS.superadmin, '/superadmin/companies');
  try {
    await emp.page.getByRole('tab', { name: '2"', exact: true }).click();
    const line = emp.page.getByRole('row').filter({ hasText: 'M10-10142' }).first();
    await expect(line).toContainText(formatPrice(companyPriceCents(1059, 'MERV 10', pct('45.67'))));
    await emp.page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));

    // "Schedule…" beside "Save Changes": the day, then the preview of what moves.
    await admin.page.getByPlaceholder('Search companies by name...').fill(COMPANIES.schedule);
    await admin.page
      .getByTestId('company-card')
      .filter({ hasText: COMPANIES.schedule })
      .getByText(COMPANIES.schedule)
      .click();
    await admin.page.getByRole('link', { name: 'Company settings' }).click();
    await admin.page.getByLabel(/^Price Multiplier/).fill('0.48');
    await admin.page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = admin.page.getByRole('dialog');
    await expect(dialog.getByLabel(/Prices change on/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(dialog.getByText('Price change scheduled')).toBeVisible();
    const preview = dialog.getByRole('table', { name: 'Prices that move' });
    await expect(preview.getByRole('row').filter({ hasText: 'M10-10142' }).first()).toContainText(
      formatPrice(companyPriceCents(1059, 'MERV 10', pct('48.00'))),
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(admin.page.getByTestId('scheduled-price-change')).toContainText(
      /^Scheduled: Price multiplier 0\.4567 → 0\.4800 on \d{1,2} \w{3}$/,
    );
    // The saved multiplier has not moved: the employee still sees today's price.
    await expect(line).toContainText(formatPrice(companyPriceCents(1059, 'MERV 10', pct('45.67'))));

    // Moved to a few seconds ahead, with a day's notice (so the notice is due at once).
    const api = await superadminApi();
    const list = await (await api.ctx.get('/api/price-changes?status=scheduled', { headers: api.headers })).json();
    const change = list.data.list.find((c: { company_name: string }) => c.company_name === COMPANIES.schedule);
    // A minute: the notice's list is built first (at the lowest CPU priority), then its email goes.
    const instant = new Date(Date.now() + 60_000);
    const moved = await api.ctx.patch(`/api/price-changes/${change._id}`, {
      headers: api.headers,
      data: { version: change.version, effective_at: instant.toISOString(), notice_days: 1 },
    });
    expect(moved.status()).toBe(200);
    await api.ctx.dispose();

    // The employee's open catalogue shows the banner; the admin's notice names the day and has the price
    // list at the new prices attached, and the banner then links to that list.
    const day = priceChangeDayText(instant, 'America/New_York');
    await expect
      .poll(
        async () =>
          (await inbox()).find(
            (m) => JSON.stringify(m.to).includes(USERS.scheduleAdmin.email) && m.subject.endsWith(day),
          )?.subject,
        { timeout: 50_000 },
      )
      .toBe(`Prices change on ${day}`);
    const notice = (await inbox()).find((m) => JSON.stringify(m.to).includes(USERS.scheduleAdmin.email))!;
    expect(notice.text).toContain('A price list of the whole catalogue at the new prices is attached');
    expect(notice.attachments).toEqual([expect.objectContaining({ filename: expect.stringMatching(/\.xlsx$/) })]);
    await expect(emp.page.getByTestId('price-change-banner')).toBeVisible({ timeout: 10_000 });
    const download = emp.page.waitForEvent('download');
    await emp.page.getByRole('button', { name: 'Download the new price list' }).click({ timeout: 10_000 });
    expect((await download).suggestedFilename()).toMatch(/^price-list-from-\d{4}-\d{2}-\d{2}\.xlsx$/);

    // At the instant (within a few seconds), the same page shows the new price: no reload. On a quiet
    // machine the notice arrives well before the instant, so the wait runs to the instant and beyond.
    await expect(line).toContainText(formatPrice(companyPriceCents(1059, 'MERV 10', pct('48.00'))), {
      timeout: Math.max(0, instant.getTime() - Date.now()) + 40_000,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(instant.getTime());
    expect(await emp.page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await expect(emp.page.getByTestId('price-change-banner')).toHaveCount(0, { timeout: 10_000 });
  } finally {
    await emp.context.close();
    await admin.context.close();
  }
});
