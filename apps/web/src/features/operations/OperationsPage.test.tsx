import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { OpsFailedJob, OpsSummary } from '@portal/contracts';
import { json, renderApp, resetClientState } from '../../test/utils';
import { sockets } from '../../test/fakeSocket';
import { serve } from '../users/test/server';

beforeEach(() => {
  resetClientState();
  notifications.clean();
});

const summary = (over: Partial<OpsSummary> = {}): OpsSummary => ({
  status: { ok: true, sentence: 'All systems normal' },
  online: { total: 3, superadmin: 1, admin: 1, employee: 1 },
  queues: [{ name: 'email', waiting: 0, active: 0, delayed: 0, failed: 1 }],
  workers: [
    { id: 'host:1', hostname: 'host', pid: 1, last_beat: '2026-01-01T10:00:00Z', stale: false, stopped: false },
  ],
  outbox: { pending: 0, oldest_age_s: null },
  email: { sent: 10, deferred: 0, failed: 0, bounced: 1, suppressed: 0, complained: 0 },
  computed_at: '2026-01-01T10:00:00Z',
  ...over,
});

function opsServer(state: { summary: OpsSummary; jobs: OpsFailedJob[] }) {
  return serve('superadmin', (c) => {
    if (c.path === '/api/ops/summary') return json({ status: 200, data: state.summary });
    if (c.path === '/api/ops/activity')
      return json({
        status: 200,
        data: {
          list: [
            {
              _id: 'signin:1',
              kind: 'signin',
              at: '2026-01-01T10:00:00Z',
              text: 'Boss (Acme Air) signed in',
              link: { entity: 'user', _id: 'u1', href: '/superadmin/administrators/u1' },
              company: null,
            },
          ],
        },
      });
    if (c.path === '/api/ops/usage')
      return json({
        status: 200,
        data: {
          list: [
            {
              company: { _id: 'c1', name: c.query.get('dormant') ? 'Sleepy Ltd' : 'Acme Air', status: true },
              users: 4,
              active_users_7d: 2,
              active_users_30d: 3,
              signins: 12,
              searches: 40,
              zero_result_share: 0.25,
              pricelists: 1,
              quote_requests: 2,
              last_activity: '2026-01-01T09:00:00Z',
              dormant: !!c.query.get('dormant'),
              daily_signins: Array.from({ length: 90 }, (_, i) => i % 3),
            },
          ],
        },
      });
    if (c.path === '/api/ops/jobs/failed') return json({ status: 200, data: { list: state.jobs } });
    if (c.path === '/api/ops/online')
      return json({
        status: 200,
        data: {
          list: [
            {
              user: { _id: 'u1', username: 'Boss', role: 'admin' },
              company: { _id: 'c1', name: 'Acme Air' },
              since: '2026-01-01T10:00:00Z',
              last_seen: '2026-01-01T10:00:20Z',
            },
          ],
        },
      });
    if (c.path === '/api/ops/email/suppressions' && c.method === 'GET')
      return json({
        status: 200,
        data: {
          list: [
            {
              address: 'ghost@nowhere.example',
              reason: 'hard_bounce',
              smtp_code: 550,
              enhanced_status: '5.1.1',
              diagnostic: '550 5.1.1 mailbox does not exist',
              created_at: '2026-01-01T10:00:00Z',
              user: { _id: 'u9', username: 'Ghost' },
              company: { _id: 'c1', name: 'Acme Air' },
            },
          ],
        },
      });
    if (c.path.startsWith('/api/ops/email/suppressions/') && c.method === 'DELETE')
      return json({ status: 200, message: 'The address will receive emails again', data: {} });
    if (c.path.startsWith('/api/ops/jobs/') && c.method === 'POST') {
      state.jobs = [];
      return json({ status: 200, message: 'The job was queued again', data: {} });
    }
    return undefined;
  });
}

