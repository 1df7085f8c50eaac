import { deflateSync } from 'node:zlib';
import { COMPANIES, expect, expectNoSeriousA11y, PASSWORD, signIn, signOut, test, USERS } from './fixtures';

/** Screens: Settings (profile, images, change password) and Help, per role. */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/* A real (tiny) PNG, built here so the server's content checks and sharp see a decodable image. */
function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('settings', () => {
  // argon2 hashing on a shared 2-core box: give the sign-in heavy flows headroom.
  test.describe.configure({ timeout: 60_000 });

  test('change password: a wrong current password shows the server message; the new one works at the next sign-in', async ({
    page,
  }) => {
    const { email } = USERS.changer;
    const newPassword = `Changed-${unique()}-Pa55!`;
    await signIn(page, email);
    await expect(page).toHaveURL('/employee/catalog');
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await expect(page).toHaveURL('/employee/settings?tab=password');
    const form = page.getByRole('form', { name: 'Change password' });
    await expect(form.getByRole('link', { name: 'Forgot your current password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expectNoSeriousA11y(page);

    await form.getByLabel(/^Current password/).fill('Not-my-Pa55word!');
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel(/^Confirm password/).fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Current password is incorrect.');
    await expectNoSeriousA11y(page);

    await form.getByLabel(/^Current password/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('status')).toHaveText('Your account password has been changed successfully.');
    await expect(form.getByLabel(/^Current password/)).toHaveValue('');
    // This session stays signed in (only the other sessions are revoked).
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');

    await signOut(page);
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Invalid email or password. Please try again.');
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/employee/catalog');
  });

  test('personal details edits persist and show in the header', async ({ page }) => {
    const username = `Sam ${unique()}`;
    await signIn(page, USERS.settings.email);
    await expect(page).toHaveURL('/employee/catalog');
    await page.goto('/employee/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Personal details' });
    await expect(form.getByLabel(/^Email/)).toHaveValue(USERS.settings.email);
    await expect(form.getByLabel('Role')).toHaveValue('Employee');
    await expect(form.getByLabel('Role')).toHaveAttribute('readonly', '');
    const save = form.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expectNoSeriousA11y(page);

    const nameInput = form.getByLabel(/^User Name/);
    await expect(nameInput).not.toHaveValue('');
    await nameInput.fill(username);
    await save.click();
    await expect(page.getByText('Data Updated Successfully')).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header).toContainText(username);

    await page.reload();
    await expect(form.getByLabel(/^User Name/)).toHaveValue(username);
    await expect(header).toContainText(username);

    // And at the next sign-in (the server, not just this tab's storage, has it).
    await signOut(page);
    await signIn(page, USERS.settings.email);
    await expect(page).toHaveURL('/employee/catalog');
    await expect(page.getByRole('banner')).toContainText(username);
  });

  test('an uploaded profile image appears in the header avatar', async ({ page }) => {
    await signIn(page, USERS.settings.email);
    await expect(page).toHaveURL('/employee/catalog');
    await page.goto('/employee/settings');
    const avatarImg = page.getByTestId('header-avatar').locator('img');
    // The settings chunk and user/me load first; allow for a busy CI machine.
    await expect(page.getByRole('button', { name: 'Upload profile image' })).toBeVisible({ timeout: 15_000 });

    await page.getByLabel('Choose profile image file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(32, [30, 120, 200]),
    });
    await expect(page.getByText('Profile Image Updated')).toBeVisible();
    await expect(avatarImg).toHaveAttribute('src', /^blob:/);
    await expect(page.getByRole('img', { name: 'Profile image' })).toHaveAttribute('src', /^blob:/);
    // The blob really is an image the browser decoded.
    await expect
      .poll(() => avatarImg.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSeriousA11y(page);

    await page.reload();
    await expect(avatarImg).toHaveAttribute('src', /^blob:/);
  });

  test('an admin uploads a company image on the Company tab and it is still shown after reload', async ({ page }) => {
    await signIn(page, USERS.logoAdmin.email);
    await expect(page).toHaveURL('/admin/mycompany');
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Company/License' }).click();
    await expect(page).toHaveURL('/admin/settings?tab=company');
    const companyName = page.getByRole('textbox', { name: 'Company Name' });
    await expect(companyName).toHaveValue(COMPANIES.logo);
    await expect(companyName).toHaveAttribute('readonly', '');
    await expect(page.getByRole('img', { name: 'Company image' })).toHaveCount(0);
    await expectNoSeriousA11y(page);

    await page.getByLabel('Choose company image file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: solidPng(48, [200, 80, 20]),
    });
    await expect(page.getByText('Company Image Updated')).toBeVisible();
    const companyImg = page.getByRole('img', { name: 'Company image' });
    await expect(companyImg).toHaveAttribute('src', /^blob:/);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Company/License' })).toHaveAttribute('aria-selected', 'true');
    await expect(companyImg).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => companyImg.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSeriousA11y(page);
  });

  test('an employee has no Company/License tab', async ({ page }) => {
    await signIn(page, USERS.employee.email);
    await expect(page).toHaveURL('/employee/catalog');
    await page.goto('/employee/settings?tab=company');
    await expect(page.getByRole('tab', { name: 'Personal Details' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Company/License' })).toHaveCount(0);
  });
});

test.describe('help', () => {
  test.describe.configure({ timeout: 60_000 });

  test('admin: quick links incl. Company Management, support hours, FAQ opens', async ({ page }) => {
    await signIn(page, USERS.admin.email);
    await expect(page).toHaveURL('/admin/mycompany');
    await page.getByRole('link', { name: 'Help' }).first().click();
    await expect(page).toHaveURL('/admin/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    const quick = page.getByRole('region', { name: 'Quick links' });
    await expect(quick.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
    await expect(quick.getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/admin/catalog');
    await expect(quick.getByRole('link', { name: 'Company Management' })).toHaveAttribute('href', '/admin/mycompany');
    await expect(page.getByRole('region', { name: 'Support hours' })).toContainText(
      'Monday - Friday, 9:00 AM - 5:00 PM EST',
    );

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const question = faq.getByRole('button', {
      name: 'How are our prices calculated, and can I change our multipliers?',
    });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText('Administrators cannot change the multipliers', { exact: false })).toBeVisible();
    await expectNoSeriousA11y(page);

    await quick.getByRole('link', { name: 'Company Management' }).click();
    await expect(page).toHaveURL('/admin/mycompany');
  });

  test('employee: no Company Management link, support hours, FAQ opens', async ({ page }) => {
    await signIn(page, USERS.employee.email);
    await expect(page).toHaveURL('/employee/catalog');
    await page.getByRole('link', { name: 'Help' }).first().click();
    await expect(page).toHaveURL('/employee/help');
    const quick = page.getByRole('region', { name: 'Quick links' });
    await expect(quick.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/employee/settings');
    await expect(quick.getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/employee/catalog');
    await expect(quick.getByRole('link')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Company Management' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Support hours' })).toContainText(
      'Monday - Friday, 9:00 AM - 5:00 PM EST',
    );

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    // The employee FAQ is its own: no admin-only question.
    await expect(faq.getByRole('button', { name: /can I change our multipliers/ })).toHaveCount(0);
    const question = faq.getByRole('button', {
      name: 'Why are the prices in the catalog different from the list price?',
    });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText('Every price you see is already your company’s price.', { exact: false })).toBeVisible();
    await expectNoSeriousA11y(page);
  });
});
