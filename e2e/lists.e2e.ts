import type { Locator, Page } from '@playwright/test';
import { Client } from 'pg';
import { seriousA11yViolations } from './a11y';
import { expect, signIn, test, USERS } from './fixtures';

/**
 * Issue 27 §4 in the browser: on a 390 × 844 phone the admin lists stack their rows so the key
 * fields are on screen without sideways scrolling; labels fit at 1440 px; the keyboard basics.
 */

const PHONE = { width: 390, height: 844 };

/** The element is on screen horizontally: starts at x ≥ 0 and ends inside the 390 px viewport. */
async function expectWithinPhoneWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('admin lists on a phone', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ viewport: PHONE });

  test('administrators (email), notifications (action, date), audit log (action), companies (status, counts)', async ({
    page,
  }) => {
    // An entry in the inbox (someone else's action), as the worker writes it.
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    await db.query(
      `INSERT INTO notifications (event_id, username, email, description)
       VALUES (gen_random_uuid(), 'Phone Check', 'phone.check@acme.test', 'Employee "Phone Check" of "Acme Air" invited by admin Alice Admin')`,
    );
    await db.end();
    await signIn(page, USERS.superadmin2.email);
    await expect(page).toHaveURL('/superadmin/companies');

    await page.goto('/superadmin/administrators');
    const admins = page.getByRole('table', { name: 'Administrators' });
    const adminRow = admins.getByRole('row').filter({ hasText: USERS.admin.username });
    await expectWithinPhoneWidth(adminRow.getByText(USERS.admin.email));
    await noSideScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/superadmin/companies');
    await page.getByText('List view').click({ force: true });
    const companies = page.getByRole('table', { name: 'Companies' });
    const acme = companies.getByRole('row').filter({ hasText: 'Acme Air' });
    await expectWithinPhoneWidth(acme.getByText(/^(Active|Inactive)$/));
    await expectWithinPhoneWidth(acme.locator('td[data-label="Employees"]'));
    await expectWithinPhoneWidth(acme.locator('td[data-label="Administrators"]'));
    await noSideScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/superadmin/audit');
    const audit = page.getByRole('table', { name: 'Audit entries' });
    const firstEntry = audit.getByRole('row').nth(1);
    await expectWithinPhoneWidth(firstEntry.locator('td[data-label="Action"]'));
    await noSideScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/superadmin/notifications');
    const notes = page.getByRole('table', { name: 'Notifications' });
    const note = notes.getByRole('row').filter({ hasText: 'Phone Check' }).first();
    await expectWithinPhoneWidth(note.locator('td[data-label="Action"]'));
    await expectWithinPhoneWidth(note.locator('td[data-label="Date"]'));
    await noSideScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Esc closes the phone menu.
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(page.getByRole('button', { name: 'Close navigation menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeVisible();
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('sidebar labels fit at 1440 px; skip link first; "/" focuses the catalogue search', async ({
    page,
    browser,
  }) => {
    await signIn(page, USERS.superadmin.email);
    await expect(page).toHaveURL('/superadmin/companies');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const labels = nav.locator('.mantine-NavLink-label');
    await expect(labels.first()).toBeVisible();
    expect(await labels.count()).toBeGreaterThan(5);
    for (let i = 0; i < (await labels.count()); i++) {
      const cut = await labels.nth(i).evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, `label ${await labels.nth(i).textContent()} is cut`).toBe(false);
    }

    // From the top of a freshly loaded page, as a keyboard user arrives. (Blurring is not enough: the
    // browser keeps its focus navigation starting point where the last click or focus left it.)
    await page.reload();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    const employee = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(employee, USERS.employee.email);
    await expect(employee).toHaveURL('/employee/catalog');
    // "/" focuses the find box (the one search that looks everywhere).
    const search = employee.getByRole('textbox', { name: 'Find any filter' });
    await expect(search).toBeVisible();
    await employee.getByRole('heading', { level: 1 }).first().click();
    await employee.keyboard.press('/');
    await expect(search).toBeFocused();
  });
});
