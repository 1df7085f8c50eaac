import type { Locator, Page } from '@playwright/test';
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
    // Something for the second superadmin's inbox: the first one edits a company's name back and forth.
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
    await expectWithinPhoneWidth(acme.getByRole('cell').filter({ hasText: /^Employees/ }));
    await noSideScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/superadmin/audit');
    const audit = page.getByRole('table', { name: 'Audit entries' });
    const firstEntry = audit.getByRole('row').nth(1);
    await expectWithinPhoneWidth(firstEntry.getByRole('cell').filter({ hasText: /^Action/ }));
    await noSideScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/superadmin/notifications');
    const notes = page.getByRole('table', { name: 'Notifications' });
    const note = notes.getByRole('row').nth(1);
    await expect(note).toBeVisible();
    if (!(await note.getByText('No notifications found.').count())) {
      await expectWithinPhoneWidth(note.getByRole('cell').filter({ hasText: /^Action/ }));
      await expectWithinPhoneWidth(note.getByRole('cell').filter({ hasText: /^Date/ }));
    }
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

  test('sidebar labels fit at 1440 px; skip link first; "/" focuses the catalogue search', async ({ page }) => {
    await signIn(page, USERS.superadmin.email);
    await expect(page).toHaveURL('/superadmin/companies');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const labels = nav.locator('.mantine-NavLink-label');
    for (let i = 0; i < (await labels.count()); i++) {
      const cut = await labels.nth(i).evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, `label ${await labels.nth(i).textContent()} is cut`).toBe(false);
    }

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    await page.goto('/superadmin/catalog');
    await expect(page.getByLabel('Part number')).toBeVisible();
    await page.locator('body').click({ position: { x: 700, y: 10 } });
    await page.keyboard.press('/');
    await expect(page.getByLabel('Part number')).toBeFocused();
  });
});
