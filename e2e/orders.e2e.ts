import { companyPriceCents, formatPrice } from '@portal/domain';
import { expect, signIn, superadminInNewContext, test, USERS, expectNoSeriousA11y } from './fixtures';

// 'Acme Air' pays 45.5 % of list on MERV 10 (global-setup.ts); M10-10101 lists at $6.59.
const acmeM10 = (listCents: number, quantity: number) =>
  formatPrice(
    quantity *
      companyPriceCents(listCents, 'MERV 10', {
        discount_percentage: '45.50',
        rigidflow_percentage: '100',
        minipro_percentage: '100',
        polyroll_percentage: '100',
      }),
  );

// The second transaction: a custom size quoted once and accepted becomes one of the company's
// agreed items ("Your items"); the next time it is ordered straight from the catalogue at the agreed
// price, with no quote; the office's orders desk sees the request arrive and acknowledges it, and the
// buyer's screen follows live.
test('custom size quoted and accepted → Your items → ordered again with no quote → desk acknowledges → buyer live', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const size = '14 1/8″ × 22 3/8″ × 1″ (exact)';
  const desk = await superadminInNewContext(browser, USERS.superadmin);

  // A custom size asked for from a pasted list.
  await signIn(page, USERS.employee.email);
  await page.getByRole('link', { name: 'Quotes' }).click();
  await page.getByRole('textbox', { name: 'Paste a list' }).fill('14 1/8 x 22 3/8 x 1 6');
  await page.getByRole('button', { name: 'Match lines' }).click();
  const family = page.getByRole('combobox', { name: 'Product family of the custom sizes' });
  await family.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Request a quote for these lines' }).click();
  const sent = page.getByText(/Quote request Q-\d{6} sent/);
  await expect(sent).toBeVisible();
  const quote = /Q-\d{6}/.exec((await sent.textContent()) ?? '')![0];

  // The office prices it; the buyer accepts.
  await desk.getByRole('link', { name: 'Quote desk' }).click();
  await desk.getByRole('link', { name: quote }).click();
  const editor = desk.getByRole('table', { name: 'Price editor' });
  await expect(editor).toContainText(size);
  await editor.getByLabel('Unit price for line 1').fill('31.20');
  await desk.getByRole('button', { name: 'Send quote' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Quoted');
  const row = page.getByRole('row').filter({ hasText: quote });
  await expect(row).toContainText('Quoted', { timeout: 15_000 });
  await row.getByRole('link', { name: quote }).click();
  await page.getByRole('checkbox', { name: /made to order/ }).check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Accepted');

  // Next time: "Your items" on the catalogue has it at the agreed price; ordered with no quote.
  await page.getByRole('link', { name: 'Catalog' }).click();
  const yours = page.getByRole('region', { name: 'Your items' });
  const item = yours.getByRole('row').filter({ hasText: size }).first();
  await expect(item).toContainText('$31.20', { timeout: 30_000 });
  await item.getByRole('textbox', { name: `Quantity of ${size}` }).fill('6');
  await item.getByRole('button', { name: 'Add to order' }).click();
  await page.getByRole('button', { name: 'Order (1)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your order' });
  await expect(drawer.getByTestId('running-total')).toHaveText('$187.20');
  await drawer.getByLabel('PO number (optional)').fill('PO-E2E-34');
  await expectNoSeriousA11y(page);
  await drawer.getByRole('button', { name: 'Submit order request' }).click();
  const done = drawer.getByText(/Order request R-\d{6} (was sent to the office|is waiting)/);
  await expect(done).toBeVisible();
  const order = /R-\d{6}/.exec((await done.textContent()) ?? '')![0];
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The buyer watches the request; the desk sees it arrive without a reload and acknowledges it.
  await desk.getByRole('link', { name: 'Orders desk' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Orders desk' })).toBeVisible();
  await page.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('link', { name: order }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Submitted');
  await expect(page.getByTestId('order-total')).toHaveText('$187.20');
  const step = desk.getByRole('button', { name: `Acknowledge ${order}` });
  await expect(step).toBeVisible({ timeout: 15_000 });
  await step.click();

  // The buyer's screen updates live: status and history.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Acknowledged', { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Acknowledged by the office');
  await desk.context().close();
});

// An admin's company asks for approval above a threshold: an employee's order from a catalogue row
// waits; the admin approves it in one click from "Waiting for your approval" at the top of Orders,
// and the employee's open Orders list follows live.
test('an order over the approval threshold waits; the admin approves it from the list; the buyer sees it live', async ({
  page,
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, USERS.admin.email);
  await admin.getByRole('link', { name: 'My Company' }).click();
  const approval = admin.getByRole('region', { name: 'Order approval' });
  await approval.getByRole('textbox', { name: 'Approval threshold (empty: no approval)' }).fill('1');
  await approval.getByRole('button', { name: 'Save' }).click();
  await expect(approval).toContainText("Employees' order requests over $1.00 wait for an admin's approval.");

  try {
    // The employee orders 2 of a catalogue row, straight from the row.
    await signIn(page, USERS.employee.email);
    await expect(page).toHaveURL('/employee/catalog');
    const row = page.getByRole('row').filter({ hasText: 'M10-10101' }).first();
    await row.getByRole('textbox', { name: 'Quantity of M10-10101' }).fill('2');
    await row.getByRole('button', { name: 'Add to order' }).click();
    await page.getByRole('button', { name: 'Order (1)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your order' });
    await expect(drawer.getByTestId('running-total')).toHaveText(acmeM10(659, 2));
    await drawer.getByRole('button', { name: 'Submit order request' }).click();
    const done = drawer.getByText(/Order request R-\d{6} is waiting/);
    await expect(done).toBeVisible();
    const order = /R-\d{6}/.exec((await done.textContent()) ?? '')![0];
    await drawer.getByRole('link', { name: `View ${order}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Waiting for approval');
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    const mine = page.getByRole('row').filter({ hasText: order });
    await expect(mine).toContainText('Waiting for approval');

    // The admin decides from the list: what waits comes first, with exactly the steps allowed.
    await admin.getByRole('link', { name: 'Orders', exact: true }).click();
    const waiting = admin.getByRole('table', { name: 'Waiting for your approval' });
    await expect(admin.getByRole('table').first()).toHaveAccessibleName('Waiting for your approval');
    await expect(waiting.getByRole('button', { name: `Reject ${order}` })).toBeVisible();
    await waiting.getByRole('button', { name: `Approve ${order}` }).click();
    await expect(admin.getByText(`Order request ${order} approved`)).toBeVisible();
    await expect(waiting.getByRole('row').filter({ hasText: order })).toHaveCount(0);

    // The employee's open list follows without a reload.
    await expect(mine).toContainText('Submitted', { timeout: 15_000 });
  } finally {
    const reset = admin.getByRole('region', { name: 'Order approval' });
    await admin.getByRole('link', { name: 'My Company' }).click();
    await reset.getByRole('textbox', { name: 'Approval threshold (empty: no approval)' }).fill('');
    await reset.getByRole('button', { name: 'Save' }).click();
    await expect(reset).toContainText('Order requests go straight to the office.');
    await admin.context().close();
  }
});
