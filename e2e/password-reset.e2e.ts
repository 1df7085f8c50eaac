import { seriousA11yViolations } from './a11y';
import { expect, inbox, PASSWORD, test, USERS } from './fixtures';

test('forgot password → email → reset → the new password works, the old one and the link do not', async ({ page }) => {
  const email = USERS.forgetful.email;
  await page.goto('/forgot-password');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('button', { name: 'Email Sent' })).toBeDisabled();
  await expect(page.getByText('If an account exists for this email, a reset link has been sent.')).toBeVisible();

  // The worker delivers the email through the outbox → queue → SMTP.
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await inbox()).find(
          (m) => JSON.stringify(m.to).includes(email) && /reset-password\?code=/.test(m.text),
        );
        link = mail ? /(http\S+reset-password\?code=[A-Za-z0-9_-]+)/.exec(mail.text)![1] : '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  expect(link.startsWith('http://localhost:')).toBe(true);

  const newPassword = 'Brand-new Pa55word!';
  await page.goto(link);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm password/).fill(newPassword);
  await expect(page.getByText('Strong')).toBeVisible();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('button', { name: 'Go to Sign In' })).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toBeDisabled();

  // The old password no longer works; the new one does.
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password. Please try again.');
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/employee/catalog');
  await page
    .getByRole('button', { name: /log out/i })
    .first()
    .click();
  await expect(page).toHaveURL('/');

  // The link is single-use, and says so before any form.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link was already used');
  await expect(page.getByLabel(/^New password/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('reset-password without a code goes back to sign-in', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL('/');
});
