/**
 * Notifications become read: "Mark as read" on selected rows, opening a row's detail, "Mark all as
 * read"; the sidebar's unread count follows live in another browser context (another superadmin):
 * a new notification raises it, reads lower it.
 */
import type { Page } from '@playwright/test';
import { USERS, expect, signIn, superadminInNewContext, test } from './fixtures';
import { seriousA11yViolations } from './a11y';

const notificationsLink = (page: Page) =>
  page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: /^Notifications(\s*,\s*\d+\+?\s*unread)?$/ });

/** The unread count the sidebar shows (0 when it shows none). */
async function unread(page: Page): Promise<number> {
  const name = (await notificationsLink(page).textContent()) ?? '';
  const m = /,\s*(\d+)\+?\s*unread$/.exec(name.trim());
  return m ? Number(m[1]) : 0;
}

/** The server's unread count, asked with the page's own session. */
function serverUnread(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/notification/unread-count', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    const body = (await res.json()) as { data: { unread: number } };
    return body.data.unread;
  });
}

/**
 * The sidebar shows the server's count without a reload. Compared with the server rather than with
 * an expected number: a notification from an earlier test's late job may arrive meanwhile, and the
 * badge must show it too.
 */
async function expectLiveCount(page: Page) {
  await expect
    .poll(
      async () => {
        const [shown, truth] = [await unread(page), await serverUnread(page)];
        return shown === truth;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Changes the signed-in admin's user name in Settings: the worker records a notification. */
async function renameSelf(page: Page, name: string) {
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Personal details' });
  await form.getByLabel(/^User Name/).fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data Updated Successfully')).toBeVisible();
}

test.describe.configure({ timeout: 240_000 });

test('notifications are marked read; the unread count follows live in another superadmin’s browser', async ({
  browser,
}) => {
  const watcher = await superadminInNewContext(browser, USERS.superadmin);
  const actor = await superadminInNewContext(browser, USERS.superadmin2);
  // Issue 27: nobody is notified of their own action, so the notifications come from a third
  // person (an admin renaming themselves), which both superadmins see.
  const changer = await (await browser.newContext()).newPage();
  await signIn(changer, USERS.inviteAdmin.email);
  await expect(changer).toHaveURL('/admin/mycompany');
  const stamp = Date.now().toString(36);

  // A new notification raises the watcher's count, live (no reload).
  await expect(notificationsLink(watcher)).toBeVisible();
  const before = await unread(watcher);
  const first = `Ines Invite ${stamp}a`;
  await renameSelf(changer, first);
  await expect.poll(() => unread(watcher), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 1);
  await expect(watcher.getByTestId('unread-badge')).toBeVisible();

  // The actor marks that row read from the selection: the watcher's count goes down by one.
  await actor
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: /^Notifications/ })
    .click();
  await expect(actor).toHaveURL('/superadmin/notifications');
  const row = actor.getByRole('row').filter({ hasText: first });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Unread')).toHaveCount(1);
  await actor.getByRole('checkbox', { name: `Select notification from ${first}` }).check();
  await actor.getByRole('button', { name: 'Mark as read', exact: true }).click();
  await expect(actor.getByText('Notifications marked as read')).toBeVisible();
  await expect(row.getByText('Read', { exact: true })).toHaveCount(1);
  // Without the live read event the badge would still count this row: it matches the server only if it followed.
  await expectLiveCount(watcher);

  // The Active filter (read_status true) lists it now.
  await watcher.goto('/superadmin/notifications');
  await watcher.getByRole('combobox', { name: 'Notification filter' }).selectOption('Active');
  await expect(watcher.getByRole('row').filter({ hasText: first })).toHaveCount(1);
  await watcher.getByRole('combobox', { name: 'Notification filter' }).selectOption('All Notifications');

  // Opening a row marks it read: the other superadmin's count follows.
  const second = `Ines Invite ${stamp}b`;
  await renameSelf(changer, second);
  const secondRow = watcher.getByRole('row').filter({ hasText: second });
  await expect(secondRow).toHaveCount(1, { timeout: 30_000 }); // arrived live on page 1
  await expect.poll(() => unread(actor), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  // Issue 27: an entry about a user links to that user (no modal repeating the row).
  expect(await seriousA11yViolations(watcher)).toEqual([]);
  await secondRow.getByRole('link').filter({ hasText: 'Updated their profile' }).click();
  await expect(watcher).toHaveURL(/\/superadmin\/companies\/[0-9a-f-]+\/user\/[0-9a-f-]+$/);
  await expectLiveCount(actor);

  // Mark all as read (one more unread first): no count left anywhere.
  await renameSelf(changer, `Ines Invite ${stamp}c`);
  await expect.poll(() => unread(watcher), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await actor.goto('/superadmin/notifications');
  await actor.getByRole('button', { name: 'Mark all as read' }).click();
  await expect.poll(() => unread(watcher), { timeout: 30_000 }).toBe(0);
  await expect(notificationsLink(watcher)).toHaveAccessibleName('Notifications');
  await expect(notificationsLink(actor)).toHaveAccessibleName('Notifications');
  await expect(actor.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  await watcher.context().close();
  await actor.context().close();
  await changer.context().close();
});
