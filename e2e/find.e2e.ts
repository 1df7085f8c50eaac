import { companyPriceCents, formatPrice } from '@portal/domain';
import { expect, signIn, superadminInNewContext, test, USERS } from './fixtures';

// The e2e company 'Acme Air' has discount_percentage 45.5 (others 100): see global-setup.ts.
const ACME = {
  discount_percentage: '45.50',
  rigidflow_percentage: '100',
  minipro_percentage: '100',
  polyroll_percentage: '100',
};

test("a buyer types a competitor's number into the one box and sees our part at their price", async ({
  page,
  browser,
}) => {
  // The supplier records the cross reference on the Demand screen.
  const root = await superadminInNewContext(browser, USERS.superadmin);
  await root.getByRole('link', { name: 'Demand' }).click();
  await expect(root).toHaveURL('/superadmin/demand');
  await root.getByRole('tab', { name: 'Part aliases' }).click();
  const add = root.getByRole('region', { name: 'Add an alias' });
  await add.getByLabel(/^Their number/).fill('FLN-12345');
  await add.getByLabel(/^Our part number/).fill('m10 10141');
  await add.getByRole('button', { name: 'Add alias' }).click();
  await expect(root.getByRole('table', { name: 'Part aliases' })).toContainText('M10-10141');
  await root.context().close();

  // The buyer types the number from the old filter's frame, as it is printed, as you type.
  await signIn(page, USERS.employee.email);
  await expect(page).toHaveURL('/employee/catalog');
  await page.getByRole('textbox', { name: /find any filter/i }).fill('fln 12345');
  await expect(page.getByText('Competitor number FLN-12345 → our M10-10141')).toBeVisible();
  const row = page
    .getByRole('region', { name: 'MERV 10', exact: true })
    .getByRole('row')
    .filter({ hasText: 'M10-10141' });
  await expect(row).toContainText(formatPrice(companyPriceCents(739, 'MERV 10', ACME)));
  await expect(row).not.toContainText(formatPrice(739));

  // A size written the way it is printed finds that size, narrowed by words.
  await page.getByRole('textbox', { name: /find any filter/i }).fill('10"x14"x1" merv 10');
  await expect(
    page.getByRole('region', { name: 'MERV 10', exact: true }).getByRole('row').filter({ hasText: 'M10-10141' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'MERV 13', exact: true })).toHaveCount(0);
});
