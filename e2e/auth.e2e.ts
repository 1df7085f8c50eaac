import type { Page } from '@playwright/test';
import { expect, PASSWORD, test, USERS } from './fixtures';
import { seriousA11yViolations } from './a11y';

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('sign-in', () => {
  test('each role lands in its own area and can log out', async ({ page }) => {
    const cases = [
      [USERS.superadmin.email, '/superadmin/companies'],
      [USERS.admin.email, '/admin/mycompany'],
      [USERS.employee.email, '/employee/catalog'],
    ] as const;
    for (const [email, home] of cases) {
      await signIn(page, email);
      await expect(page).toHaveURL(home);
      // An already signed-in user visiting the root is sent back to their area.
      await page.goto('/');
      await expect(page).toHaveURL(home);
      await page
        .getByRole('button', { name: /log out/i })
        .first()
        .click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    }
  });

  test('shows validation messages before sending anything', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
  });

  test('wrong password and disabled account show the spec texts', async ({ page }) => {
    await signIn(page, USERS.employee.email, 'wrong-password-1');
    await expect(page.getByRole('alert')).toContainText('Invalid email or password. Please try again.');
    await signIn(page, USERS.disabled.email);
    await expect(page.getByRole('alert')).toContainText('Your account has been disabled. Please contact support.');
  });

  test('too many attempts are refused with the rate-limit text', async ({ page }) => {
    for (let i = 0; i < 5; i++) {
      await signIn(page, USERS.throttled.email, `wrong-password-${i}`);
      await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    }
    await signIn(page, USERS.throttled.email);
    await expect(page.getByRole('alert')).toContainText(
      'Too many login attempts. Please wait a few minutes and try again.',
    );
  });

  test('a server that cannot be reached shows the connection text', async ({ page }) => {
    await page.route('**/api/login', (route) => route.abort('connectionrefused'));
    await signIn(page, USERS.employee.email);
    await expect(page.getByRole('alert')).toContainText(
      'Server connection issue. Please check your internet connection and try again.',
    );
  });

  test('protected areas send anonymous visitors to sign-in, and other roles away', async ({ page }) => {
    await page.goto('/superadmin/companies');
    // Sign-in keeps the address asked for; another role's area is not where they land.
    await expect(page).toHaveURL('/?from=%2Fsuperadmin%2Fcompanies');
    await signIn(page, USERS.employee.email);
    await expect(page).toHaveURL('/employee/catalog');
    await page.goto('/superadmin/notifications');
    await expect(page).not.toHaveURL(/\/superadmin\//);
  });

  test('unknown routes get a not-found page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByText(/not found/i).first()).toBeVisible();
  });

  test('sign-in page has no serious accessibility findings', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test('app layout: sidebar for the role, main-site link, no serious a11y findings', async ({ page }) => {
  await signIn(page, USERS.superadmin.email);
  await expect(page).toHaveURL('/superadmin/companies');
  const nav = page.getByRole('navigation').first();
  for (const label of ['Companies', 'Administrators', 'Catalog', 'Notifications', 'Settings']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /return to main site/i })).toHaveAttribute(
    'href',
    /^https:\/\/www\.example\.com\/?$/,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
});
