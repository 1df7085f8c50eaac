/**
 * The Operations screen updates live: a superadmin watches it while an employee signs in
 * in another browser — the online tile and the activity feed move without a reload (`ops.changed`),
 * and closing the employee's tab takes them off again.
 */
import { USERS, expect, expectNoSeriousA11y, signIn, test } from './fixtures';

test('the Operations screen follows sign-ins and sockets live', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.superadmin.email);
  await expect(page).toHaveURL('/superadmin/companies');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Operations' }).click();
  await expect(page).toHaveURL('/superadmin/operations');
  await expect(page.getByRole('heading', { name: 'Operations' })).toBeVisible();
  await expect(page.getByTestId('ops-status')).toBeVisible();
  const online = page.getByTestId('ops-online-total');
  await expect(online).toHaveText(/^\d+$/);
  // Earlier tests' users may still be online: follow an employee only this test signs in.
  const employeeHere = page
    .getByRole('list', { name: 'Online now' })
    .getByRole('listitem')
    .filter({ hasText: `${USERS.watched.username} · Acme Air` });

  const other = await browser.newContext();
  const emp = await other.newPage();
  await signIn(emp, USERS.watched.email);
  await expect(emp).toHaveURL('/employee/catalog');

  // No reload: the screen refetches on ops.changed.
  await expect(
    page.getByRole('table', { name: 'Activity' }).getByText(`${USERS.watched.username} (Acme Air) signed in`).first(),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(employeeHere).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(async () => Number(await online.textContent()), { timeout: 15_000 }).toBeGreaterThan(0);

  // A closed tab leaves within 60 s.
  await other.close();
  await expect(employeeHere).toHaveCount(0, { timeout: 75_000 });
  await expectNoSeriousA11y(page);
});
