import type { Page } from '@playwright/test';
import { Client } from 'pg';
import { seriousA11yViolations } from './a11y';
import { COMPANIES, expect, inbox, signIn, test, USERS } from './fixtures';

/**
 * Issue 27: invitations instead of invented passwords, end to end from the email. An admin of a
 * company seeded for this file ('Invite Co') invites employees; the links come from the SMTP catcher.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PHONE = { width: 390, height: 844 };
const TITLE = 'Welcome to Filter Portal — choose your password';

async function adminPage(page: Page) {
  await signIn(page, USERS.inviteAdmin.email);
  await expect(page).toHaveURL('/admin/mycompany');
  await expect(page.getByRole('region', { name: 'Company' })).toContainText(COMPANIES.invite);
}

/** Add Employee with the default choice: an invitation, no password typed. */
async function invite(page: Page, username: string, email: string) {
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Employee' });
  await expect(dialog.getByLabel(/^Send an invitation by email/)).toBeChecked();
  await expect(dialog.getByLabel(/^Password/)).toHaveCount(0);
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText('Employee added Successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The invitation links emailed to `email`, in the catcher's order (waits until there are `count`). */
async function invitationLinks(email: string, count = 1): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        links = (await inbox())
          .filter((m) => JSON.stringify(m.to).includes(email) && /invitation\?code=/.test(m.text))
          .map((m) => /(http\S+invitation\?code=[A-Za-z0-9_-]+)/.exec(m.text)![1]);
        return links.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return links;
}

function row(page: Page, username: string) {
  return page.getByRole('table', { name: 'Employees' }).getByRole('row').filter({ hasText: username });
}

async function sql(text: string, params: unknown[]): Promise<void> {
  const c = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await c.connect();
  try {
    await c.query(text, params);
  } finally {
    await c.end();
  }
}

test.describe('invitations', () => {
  test.describe.configure({ timeout: 90_000 });

  test('invite → email → choose a password → signed in; the list shows Invited, then Active with today’s last login', async ({
    page,
    browser,
  }) => {
    const id = unique();
    const username = `Ivy ${id}`;
    const email = `ivy.${id}@invite-co.test`;
    await adminPage(page);
    await invite(page, username, email);
    await expect(row(page, username)).toContainText('Invited');
    await expect(row(page, username).getByRole('button', { name: `Resend invitation to ${username}` })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const [link] = await invitationLinks(email);
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(guest.getByLabel('Email')).toHaveValue(email);
    expect(await seriousA11yViolations(guest)).toEqual([]);
    await guest.getByLabel(/^New password/).fill('Chosen-by-Ivy 42');
    await guest.getByLabel(/^Confirm password/).fill('Chosen-by-Ivy 42');
    await guest.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(guest).toHaveURL('/employee/catalog');

    // The admin's list: Active, and "Last login" is today's sign-in (not "Never").
    await page.reload();
    await expect(row(page, username)).toContainText('Active');
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await expect(row(page, username)).toContainText(today);

    // The link is single-use: opened again it says so up front.
    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await expect(again.getByText('This invitation has already been used.').first()).toBeVisible();
    await expect(again.getByLabel(/^New password/)).toHaveCount(0);
  });

  test('resend kills the old link; the new one works', async ({ page, browser }) => {
    const id = unique();
    const username = `Rex ${id}`;
    const email = `rex.${id}@invite-co.test`;
    await adminPage(page);
    await invite(page, username, email);
    const [first] = await invitationLinks(email);
    await row(page, username)
      .getByRole('button', { name: `Resend invitation to ${username}` })
      .click();
    await expect(page.getByText('Invitation sent again. The previous link no longer works.').first()).toBeVisible();
    const second = (await invitationLinks(email, 2)).find((l) => l !== first)!;
    expect(second).toBeDefined();

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(first);
    await expect(guest.getByText('This invitation link was replaced by a newer one.', { exact: false })).toBeVisible();
    await expect(guest.getByLabel(/^New password/)).toHaveCount(0);
    await guest.goto(second);
    await expect(guest.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(guest.getByLabel('Email')).toHaveValue(email);
  });

  test('revoked and expired links say which up front, with a way to ask for a new one (desktop and phone)', async ({
    page,
    browser,
  }) => {
    const id = unique();
    await adminPage(page);
    await invite(page, `Ray ${id}`, `ray.${id}@invite-co.test`);
    await invite(page, `Eli ${id}`, `eli.${id}@invite-co.test`);
    const [revokedLink] = await invitationLinks(`ray.${id}@invite-co.test`);
    const [expiredLink] = await invitationLinks(`eli.${id}@invite-co.test`);

    await row(page, `Ray ${id}`)
      .getByRole('button', { name: `Revoke invitation of Ray ${id}` })
      .click();
    await expect(page.getByText('Invitation revoked').first()).toBeVisible();
    await expect(row(page, `Ray ${id}`)).toContainText('Invitation revoked');
    // Time moves past the 7 days for Eli's invitation.
    await sql(
      `UPDATE user_invitations SET sent_at = sent_at - interval '8 days', expires_at = expires_at - interval '8 days'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [`eli.${id}@invite-co.test`],
    );

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(revokedLink);
    await expect(guest.getByRole('heading', { level: 1, name: 'Invitation withdrawn' })).toBeVisible();
    await expect(guest.getByText('This invitation was withdrawn by your administrator.')).toBeVisible();
    expect(await seriousA11yViolations(guest)).toEqual([]);
    await guest.getByRole('button', { name: 'Ask for a new invitation' }).click();
    await expect(guest.getByText('We told your administrator.', { exact: false })).toBeVisible();

    const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
    await phone.goto(expiredLink);
    await expect(phone.getByRole('heading', { level: 1, name: 'Invitation expired' })).toBeVisible();
    await expect(phone.getByText('This invitation has expired.')).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Ask for a new invitation' })).toBeVisible();
    expect(await seriousA11yViolations(phone)).toEqual([]);

    // The admin's list shows the expiry, offers Resend, and is accessible on a phone too.
    await page.reload();
    await expect(row(page, `Eli ${id}`)).toContainText('Invitation expired');
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('searchbox', { name: 'Search employees' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the employees search narrows the list and stays in the URL', async ({ page }) => {
    const id = unique();
    await adminPage(page);
    await invite(page, `Sia ${id}`, `sia.${id}@invite-co.test`);
    await page.getByRole('searchbox', { name: 'Search employees' }).fill(`sia.${id}`);
    await expect(page).toHaveURL(new RegExp(`search=sia.${id}`));
    await expect(page.getByRole('table', { name: 'Employees' }).getByRole('row')).toHaveCount(2); // header + 1
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search employees' })).toHaveValue(`sia.${id}`);
    await expect(row(page, `Sia ${id}`)).toBeVisible();
  });
});
