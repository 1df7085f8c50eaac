import { seriousA11yViolations } from './a11y';
import { inbox, PASSWORD, USERS, expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

test('own email change: current password asked, link to the new address, confirmed on /confirm-email', async ({
  page,
}) => {
  const { email } = USERS.mover;
  const newEmail = `mo.${Date.now().toString(36)}@new-home.test`;
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/employee/catalog');
  await page.goto('/employee/settings');

  const form = page.getByRole('form', { name: 'Personal details' });
  await expect(form.getByLabel(/^Email/)).toHaveValue(email);
  await expect(form.getByLabel(/^Current password/)).toHaveCount(0);
  await form.getByLabel(/^Email/).fill(newEmail);
  const current = form.getByLabel(/^Current password/);
  await expect(current).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter your current password to change your email address.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await current.fill('Not-my-Pa55word!');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Current password is incorrect.')).toBeVisible();
  await current.fill(PASSWORD);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toContainText('We sent a confirmation link to the new address.');
  // Nothing changed yet.
  await expect(form.getByLabel(/^Email/)).toHaveValue(email);
  expect(await seriousA11yViolations(page)).toEqual([]);

  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await inbox()).find((m) => JSON.stringify(m.to).includes(newEmail));
        link = mail ? (/(http\S+confirm-email\?code=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '') : '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(page.getByRole('status')).toContainText('Your email address has been changed.');
  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid or has expired.');

  // The old address was told; the new one signs in.
  await expect
    .poll(
      async () => (await inbox()).some((m) => JSON.stringify(m.to).includes(email) && /was changed/.test(m.subject)),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  await page.goto('/employee/settings');
  await expect(page.getByRole('form', { name: 'Personal details' }).getByLabel(/^Email/)).toHaveValue(newEmail);
});
