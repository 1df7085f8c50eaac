import type { Page } from '@playwright/test';
import { expect, PASSWORD, test, USERS } from './fixtures';

/** Superadmin companies screens. */

async function signInAsSuperadmin(page: Page) {
  await page.goto('/');
  await page.getByLabel('Email').fill(USERS.superadmin.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/superadmin/companies');
}

test.describe('superadmin companies', () => {
  test('empty search state and Clear Search', async ({ page }) => {
    await signInAsSuperadmin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    await expect(page.getByText(/^Showing \d+ of \d+ companies$/)).toBeVisible();
    await expect(page.getByTestId('company-card').filter({ hasText: 'Acme Air' })).toContainText('0.4550');
    const search = page.getByPlaceholder('Search companies by name...');
    await search.fill('zzz-no-such-company');
    await expect(page.getByText('No companies found')).toBeVisible();
    await expect(page.getByText('No results found for "zzz-no-such-company"')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByTestId('company-card').filter({ hasText: 'Acme Air' })).toBeVisible();
  });
});

/**
 * One company's life, in steps that each fit a busy 2-core machine's budget (it once ran out of its
 * 30 s as one test): created through Add Company, given a second administrator, its multipliers
 * edited, then deleted with DELETE. Serial: each step works on the company the previous one left,
 * so a failed step skips the rest instead of testing a company in an unknown state.
 */
test.describe.serial('superadmin companies: one company from creation to deletion', () => {
  const stamp = Date.now();
  const name = `E2E Filters ${stamp}`;
  /** /superadmin/companies/{id} of the company the first step created. */
  let companyUrl = '';

  test('Add Company: validation first, then the new company is listed, Active, multiplier 1.0000', async ({ page }) => {
    await signInAsSuperadmin(page);
    await page.getByRole('button', { name: 'Add Company' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Company' });
    await addDialog.getByLabel(/^Send an invitation by email/).uncheck(); // an invitation is the default
    await addDialog.getByRole('button', { name: 'Add Company' }).click();
    await expect(addDialog.getByText('Company Name is required')).toBeVisible();
    await expect(addDialog.getByText('Admin Account Password is required')).toBeVisible();
    await addDialog.getByLabel(/^Company Name/).fill(name);
    await addDialog.getByLabel(/^User Name/).fill('Eve Owner');
    await addDialog.getByLabel(/^Email/).fill(`owner-${stamp}@e2e-filters.test`);
    await addDialog.getByLabel(/^New Password/).fill(PASSWORD);
    await addDialog.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await addDialog.getByRole('button', { name: 'Add Company' }).click();
    await expect(page.getByText('Company added Successfully')).toBeVisible();
    await expect(addDialog).toBeHidden();

    // Find it and open its detail.
    await page.getByPlaceholder('Search companies by name...').fill(name);
    await expect(page.getByText('Showing 1 of 1 companies')).toBeVisible();
    const card = page.getByTestId('company-card').filter({ hasText: name });
    await expect(card).toContainText('Active');
    await expect(card).toContainText('1.0000');
    await card.getByText(name).click();
    await expect(page).toHaveURL(/\/superadmin\/companies\/[0-9a-f-]{36}$/);
    companyUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Company users' }).getByText('Eve Owner')).toBeVisible();
  });

  test('Add Administrator, the company user page and Back, the status filter', async ({ page }) => {
    await signInAsSuperadmin(page);
    await page.goto(companyUrl);
    const users = page.getByRole('table', { name: 'Company users' });
    await expect(users.getByText('Eve Owner')).toBeVisible();

    await page.getByRole('button', { name: 'Add Administrator' }).click();
    const adminDialog = page.getByRole('dialog', { name: 'Add Administrator' });
    await adminDialog.getByLabel(/^Send an invitation by email/).uncheck(); // an invitation is the default
    await adminDialog.getByLabel(/^Username/).fill('Adam Second');
    await adminDialog.getByLabel(/^Email/).fill(`adam-${stamp}@e2e-filters.test`);
    await adminDialog.getByLabel(/^Password/).fill(PASSWORD);
    await adminDialog.getByRole('button', { name: 'Add Administrator' }).click();
    await expect(page.getByText('Admin added Successfully')).toBeVisible();
    await expect(users.getByText('Adam Second')).toBeVisible();
    await expect(page.getByTestId('total-admins')).toHaveText('2');

    // The company user page: breadcrumb, read-only company, Back to the company.
    await users.getByRole('link', { name: 'View Adam Second' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Adam Second' })).toBeVisible();
    await expect(page.getByLabel('Company Name')).toHaveValue(name);
    await expect(page.getByRole('button', { name: 'Resend Account Information?' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(companyUrl);

    // Status filter: nobody is inactive.
    await page.getByLabel('Status filter').selectOption('false');
    await expect(users.getByText('No User found.')).toBeVisible();
    await page.getByLabel('Status filter').selectOption('');
    await expect(users.getByText('Adam Second')).toBeVisible();
  });

  // The one edit screen (its own URL, from the gear): multipliers travel as percentages and come
  // back as decimals; the detail page shows them as factors and shares of list.
  test('the edit screen from the gear: multipliers as percentages, back as decimals and factors', async ({ page }) => {
    await signInAsSuperadmin(page);
    await page.goto(companyUrl);
    const users = page.getByRole('table', { name: 'Company users' });
    await expect(users.getByText('Eve Owner')).toBeVisible();
    await page.getByRole('link', { name: 'Company settings' }).click();
    await expect(page).toHaveURL(companyUrl.replace('/companies/', '/companies/edit/'));
    await page.getByLabel(/^Price Multiplier/).fill('0.4551');
    await page.getByLabel(/^Rigidflow Multiplier/).fill('0.5');
    await expect(page.getByRole('table', { name: 'Price preview' })).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Data Updated Successfully')).toBeVisible();
    await page.goto(companyUrl);
    await expect(page.getByTestId('multiplier-discount_percentage')).toContainText('pays 45.51 % of list');
    await expect(page.getByTestId('multiplier-rigidflow_percentage')).toContainText('0.5000');

    await page.goto(companyUrl.replace('/companies/', '/companies/edit/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Company' })).toBeVisible();
    await expect(page.getByLabel(/^Price Multiplier/)).toHaveValue('0.4551');
    await expect(page.getByLabel(/^Rigidflow Multiplier/)).toHaveValue('0.5000');
  });

  test('Danger Zone: exactly DELETE, the confirmation dialog, then the company is gone', async ({ page }) => {
    await signInAsSuperadmin(page);
    await page.goto(companyUrl.replace('/companies/', '/companies/edit/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Company' })).toBeVisible();
    const deleteButton = page.getByRole('button', { name: 'Delete Company' });
    await expect(deleteButton).toBeDisabled();
    const confirmInput = page.getByLabel('Type DELETE to confirm');
    await confirmInput.fill('DELET');
    await expect(page.getByText('Please type DELETE correctly to confirm')).toBeVisible();
    await confirmInput.fill('');
    await expect(page.getByText('Please type DELETE to confirm')).toBeVisible();
    await confirmInput.fill('DELETE');
    await expect(deleteButton).toBeEnabled();
    await deleteButton.click();
    const confirmDialog = page.getByRole('dialog', { name: 'Delete Company' });
    await expect(confirmDialog).toContainText('All associated administrators and employees will be deleted');
    await confirmDialog.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page.getByText('Company deleted successfully')).toBeVisible();
    await expect(page).toHaveURL('/superadmin/companies');

    await page.getByPlaceholder('Search companies by name...').fill(name);
    await expect(page.getByText('No companies found')).toBeVisible();
  });
});
