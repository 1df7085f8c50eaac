import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { NotificationView } from '@portal/contracts';
import { json, renderApp, resetClientState } from '../../test/utils';
import { sockets } from '../../test/fakeSocket';
import { serve } from '../users/test/server';

beforeEach(() => {
  resetClientState();
  notifications.clean();
});

const note = (i: number, read = false): NotificationView => ({
  _id: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
  username: `actor${i}`,
  email: `actor${i}@acme.test`,
  description: `Action number ${i}`,
  date: '2024-05-01T10:00:00.000Z',
  read_status: read,
});

function notificationServer(rows: NotificationView[], onDelete?: () => Response) {
  return serve('superadmin', (c) => {
    const unread = () => rows.filter((n) => !n.read_status).length;
    if (c.path === '/api/notification/unread-count') return json({ status: 200, data: { unread: unread() } });
    if (c.path === '/api/notification/read' && c.method === 'PATCH') {
      const body = c.body as { ids?: string[]; all?: true };
      let updated = 0;
      for (const n of rows)
        if (!n.read_status && (body.all || body.ids?.includes(n._id))) {
          n.read_status = true;
          updated++;
        }
      return json({ status: 200, message: 'Notifications marked as read', data: { updated, unread: unread() } });
    }
    if (c.path === '/api/notification' && c.method === 'GET') {
      const rs = c.query.get('read_status');
      const list = rows.filter((n) => rs === null || String(n.read_status) === rs);
      return json({ status: 200, data: { notification: list.slice(0, 20), totalcount: list.length } });
    }
    if (c.path === '/api/notification' && c.method === 'DELETE') return onDelete?.();
    return undefined;
  });
}

describe('Notifications page', () => {
  it('lists notifications with the spec columns, read/unread dot and filter', async () => {
    const { calls } = notificationServer([note(1), note(2, true)]);
    renderApp('/superadmin/notifications');
    const table = await screen.findByRole('table', { name: 'Notifications' });
    expect(await within(table).findByText('Action number 1')).toBeInTheDocument();
    for (const h of ['Username', 'Email', 'Action', 'Date'])
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
    expect(within(table).getByText('Unread')).toBeInTheDocument();
    expect(within(table).getByText('Read')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/notification?'))!.url).toBe('/api/notification?page=1&limit=20');

    const filter = screen.getByRole('combobox', { name: 'Notification filter' });
    expect(within(filter).getByRole('option', { name: 'All Notifications' })).toBeInTheDocument();
    await userEvent.selectOptions(filter, 'Active');
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/notification?page=1&limit=20&read_status=true'));
    await waitFor(() => expect(within(table).queryByText('Action number 1')).toBeNull());
    expect(within(table).getByText('Action number 2')).toBeInTheDocument();
  });

  it('shows a new row live when notification.created arrives', async () => {
    const server = [note(1)];
    const { calls } = notificationServer(server);
    renderApp('/superadmin/notifications');
    const table = await screen.findByRole('table', { name: 'Notifications' });
    await within(table).findByText('Action number 1');
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
    const before = calls.length;
    server.unshift(note(7));
    act(() => sockets.find((s) => !s.disconnected)!.serverEmit('notification.created', note(7)));
    expect(await within(table).findByText('Action number 7')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('actor7'); // on top
    expect(calls.slice(before).filter((c) => c.url.startsWith('/api/notification?'))).toHaveLength(0); // no reload
    // The sidebar's unread count went up by one.
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('bulk deletes with DELETE notification/ {ids} → Notifications deleted Successfully', async () => {
    const { calls } = notificationServer([note(1), note(2)], () =>
      json({ status: 200, message: 'Notifications deleted Successfully', data: { deleted: 2 } }),
    );
    renderApp('/superadmin/notifications');
    await screen.findByText('Action number 1');
    const del = screen.getByRole('button', { name: 'Delete selected' });
    expect(del).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(del);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Notifications deleted Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ ids: [note(1)._id, note(2)._id] });
  });

  it('only logs a failed delete', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    notificationServer([note(1)], () => json({ status: 400, message: 'Invalid id' }, 400));
    renderApp('/superadmin/notifications');
    await screen.findByText('Action number 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select notification from actor1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Notification delete failed', expect.anything()));
    expect(screen.queryByText('Notifications deleted Successfully')).toBeNull();
    expect(screen.queryByText('Invalid id')).toBeNull();
  });

  it('marks selected rows read (PATCH notification/read {ids}); the sidebar count follows', async () => {
    const rows = [note(1), note(2), note(3, true)];
    const { calls } = notificationServer(rows);
    renderApp('/superadmin/notifications');
    await screen.findByText('Action number 1');
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const mark = screen.getByRole('button', { name: 'Mark as read' });
    expect(mark).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select notification from actor1' }));
    await userEvent.click(mark);
    expect(await screen.findByText('Notifications marked as read')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ ids: [note(1)._id] });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // The list was fetched again: row 1 now shows Read.
    const table = screen.getByRole('table', { name: 'Notifications' });
    await waitFor(() => expect(within(table).getAllByText('Read')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ all: true }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opening a row shows its detail and marks it read', async () => {
    const { calls } = notificationServer([note(1), note(2)]);
    renderApp('/superadmin/notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Action number 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification' });
    expect(within(dialog).getByText('actor2@acme.test')).toBeInTheDocument();
    expect(await within(dialog).findByText('Read')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ ids: [note(2)._id] });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // Opening a read row does not call again.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Action number 2' }));
    await screen.findByRole('dialog', { name: 'Notification' });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('notification.read from elsewhere refetches the count (each viewer has their own) and the list', async () => {
    const rows = [note(1), note(2)];
    const { calls } = notificationServer(rows);
    renderApp('/superadmin/notifications');
    await screen.findByText('Action number 1');
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
    rows[0].read_status = true;
    const before = calls.length;
    act(() =>
      sockets
        .find((s) => !s.disconnected)!
        .serverEmit('notification.read', { ids: [rows[0]._id], all: false, unread: 1 }),
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(calls.slice(before).some((c) => c.url.startsWith('/api/notification?'))).toBe(true));
    expect(calls.slice(before).some((c) => c.url.includes('unread-count'))).toBe(true);
  });

  it('your own action (actor_id = you) adds no row and no badge count; an entry about a user links to it', async () => {
    const rows = [{ ...note(1), link: '/superadmin/companies/c1/user/u1' }];
    notificationServer(rows);
    renderApp('/superadmin/notifications');
    const link = await screen.findByRole('link', { name: 'Action number 1' });
    expect(link).toHaveAttribute('href', '/superadmin/companies/c1/user/u1');
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
    const socket = sockets.find((s) => !s.disconnected)!;
    // serve('superadmin') signs in as makeUser('superadmin'): _id 'superadmin-id'.
    act(() => socket.serverEmit('notification.created', { ...note(7), actor_id: 'superadmin-id' }));
    act(() => socket.serverEmit('notification.created', { ...note(8), actor_id: 'someone-else' }));
    expect(await screen.findByText('Action number 8')).toBeInTheDocument();
    expect(screen.queryByText('Action number 7')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });
});
