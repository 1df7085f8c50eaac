/**
 * Notifications become read: "Mark as read" on selected rows, opening a row's detail, "Mark all as
 * read"; the sidebar's unread count follows live in another browser context (another superadmin):
 * a new notification raises it, reads lower it.
 */
import type { Page } from '@playwright/test';
import { USERS, expect, superadminInNewContext, test } from './fixtures';
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

/** Changes the signed-in superadmin's user name in Settings: the worker records a notification. */
async function renameSelf(page: Page, name: string) {
  await page.goto('/superadmin/settings');
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
  const stamp = Date.now().toString(36);

  // A new notification raises the watcher's count, live (no reload).
  await expect(notificationsLink(watcher)).toBeVisible();
  const before = await unread(watcher);
  const first = `Second Root ${stamp}a`;
  await renameSelf(actor, first);
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

  // Opening a row's detail marks it read: the other superadmin's count follows.
  const second = `Second Root ${stamp}b`;
  await renameSelf(actor, second);
  const secondRow = watcher.getByRole('row').filter({ hasText: second });
  await expect(secondRow).toHaveCount(1, { timeout: 30_000 }); // arrived live on page 1
  await expect.poll(() => unread(actor), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await secondRow.getByRole('button').filter({ hasText: 'Updated their profile' }).click();
  const dialog = watcher.getByRole('dialog', { name: 'Notification' });
  await expect(dialog).toContainText(second);
  await expect(dialog.getByText('Read', { exact: true })).toBeVisible();
  await expectLiveCount(actor);
  expect(await seriousA11yViolations(watcher)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Mark all as read (one more unread first): no count left anywhere.
  await renameSelf(actor, `Second Root ${stamp}c`);
  await expect.poll(() => unread(watcher), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await actor.goto('/superadmin/notifications');
  await actor.getByRole('button', { name: 'Mark all as read' }).click();
  await expect.poll(() => unread(watcher), { timeout: 30_000 }).toBe(0);
  await expect(notificationsLink(watcher)).toHaveAccessibleName('Notifications');
  await expect(notificationsLink(actor)).toHaveAccessibleName('Notifications');
  await expect(actor.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  await watcher.context().close();
  await actor.context().close();
});
