import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { Client } from 'pg';
import { expect, expectNoSeriousA11y, signIn, signOut, test, USERS } from './fixtures';

/** Two-factor sign-in: enrolment in Settings, the code step, recovery codes, enrolment forced by policy. */

function code(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** The enrolment form: reads the displayed secret, types the app's code, returns secret + recovery codes. */
async function enrol(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secretField = page.getByTestId('two-factor-secret');
  await expect(secretField).toHaveValue(/^[A-Z2-7]{32}$/);
  const secret = await secretField.inputValue();
  await page.getByLabel('Authentication code').fill(code(secret));
  await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  recoveryCodes.forEach((c) => expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
  return { secret, recoveryCodes };
}

test('enrol in Settings, then sign in with a code and with a recovery code', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, USERS.totp.email);
  await expect(page).toHaveURL('/employee/catalog');
  await page.goto('/employee/settings?tab=two-factor');
  await expect(page.getByRole('tab', { name: 'Two-factor authentication' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expectNoSeriousA11y(page);
  const { secret, recoveryCodes } = await enrol(page);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expectNoSeriousA11y(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByText(/10 unused recovery codes/)).toBeVisible();
  await signOut(page);

  // The code step: a wrong code first, then the next step's code (the enrolment code is spent).
  await signIn(page, USERS.totp.email);
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
  await expectNoSeriousA11y(page);
  const wrong = String((Number(code(secret)) + 500_000) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Authentication code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid authentication code. Please try again.');
  // Pasting "123 456" works: the field keeps the digits.
  const next = code(secret, 1);
  await page.getByLabel('Authentication code').fill(`${next.slice(0, 3)} ${next.slice(3)}`);
  await expect(page.getByLabel('Authentication code')).toHaveValue(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/employee/catalog');
  await signOut(page);

  // A recovery code, typed in capitals.
  await signIn(page, USERS.totp.email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0].toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/employee/catalog');
  await page.goto('/employee/settings?tab=two-factor');
  await expect(page.getByText(/9 unused recovery codes/)).toBeVisible();
  await signOut(page);

  // The same recovery code does not work twice.
  await signIn(page, USERS.totp.email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid recovery code. Please try again.');
});

test.describe('security policy requires two-factor for administrators', () => {
  const db = () => new Client({ connectionString: process.env.E2E_DATABASE_URL });
  const setPolicy = async (policy: string) => {
    const c = db();
    await c.connect();
    try {
      await c.query(
        `INSERT INTO app_settings (key, value) VALUES ('security', $1::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [JSON.stringify({ require_2fa_for: policy })],
      );
    } finally {
      await c.end();
    }
  };
  test.afterAll(() => setPolicy('none'));

  test('an admin without a second factor is taken to enrolment after the password', async ({ page }) => {
    test.setTimeout(60_000);
    await setPolicy('admins');
    await signIn(page, USERS.enrolAdmin.email);
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(
      page.getByText('Your organisation requires two-factor authentication.', { exact: false }),
    ).toBeVisible();
    await expect(page).toHaveURL('/');
    await expectNoSeriousA11y(page);
    await enrol(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/admin/mycompany');
    await page.goto('/admin/settings?tab=two-factor');
    await expect(page.getByText('On', { exact: true })).toBeVisible();
    // Covered by the policy: no way to turn it off here.
    await expect(
      page.getByText('Your organisation requires two-factor authentication, so it cannot be turned off.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  });

  test('the superadmin resets that admin’s two-factor from the company user page', async ({ page }) => {
    const c = db();
    await c.connect();
    const { rows } = await c.query(`SELECT id, company_id FROM users WHERE email = $1`, [USERS.enrolAdmin.email]);
    await c.end();
    await setPolicy('none');
    await signIn(page, USERS.superadmin.email);
    await expect(page).toHaveURL('/superadmin/companies');
    await page.goto(`/superadmin/companies/${rows[0].company_id}/user/${rows[0].id}`);
    await page.getByRole('button', { name: 'Reset two-factor' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset two-factor' }).click();
    await expect(
      page.getByText('Two-factor authentication was reset. The user has been signed out and emailed.'),
    ).toBeVisible();
    await signOut(page);
    // Password-only again.
    await signIn(page, USERS.enrolAdmin.email);
    await expect(page).toHaveURL('/admin/mycompany');
  });
});
