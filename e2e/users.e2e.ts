import type { Page } from '@playwright/test';
import { expect, PASSWORD, test, USERS } from './fixtures';

/** Screens: administrators, My Company, user detail, and live session revocation. */

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addEmployee(page: Page, username: string, email: string, password: string) {
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Employee' });
  await dialog.getByLabel(/^Send an invitation by email/).uncheck(); // an invitation is the default
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText('Employee added Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Employees' }).getByRole('row', { name: new RegExp(username) }),
  ).toBeVisible();
}

async function disableFromMyCompany(page: Page, username: string) {
  await page.getByRole('link', { name: `View ${username}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'My Companies' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await page.getByLabel(/^Status/).selectOption({ label: 'Inactive' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data Updated Successfully')).toBeVisible();
}

test.describe('administrators and employees', () => {
  // Two browser contexts plus argon2 hashing on a shared 2-core box: give each flow headroom.
  test.describe.configure({ timeout: 60_000 });

  test('superadmin adds an administrator from the Administrators page', async ({ page }) => {
    const id = unique();
    const username = `Ada ${id}`;
    await signIn(page, USERS.superadmin.email);
    await expect(page).toHaveURL('/superadmin/companies');
    await page.goto('/superadmin/administrators');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();
    const adminsTile = page.getByRole('group', { name: 'Total Administrators' });
    await expect(adminsTile).toContainText(/\d/);
    const before = Number((await adminsTile.getByTestId('tile-value').textContent())?.trim());
    await expect(page.getByRole('group', { name: 'Total Employees' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Active Companies' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Administrators' }).getByText(USERS.admin.username)).toBeVisible();

    await page.getByRole('button', { name: 'Add Administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Administrator' });
    await dialog.getByLabel(/^Send an invitation by email/).uncheck(); // an invitation is the default
    await dialog.getByRole('button', { name: 'Add Administrator' }).click();
    await expect(dialog.getByText('Please select a company')).toBeVisible();
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();

    await dialog.getByLabel(/^Company/).selectOption({ label: 'Acme Air' });
    await dialog.getByLabel(/^Username/).fill(username);
    await dialog.getByLabel(/^Email/).fill(`ada.${id}@acme.test`);
    await dialog.getByLabel(/^Password/).fill('Another-pass-123');
    await dialog.getByRole('button', { name: 'Add Administrator' }).click();
    await expect(page.getByText('Admin added Successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Administrators' }).getByRole('row', { name: new RegExp(username) });
    await expect(row).toContainText('Acme Air');
    await expect(row).toContainText('Active');
    await expect(adminsTile.getByTestId('tile-value')).toHaveText(String(before + 1));

    // Its detail page: superadmin breadcrumbs and the Delete button.
    await row.getByRole('link', { name: `View ${username}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Companies' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Acme Air' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  });

  test('admin adds an employee on My Company and disables them', async ({ page }) => {
    const id = unique();
    const username = `Nina ${id}`;
    await signIn(page, USERS.admin.email);
    await expect(page).toHaveURL('/admin/mycompany');
    await expect(page.getByRole('heading', { level: 1, name: 'My Company' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Company' })).toContainText('Acme Air');
    await addEmployee(page, username, `nina.${id}@acme.test`, 'Employee-pass-1');
    await disableFromMyCompany(page, username);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/admin/mycompany');
    const row = page.getByRole('table', { name: 'Employees' }).getByRole('row', { name: new RegExp(username) });
    await expect(row).toContainText('Inactive');
    await page.getByRole('combobox', { name: 'Status filter' }).selectOption({ label: 'Active' });
    await expect(page.getByRole('table', { name: 'Employees' }).getByText(username)).toHaveCount(0);
  });

  test("a disabled employee's open session is ended live", async ({ browser }) => {
    const id = unique();
    const username = `Liam ${id}`;
    const email = `liam.${id}@acme.test`;
    const password = 'Employee-pass-2';
    const adminCtx = await browser.newContext();
    const empCtx = await browser.newContext();
    try {
      const admin = await adminCtx.newPage();
      await signIn(admin, USERS.admin.email);
      await expect(admin).toHaveURL('/admin/mycompany');
      await addEmployee(admin, username, email, password);

      const employee = await empCtx.newPage();
      await signIn(employee, email, password);
      await expect(employee).toHaveURL('/employee/catalog');
      await expect(employee.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();

      await disableFromMyCompany(admin, username);
      // session.revoked over the socket: back to sign-in within a few seconds, no reload needed.
      await expect(employee).toHaveURL('/', { timeout: 5_000 });
      await expect(employee.getByRole('button', { name: 'Sign In' })).toBeVisible();
      // And the account cannot sign in again.
      await signIn(employee, email, password);
      await expect(employee.getByRole('alert')).toContainText(
        'Your account has been disabled. Please contact support.',
      );
    } finally {
      await adminCtx.close();
      await empCtx.close();
    }
  });
});