describe('Operations page', () => {
  it('shows the status sentence, the tiles, the feed and usage, and updates live on ops.changed', async () => {
    const state = { summary: summary(), jobs: [] as OpsFailedJob[] };
    opsServer(state);
    renderApp('/superadmin/operations');
    expect(await screen.findByTestId('ops-status')).toHaveTextContent('All systems normal');
    expect(screen.getByTestId('ops-online-total')).toHaveTextContent('3');
    expect(await screen.findByRole('link', { name: 'Boss (Acme Air) signed in' })).toHaveAttribute(
      'href',
      '/superadmin/administrators/u1',
    );
    expect(
      await within(screen.getByRole('table', { name: 'Usage per company' })).findByText('Acme Air'),
    ).toBeInTheDocument();
    const usageRow = screen.getByRole('link', { name: 'Acme Air' }).closest('tr')!;
    expect(within(usageRow).getByText('40 (25 %)')).toBeInTheDocument();
    expect(within(usageRow).getAllByRole('cell')[5]).toHaveTextContent('2');
    // A worker dies: the server pushes ops.changed (without the summary) and the screen refetches it.
    state.summary = summary({
      status: { ok: false, sentence: 'Worker host:1 stopped reporting at 10:42 UTC' },
      online: { total: 4, superadmin: 1, admin: 1, employee: 2 },
    });
    await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
    act(() =>
      sockets
        .find((s) => !s.disconnected)!
        .serverEmit('ops.changed', { at: '2026-01-01T10:42:05Z', parts: ['summary', 'online'] }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('ops-status')).toHaveTextContent('Worker host:1 stopped reporting at 10:42 UTC'),
    );
    expect(screen.getByTestId('ops-online-total')).toHaveTextContent('4');
  });

  it('shows the summary an ops.changed brings without asking for it, and refetches the lists it names', async () => {
    const state = { summary: summary(), jobs: [] as OpsFailedJob[] };
    const { calls } = opsServer(state);
    renderApp('/superadmin/operations');
    expect(await screen.findByTestId('ops-online-total')).toHaveTextContent('3');
    await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
    const asked = (path: string) => calls.filter((c) => new URL(c.url, 'http://x').pathname === path).length;
    await waitFor(() => expect(asked('/api/ops/online')).toBe(1));
    const summaries = asked('/api/ops/summary');
    act(() =>
      sockets
        .find((s) => !s.disconnected)!
        .serverEmit('ops.changed', {
          at: '2026-01-01T10:42:05Z',
          parts: ['summary', 'online'],
          summary: summary({ online: { total: 5, superadmin: 1, admin: 2, employee: 2 } }),
        }),
    );
    await waitFor(() => expect(screen.getByTestId('ops-online-total')).toHaveTextContent('5'));
    // The online list is asked for again, at a random moment within the spread (not all screens at once).
    await waitFor(() => expect(asked('/api/ops/online')).toBe(2));
    expect(asked('/api/ops/summary')).toBe(summaries);
  });

  it('shows the quotes and search tiles when the summary has them, and not otherwise', async () => {
    const state = { summary: summary(), jobs: [] as OpsFailedJob[] };
    opsServer(state);
    renderApp('/superadmin/operations');
    await screen.findByTestId('ops-online-total');
    expect(screen.queryByRole('group', { name: 'Quote requests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Search, last 24 h' })).not.toBeInTheDocument();

    state.summary = summary({
      quotes: { submitted: 4, in_review: 2, info_requested: 1, quoted: 3, oldest_waiting_s: 3 * 3600 },
      search: { searches: 200, zero_results: 30, zero_result_share: 0.15 },
    });
    await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
    act(() =>
      sockets
        .find((s) => !s.disconnected)!
        .serverEmit('ops.changed', { at: '2026-01-01T10:42:05Z', parts: ['summary'] }),
    );
    const quotes = await screen.findByRole('group', { name: 'Quote requests' });
    expect(within(quotes).getByTestId('ops-quotes-submitted')).toHaveTextContent('4');
    expect(within(quotes).getByText('in review').previousSibling).toHaveTextContent('2');
    expect(within(quotes).getByTestId('ops-quotes-oldest')).toHaveTextContent(
      '3 quoted, awaiting the customer · oldest waiting 3 h',
    );
    const search = screen.getByRole('group', { name: 'Search, last 24 h' });
    expect(within(search).getByTestId('ops-search-total')).toHaveTextContent('200');
    expect(within(search).getByTestId('ops-search-zero-share')).toHaveTextContent('15 %');
    expect(within(search).getByText('30 searches with no result')).toBeInTheDocument();
  });

  it('the dormant filter asks for companies without a sign-in for 30 days', async () => {
    const { calls } = opsServer({ summary: summary(), jobs: [] });
    renderApp('/superadmin/operations');
    await screen.findByText('Acme Air');
    await userEvent.click(screen.getByRole('switch', { name: 'Only companies with no sign-in for 30 days' }));
    expect(await screen.findByText('Sleepy Ltd')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/ops/usage?dormant=30')).toBe(true);
  });

  it('shows who is online and lifts a suppression with "Try again"', async () => {
    const { calls } = opsServer({ summary: summary(), jobs: [] });
    renderApp('/superadmin/operations');
    expect(
      await within(await screen.findByRole('list', { name: 'Online now' })).findByText('Boss · Acme Air'),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Email suppressions' });
    expect(within(table).getByText('Ghost (Acme Air)')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Try again: ghost@nowhere.example' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url === '/api/ops/email/suppressions/ghost%40nowhere.example'),
      ).toBe(true),
    );
  });

  it('retries a failed job', async () => {
    const job: OpsFailedJob = {
      queue: 'email',
      _id: '42',
      name: 'user.created',
      event_type: 'user.created',
      reason: 'connect ECONNREFUSED',
      attempts: 5,
      failed_at: '2026-01-01T10:00:00Z',
    };
    const { calls } = opsServer({ summary: summary(), jobs: [job] });
    renderApp('/superadmin/operations');
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    expect(within(table).getByText('connect ECONNREFUSED')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Retry email job 42' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/ops/jobs/email/42/retry')).toBe(true),
    );
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
  });
});
