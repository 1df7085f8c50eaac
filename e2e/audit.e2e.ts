import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { PASSWORD, USERS, expect, test } from './fixtures';

/** Audit log: superadmin screen filters and export, company multiplier history, admin Activity. */

async function signIn(page: Page, email: string, landing: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(landing);
}

test.describe('audit log', () => {
  test('multiplier history on the company edit page; superadmin filters, before → after, CSV export', async ({
    page,
  }) => {
    // Long flow (create, edit, five filters, export) on a shared, busy machine.
    test.setTimeout(120_000);
    const stamp = Date.now();
    const name = `Audit Co ${stamp}`;
    await signIn(page, USERS.superadmin.email, '/superadmin/companies');

    await page.getByRole('button', { name: 'Add Company' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Company' });
    await addDialog.getByLabel(/^Send an invitation by email/).uncheck(); // an invitation is the default
    await addDialog.getByLabel(/^Company Name/).fill(name);
    await addDialog.getByLabel(/^User Name/).fill('Olga Owner');
    await addDialog.getByLabel(/^Email/).fill(`olga-${stamp}@audit-co.test`);
    await addDialog.getByLabel(/^New Password/).fill(PASSWORD);
    await addDialog.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await addDialog.getByRole('button', { name: 'Add Company' }).click();
    await expect(page.getByText('Company added Successfully')).toBeVisible();
    await page.getByPlaceholder('Search companies by name...').fill(name);
    await page.getByTestId('company-card').filter({ hasText: name }).getByText(name).click();
    await expect(page).toHaveURL(/\/superadmin\/companies\/[0-9a-f-]{36}$/);
    const companyId = page.url().split('/').pop()!;

    // Edit page: change the price multiplier; the history shows who changed it from what to what.
    await page.goto(`/superadmin/companies/edit/${companyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Company' })).toBeVisible();
    const history = page.getByRole('table', { name: 'Multiplier history' });
    await expect(history.getByRole('row').filter({ hasText: 'Price Multiplier' })).toHaveCount(1);
    await page.getByLabel(/^Price Multiplier/).fill('0.4567');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Data Updated Successfully')).toBeVisible();
    const changeRow = history.getByRole('row').filter({ hasText: '0.4567' });
    await expect(changeRow).toHaveCount(1);
    await expect(changeRow).toContainText(USERS.superadmin.username);
    await expect(changeRow).toContainText('Price Multiplier');
    await expect(changeRow).toContainText('1.0000');

    // The audit screen from the sidebar.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL('/superadmin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const rows = page.getByTestId('audit-row');
    await expect(rows.first()).toBeVisible();

    // Company filter: only this company's entries (created, its admin, the change).
    await page.getByLabel('Company', { exact: true }).selectOption({ label: name });
    await expect(page.getByText('3 entries')).toBeVisible();
    await expect(rows.filter({ hasText: 'Company created' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'User created' })).toContainText('Olga Owner');

    // Action filter: the one change, before → after.
    await page.getByLabel('Action').selectOption({ label: 'Company updated' });
    await expect(page.getByText('1 entry', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Price Multiplier');
    await expect(rows.first()).toContainText('1.0000');
    await expect(rows.first()).toContainText('0.4567');

    // Entity filter and date range.
    await page.getByLabel('Action').selectOption({ label: 'All actions' });
    await page.getByLabel('Entity').selectOption({ label: 'User' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('User created');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From').fill(tomorrow);
    await expect(page.getByText('No entries found.')).toBeVisible();
    await page.getByLabel('From').fill('');
    await page.getByLabel('Entity').selectOption({ label: 'All entities' });
    await expect(page.getByText('3 entries')).toBeVisible();

    // Actor filter: click an actor in the list.
    await rows
      .filter({ hasText: 'Company created' })
      .getByRole('button', { name: `Show only entries by ${USERS.superadmin.username}` })
      .click();
    await expect(page.getByText(`Actor: ${USERS.superadmin.username}`)).toBeVisible();
    await expect(page.getByText('3 entries')).toBeVisible();

    // CSV export of the filtered list.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('created_at,action,entity,entity_id,actor,actor_role,company_id,before,after,ip');
    expect(lines).toHaveLength(4);
    expect(csv).toContain('company.updated');
    expect(lines.every((l, i) => i === 0 || l.includes(companyId))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('company admin: Activity shows their own company only', async ({ page }) => {
    await signIn(page, USERS.quietAdmin.email, '/admin/mycompany');
    await page.getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL('/admin/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const rows = page.getByTestId('audit-row');
    await expect(rows.filter({ hasText: 'Signed in' }).first()).toContainText(USERS.quietAdmin.username);
    await expect(page.getByLabel('Company', { exact: true })).toHaveCount(0);
    await expect(rows.filter({ hasText: USERS.admin.username })).toHaveCount(0);
    await expect(rows.filter({ hasText: USERS.superadmin.username })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
