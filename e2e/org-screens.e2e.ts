import type { Browser, Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { COMPANIES, expect, PASSWORD, test, USERS } from './fixtures';

/**
 * Screens not walked elsewhere: empty states, live notifications + bulk delete, the
 * Administrators tiles. Uses the companies seeded for this file only ('Quiet Co', 'Live Co').
 */

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function expectNoSeriousA11y(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addEmployee(page: Page, username: string, email: string) {
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Employee' });
  await dialog.getByLabel(/^Send an invitation by email/).uncheck(); // an invitation is the default
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill('Employee-pass-9');
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText('Employee added Successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function liveAdminPage(browser: Browser) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, USERS.liveAdmin.email);
  await expect(page).toHaveURL('/admin/mycompany');
  await expect(page.getByRole('region', { name: 'Company' })).toContainText(COMPANIES.live);
  return { ctx, page };
}

test.describe('org screens', () => {
  // Two browser contexts plus argon2 hashing on a shared 2-core box: give each flow headroom.
  test.describe.configure({ timeout: 60_000 });

  test('empty states: My Company without employees, company detail filtered to Inactive, notifications', async ({
    page,
  }) => {
    // Admin of a company with no employees.
    await signIn(page, USERS.quietAdmin.email);
    await expect(page).toHaveURL('/admin/mycompany');
    const company = page.getByRole('region', { name: 'Company' });
    await expect(company).toContainText(COMPANIES.quiet);
    await expect(company).toContainText(USERS.quietAdmin.email);
    await expect(company).toContainText(/Employees\s*0/);
    const employees = page.getByRole('table', { name: 'Employees' });
    await expect(employees.getByText('No User found.', { exact: true })).toBeVisible();
    await expect(employees.getByRole('checkbox', { name: 'Select all' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    await expectNoSeriousA11y(page);
    await page.getByRole('combobox', { name: 'Status filter' }).selectOption({ label: 'Inactive' });
    await expect(employees.getByText('No User found.', { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: /log out/i })
      .first()
      .click();
    await expect(page).toHaveURL('/');

    // Superadmin: the same company's detail, filtered to Inactive (its only user is active).
    await signIn(page, USERS.superadmin.email);
    await expect(page).toHaveURL('/superadmin/companies');
    await page.getByPlaceholder('Search companies by name...').fill(COMPANIES.quiet);
    await expect(page.getByText('Showing 1 of 1 companies')).toBeVisible();
    await page.getByTestId('company-card').filter({ hasText: COMPANIES.quiet }).getByText(COMPANIES.quiet).click();
    await expect(page.getByRole('heading', { level: 1, name: COMPANIES.quiet })).toBeVisible();
    const users = page.getByRole('table', { name: 'Company users' });
    await expect(users.getByText(USERS.quietAdmin.username)).toBeVisible();
    await page.getByLabel('Status filter').selectOption({ label: 'Inactive' });
    await expect(users.getByText('No User found.', { exact: true })).toBeVisible();
    await expect(users.getByText(USERS.quietAdmin.username)).toHaveCount(0);
    await expectNoSeriousA11y(page);

    // Notifications: once everything is marked read, the 'Inactive' (unread) filter is empty.
    await page.goto('/superadmin/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    // Disabled when an earlier test already left nothing unread.
    if (await markAll.isEnabled()) await markAll.click();
    await expect(markAll).toBeDisabled();
    await page.getByRole('combobox', { name: 'Notification filter' }).selectOption({ label: 'Inactive' });
    const table = page.getByRole('table', { name: 'Notifications' });
    await expect(table.getByText('No notifications found.', { exact: true })).toBeVisible();
    await expectNoSeriousA11y(page);
  });

  test('notifications: a new row appears live, then bulk delete', async ({ browser }) => {
    const id = unique();
    // Three new notifications: two get deleted, the first must survive the bulk delete.
    const keep = `Kim ${id}`;
    const names = [`Nora ${id}`, `Nils ${id}`];
    const superCtx = await browser.newContext();
    let admin: Awaited<ReturnType<typeof liveAdminPage>> | null = null;
    try {
      const sa = await superCtx.newPage();
      await signIn(sa, USERS.superadmin.email);
      await expect(sa).toHaveURL('/superadmin/companies');
      await sa.getByRole('link', { name: 'Notifications' }).first().click();
      await expect(sa).toHaveURL('/superadmin/notifications');
      const table = sa.getByRole('table', { name: 'Notifications' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Action' })).toBeVisible();
      await expectNoSeriousA11y(sa);
      await expect(table.getByText(keep)).toHaveCount(0);

      // Another context: an admin adds three employees; the superadmin's list grows without a reload.
      admin = await liveAdminPage(browser);
      for (const name of [keep, ...names]) {
        await addEmployee(admin.page, name, `${name.toLowerCase().replace(/\s+/g, '.')}@live-co.test`);
        const row = table.getByRole('row', { name: new RegExp(name) });
        await expect(row).toContainText(
          `Employee "${name}" of "${COMPANIES.live}" created by administrator ${USERS.liveAdmin.username}`,
          { timeout: 10_000 },
        );
        await expect(row).toContainText('Unread');
      }
      // Newest first.
      await expect(table.getByRole('row').nth(1)).toContainText(names[1]);
      await expectNoSeriousA11y(sa);

      // Bulk delete exactly those two rows.
      const deleteButton = sa.getByRole('button', { name: 'Delete selected' });
      await expect(deleteButton).toBeDisabled();
      for (const name of names) await table.getByRole('checkbox', { name: `Select notification from ${name}` }).check();
      await expect(table.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
      await deleteButton.click();
      const confirm = sa.getByRole('dialog', { name: 'Delete notifications' });
      await expect(confirm).toContainText('Are you sure you want to delete 2 notifications?');
      // Let the open transition finish: mid-fade, axe measures the half-transparent colours.
      await expect(confirm).toHaveCSS('opacity', '1');
      await expectNoSeriousA11y(sa);
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(sa.getByText('Notifications deleted Successfully')).toBeVisible();
      for (const name of names) await expect(table.getByText(name)).toHaveCount(0);
      await expect(table.getByRole('row', { name: new RegExp(keep) })).toBeVisible();
      await expect(deleteButton).toBeDisabled();

      await sa.reload();
      await expect(table.getByRole('row', { name: new RegExp(keep) })).toBeVisible();
      for (const name of names) await expect(table.getByText(name)).toHaveCount(0);
    } finally {
      await superCtx.close();
      await admin?.ctx.close();
    }
  });

  test('Administrators tiles show the totals and follow changes live', async ({ browser }) => {
    const id = unique();
    const superCtx = await browser.newContext();
    let admin: Awaited<ReturnType<typeof liveAdminPage>> | null = null;
    try {
      const sa = await superCtx.newPage();
      await signIn(sa, USERS.superadmin.email);
      await expect(sa).toHaveURL('/superadmin/companies');
      await sa.getByRole('link', { name: 'Administrators' }).first().click();
      await expect(sa).toHaveURL('/superadmin/administrators');
      const tileValue = (label: string) => sa.getByRole('group', { name: label }).getByTestId('tile-value');
      for (const label of ['Total Administrators', 'Total Employees', 'Active Companies']) {
        await expect(tileValue(label)).toHaveText(/^\d+$/);
      }
      const read = async (label: string) => Number(await tileValue(label).textContent());
      const [admins, employees, companies] = [
        await read('Total Administrators'),
        await read('Total Employees'),
        await read('Active Companies'),
      ];
      // The seeded data alone: 4 admins in 4 active companies, 6 employees (other tests only add).
      expect(admins).toBeGreaterThanOrEqual(4);
      expect(employees).toBeGreaterThanOrEqual(6);
      expect(companies).toBeGreaterThanOrEqual(4);
      // The table agrees with the admins tile (20 per page).
      const table = sa.getByRole('table', { name: 'Administrators' });
      await expect(table.getByRole('row', { name: new RegExp(USERS.liveAdmin.username) })).toContainText(
        COMPANIES.live,
      );
      if (admins <= 20) await expect(table.getByRole('row')).toHaveCount(admins + 1);
      await expectNoSeriousA11y(sa);

      admin = await liveAdminPage(browser);
      await addEmployee(admin.page, `Tina ${id}`, `tina.${id}@live-co.test`);
      await expect(tileValue('Total Employees')).toHaveText(String(employees + 1), { timeout: 10_000 });
      await expect(tileValue('Total Administrators')).toHaveText(String(admins));
      await expect(tileValue('Active Companies')).toHaveText(String(companies));
    } finally {
      await superCtx.close();
      await admin?.ctx.close();
    }
  });
});
