import { expect, signIn, superadminInNewContext, test, USERS, expectNoSeriousA11y } from './fixtures';

// The dead end becomes a transaction: an odd size the catalogue has nothing for (depth 1 3/4″ is
// not a depth any filter has) → a quote request → the office's desk shows it without a reload →
// priced and sent → the employee accepts; both screens follow each other live.
test('odd-size search finds nothing → request → desk live → priced and sent → accepted, both screens live', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const desk = await superadminInNewContext(browser, USERS.superadmin);
  await desk.getByRole('link', { name: 'Quote desk' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Quote desk' })).toBeVisible();

  await signIn(page, USERS.employee.email);
  await expect(page).toHaveURL('/employee/catalog');
  await expect(page.getByRole('tab', { name: '1"' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  const panel = page.getByRole('region', { name: 'Odd Size Search' });
  await panel.getByLabel('Width (in)').fill('16 3/8');
  await panel.getByLabel('Height (in)').fill('20 1/4');
  await panel.getByLabel('Depth (in)').fill('1 3/4');
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No results found. Please contact the office for custom options.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Request a quote for 16 3/8″ × 20 1/4″ × 1 3/4″ (exact)' });
  await form.getByLabel('Quantity').fill('4');
  await form.getByLabel('Note (optional)').fill('For the east wing');
  await expectNoSeriousA11y(page);
  await form.getByRole('button', { name: 'Send request' }).click();
  const sent = page.getByText(/^Quote request Q-\d{6} sent$/);
  await expect(sent).toBeVisible();
  const number = /Q-\d{6}/.exec((await sent.textContent()) ?? '')![0];

  // The desk shows it without a reload.
  const deskLink = desk.getByRole('link', { name: number });
  await expect(deskLink).toBeVisible({ timeout: 15_000 });

  // The employee watches their list.
  await page.getByRole('link', { name: 'Quotes' }).click();
  const myRow = page.getByRole('row').filter({ hasText: number });
  await expect(myRow).toContainText('Submitted');

  // The office prices it and sends the quote.
  await deskLink.click();
  const editor = desk.getByRole('table', { name: 'Price editor' });
  await expect(editor).toContainText('16 3/8″ × 20 1/4″ × 1 3/4″ (exact)');
  await expect(editor).toContainText('Size type SINGLE');
  await editor.getByLabel('Unit price for line 1').fill('23.40');
  await editor.getByLabel('Lead time for line 1').fill('12');
  await desk.getByRole('button', { name: 'Send quote' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Quoted');

  // The employee's list follows live; the detail shows the price and the validity.
  await expect(myRow).toContainText('Quoted', { timeout: 15_000 });
  await myRow.getByRole('link', { name: number }).click();
  await expect(page.getByTestId('validity')).toContainText(/^valid until \w{3} \d{1,2} \w{3}, end of day$/);
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText('$23.40');
  await page.getByRole('checkbox', { name: /made to order/ }).check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Accepted');

  // And the office's screen follows.
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Accepted', { timeout: 15_000 });
  await desk.context().close();
});
