/**
 * Sites and the filter programme in the browser: a technician's phone (390 × 844) opens a site and
 * records a change (re-fitting the slot with a catalogue part) without anything scrolling sideways, and an admin onboards 40 filter slots from a
 * CSV on the desktop (upload → dry-run preview → Apply). Screenshots of the site page go to
 * /work/helpers/shots/ when that folder exists.
 */
import fs from 'node:fs';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { E2E_PORT } from './playwright.config';
import { PASSWORD, USERS, expect, signIn, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = '/work/helpers/shots';
const HEADER = 'site code,site name,unit label,stage,part number or size,quantity,interval,last changed';
/** A run of its own: site codes never collide with an earlier run's on the same database. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

test.describe.configure({ timeout: 120_000 });

/** The Acme admin's API session (seeds a site through the import, as an onboarding would). */
async function adminApi() {
  const base = `http://localhost:${E2E_PORT}`;
  const ctx = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const csrf0 = (await (await ctx.get('/api/csrf-token')).json()).token as string;
  const login = await ctx.post('/api/login', {
    data: { email: USERS.admin.email, password: PASSWORD },
    headers: { 'x-xsrf-token': csrf0 },
  });
  const token = (await login.json()).token as string;
  const auth = { authorization: `Bearer ${token}` };
  const csrf = (await (await ctx.get('/api/csrf-token', { headers: auth })).json()).token as string;
  return { ctx, headers: { ...auth, 'x-xsrf-token': csrf } };
}

/** Imports `csv` through the API: upload, wait for the dry run, apply. */
async function importThroughApi(csv: string) {
  const { ctx, headers } = await adminApi();
  try {
    const started = await ctx.post('/api/sites/import', {
      headers,
      multipart: { file: { name: 'programme.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(started.status()).toBe(202);
    const id = (await started.json()).data._id as string;
    await expect
      .poll(async () => (await (await ctx.get(`/api/sites/import/${id}`, { headers })).json()).data.status, {
        timeout: 30_000,
      })
      .toBe('ready');
    expect((await ctx.post(`/api/sites/import/${id}/apply`, { headers })).status()).toBe(200);
  } finally {
    await ctx.dispose();
  }
}

async function openSite(page: Page, name: string) {
  await signIn(page, USERS.admin.email);
  await expect(page).toHaveURL(/\/admin\//, { timeout: 20_000 });
  await page.goto('/admin/sites');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 20_000 });
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

function shot(page: Page, name: string) {
  return fs.existsSync(SHOTS) ? page.screenshot({ path: `${SHOTS}/${name}`, fullPage: true }) : Promise.resolve();
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: PHONE });

  test('a technician opens a site and records a change: nothing scrolls sideways, buttons are a finger high', async ({
    page,
  }) => {
    const name = `Plant Room ${RUN}`;
    await importThroughApi(
      [
        HEADER,
        `PR-${RUN},${name},AHU-1 North Penthouse Air Handler,pre,16 3/8 x 20 1/4 x 1 exact,12,3 months,2026-01-31`,
        `PR-${RUN},${name},AHU-1 North Penthouse Air Handler,final,M10-10101,12,6 months,2026-01-31`,
      ].join('\n'),
    );
    await openSite(page, name);
    const slots = page.getByTestId('slot');
    await expect(slots).toHaveCount(2);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // No button label or badge is cut short.
    for (const label of await slots.locator('.mantine-Button-label, .mantine-Badge-label').all()) {
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await shot(page, 'site-390.png');

    const record = slots.first().getByRole('button', { name: 'Record change' });
    const box = await record.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(40);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await record.click();
    const dialog = page.getByRole('dialog', { name: 'Record change' });
    await expect(dialog.getByLabel('Changed on')).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByLabel('Pressure drop (in. w.c.)').fill('0.45');
    // The custom size was replaced by a catalogue part this time: found by its part number.
    await expect(slots.first()).not.toContainText('M10-10101');
    await dialog.getByRole('combobox', { name: 'Filter fitted' }).fill('M10-10101');
    await page
      .getByRole('option', { name: /^M10-10101 · / })
      .first()
      .click();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const submit = dialog.getByRole('button', { name: 'Record change' });
    expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await submit.click();
    await expect(page.getByText('Change recorded')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(slots.first()).toContainText('last changed');
    await expect(slots.first()).toContainText('M10-10101');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('an admin imports 40 filter slots: dry-run preview with counts, then Apply', async ({ page }) => {
    const name = `Campus ${RUN}`;
    const rows = [HEADER];
    for (let unit = 1; unit <= 20; unit++) {
      rows.push(`CA-${RUN},${name},AHU-${unit},pre,20x25x1,4,3 months,2026-02-28`);
      rows.push(`CA-${RUN},${name},AHU-${unit},final,m10 10101,4,6 months,2026-02-28`);
    }
    await signIn(page, USERS.admin.email);
    await expect(page).toHaveURL(/\/admin\//, { timeout: 20_000 });
    await page.goto('/admin/sites');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import the filter programme' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'campus.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows.join('\n')),
    });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    const counts = dialog.getByRole('group', { name: 'Dry-run counts' });
    await expect(counts).toContainText('Slots to create: 40', { timeout: 30_000 });
    await expect(counts).toContainText('Sites to create: 1');
    await expect(counts).toContainText('Units to create: 20');
    await expect(counts).toContainText('Errors: 0');
    // The dry run wrote nothing yet.
    await expect(page.getByRole('link', { name })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(dialog.getByText('40 filter slots created')).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('slot')).toHaveCount(40);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
    await shot(page, 'site-1440.png');
  });

  test('a file with a bad row shows the row and column, and cannot be applied', async ({ page }) => {
    await signIn(page, USERS.admin.email);
    await expect(page).toHaveURL(/\/admin\//, { timeout: 20_000 });
    await page.goto('/admin/sites');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import the filter programme' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\nBAD-${RUN},Bad,AHU-1,final,M10-10101,4,5 years,2026-02-28\n`),
    });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await expect(dialog.getByRole('table', { name: 'Import errors' })).toContainText(
      "Row 2: interval '5 years' is longer than 730 days",
      { timeout: 30_000 },
    );
    await expect(dialog.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled();
  });
});
