/**
 * The Operations screen updates live (issue 26): a superadmin watches it while an employee signs in
 * in another browser — the online tile and the activity feed move without a reload (`ops.changed`),
 * and closing the employee's tab takes them off again.
 */
import { USERS, expect, expectNoSeriousA11y, signIn, test } from './fixtures';

test('the Operations screen follows sign-ins and sockets live', async ({ page, browser }) => {
  await signIn(page, USERS.superadmin.email);
  await expect(page).toHaveURL('/superadmin/companies');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Operations' }).click();
  await expect(page).toHaveURL('/superadmin/operations');
  await expect(page.getByRole('heading', { name: 'Operations' })).toBeVisible();
  await expect(page.getByTestId('ops-status')).toBeVisible();
  const online = page.getByTestId('ops-online-total');
  await expect(online).toHaveText(/^\d+$/);
  const before = Number(await online.textContent());

  const other = await browser.newContext();
  const emp = await other.newPage();
  await signIn(emp, USERS.employee.email);
  await expect(emp).toHaveURL('/employee/catalog');

  // No reload: the screen refetches on ops.changed.
  await expect(
    page.getByRole('table', { name: 'Activity' }).getByText(`${USERS.employee.username} (Acme Air) signed in`).first(),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(async () => Number(await online.textContent()), { timeout: 15_000 }).toBeGreaterThan(before);

  await other.close();
  await expect.poll(async () => Number(await online.textContent()), { timeout: 20_000 }).toBe(before);
  await expectNoSeriousA11y(page);
});
