import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderPreview, OrderRequestDetail, OrderRequestListItem, RoleKey } from '@portal/contracts';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../shared/api';
import { dispatchRealtimeEvent } from '../../shared/realtime';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState, type FetchCall } from '../../test/utils';
import { ApprovalThreshold } from './components/ApprovalThreshold';
import { OrderDrawer } from './components/OrderDrawer';
import { useOrderCart } from './store';

function summary(over: Partial<OrderRequestListItem> = {}): OrderRequestListItem {
  return {
    _id: 'o1',
    number: 'R-000001',
    status: 'submitted',
    company: { _id: 'company-1', name: 'Acme Air' },
    site: null,
    requested_by: { _id: 'employee-id', name: 'Erin' },
    po_number: 'PO-7',
    customer_reference: null,
    needed_by: null,
    line_count: 1,
    total: 37.5,
    version: 1,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    allowed_actions: [],
    ...over,
  };
}

function detail(over: Partial<OrderRequestDetail> = {}): OrderRequestDetail {
  return {
    ...summary({ status: 'acknowledged', version: 2 }),
    note: null,
    office_ref: null,
    ships_on: null,
    tracking: null,
    decision_reason: null,
    lines: [
      {
        _id: 'l1',
        kind: 'agreed_item',
        variant_id: null,
        agreed_item_id: 'a1',
        part_number: 'ACME-77',
        description: '16 3/8″ × 20 1/4″ × 1″ (exact)',
        quantity: 3,
        unit_price: 12.5,
        line_total: 37.5,
      },
    ],
    history: [
      {
        action: 'submit',
        from: null,
        to: 'submitted',
        by: { _id: 'employee-id', name: 'Erin', role: 'employee' },
        at: new Date().toISOString(),
        details: null,
      },
      {
        action: 'acknowledge',
        from: 'submitted',
        to: 'acknowledged',
        by: { _id: 'root', name: 'Office', role: 'superadmin' },
        at: new Date().toISOString(),
        details: null,
      },
    ],
    allowed_actions: [],
    ...over,
  };
}

const PREVIEW: OrderPreview = {
  lines: [
    {
      kind: 'agreed_item',
      agreed_item_id: 'a1',
      part_number: 'ACME-77',
      description: '16 3/8″ × 20 1/4″ × 1″ (exact)',
      quantity: 3,
      unit_price: 13,
      line_total: 39,
      last_price: 12.5,
      status: 'price_changed',
    },
  ],
  total: 39,
};

/** A signed-in `role` with a mocked orders API; `lists` answers GET order-requests (per query string). */
function serve(
  role: RoleKey,
  state: {
    one?: () => OrderRequestDetail;
    lists?: (q: URLSearchParams) => unknown;
    sites?: { _id: string; name: string; code: string }[];
  },
) {
  const posted: FetchCall[] = [];
  const { calls } = mockFetch((raw, call) => {
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    if (path === 'validate') return json({ status: 200, token: 'fresh.jwt.token', data: makeUser(role) });
    if (path === 'config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    if (path === 'csrf-token') return json({ status: 200, token: CSRF });
    if (path === 'order-requests' && call.method === 'GET')
      return json({ status: 200, data: state.lists?.(url.searchParams) });
    if (path === 'order-requests/o1') return json({ status: 200, data: state.one?.() });
    if (path === 'sites' && call.method === 'GET') {
      const list = url.searchParams.get('status') === 'active' ? (state.sites ?? []) : [];
      return json({ status: 200, data: { list, total: list.length } });
    }
    if (path === 'order-requests/preview') {
      posted.push(call);
      return json({ status: 200, data: PREVIEW });
    }
    if (path === 'order-requests' && call.method === 'POST') {
      posted.push(call);
      return json(
        {
          status: 201,
          message: 'Order request R-000009 was sent to the office',
          data: { _id: 'o9', number: 'R-000009', status: 'submitted', total: 39, repeated: false },
        },
        201,
      );
    }
    if (call.method === 'POST') {
      posted.push(call);
      return json({ status: 200, data: { status: 'acknowledged', version: 2 } });
    }
    return json({ status: 404, message: 'not found' }, 404);
  });
  return { calls, posted };
}

describe('Orders (employee)', () => {
  it('shows the lines, the history with who and when, and orders again after a preview with changed prices highlighted', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    const { posted } = serve('employee', { one: () => detail() });
    const { router } = renderApp('/employee/orders/o1');
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$37.50');
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Submitted — Submitted');
    expect(history).toHaveTextContent('Acknowledged by the office — Acknowledged');
    expect(history).toHaveTextContent('Office');
    expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Order again' }));
    const preview = await screen.findByRole('table', { name: 'Order preview' });
    const row = within(preview)
      .getByText(/ACME-77/)
      .closest('tr')!;
    expect(row).toHaveAttribute('data-status', 'price_changed');
    expect(row).toHaveTextContent('Was $12.50 last time');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('$39.00');
    fireEvent.click(screen.getByRole('button', { name: 'Submit order request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee/orders/o9'));
    const submit = posted.find((c) => c.url === '/api/order-requests')!;
    expect(submit.body).toEqual({ from: { order_request_id: 'o1' }, expected_total: 39 });
    expect(submit.headers['idempotency-key']).toBeTruthy();
  });
});

describe('Orders (admin)', () => {
  it('puts what waits for approval first and approves with the version', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    const waiting = summary({ _id: 'o1', number: 'R-000005', status: 'pending_approval' });
    const { posted } = serve('admin', {
      lists: (q) =>
        q.get('status') === 'pending_approval'
          ? { list: [waiting], total: 1 }
          : { list: [summary({ _id: 'o2', number: 'R-000002' })], total: 1 },
      one: () =>
        detail({
          ...waiting,
          status: 'pending_approval',
          version: 1,
          allowed_actions: ['approve', 'reject', 'cancel'],
          history: [],
        }),
    });
    renderApp('/admin/orders');
    const first = await screen.findByRole('table', { name: 'Waiting for your approval' });
    expect(within(first).getByRole('link', { name: 'R-000005' })).toHaveAttribute('href', '/admin/orders/o1');
    const tables = screen.getAllByRole('table');
    expect(tables[0]).toBe(first);
    fireEvent.click(within(first).getByRole('link', { name: 'R-000005' }));
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    fireEvent.click(approve);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toBe('/api/order-requests/o1/approve');
    expect(posted[0].body).toEqual({ version: 1 });
  });
});

describe('Orders (admin) — decisions from the list', () => {
  const waitingRows = () => [
    summary({
      _id: 'o1',
      number: 'R-000005',
      status: 'pending_approval',
      version: 2,
      allowed_actions: ['approve', 'reject', 'cancel'],
    }),
    summary({ _id: 'o3', number: 'R-000006', status: 'pending_approval', version: 1, allowed_actions: ['cancel'] }),
  ];

  it('approves in one click with the row version, and offers only what the API allows', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    const { posted } = serve('admin', {
      lists: (q) =>
        q.get('status') === 'pending_approval' ? { list: waitingRows(), total: 2 } : { list: [], total: 0 },
    });
    renderApp('/admin/orders');
    const first = await screen.findByRole('table', { name: 'Waiting for your approval' });
    expect(within(first).queryByRole('button', { name: 'Approve R-000006' })).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Reject R-000006' })).not.toBeInTheDocument();
    fireEvent.click(within(first).getByRole('button', { name: 'Approve R-000005' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toBe('/api/order-requests/o1/approve');
    expect(posted[0].body).toEqual({ version: 2 });
    expect(await screen.findByRole('status')).toHaveTextContent('Order request R-000005 approved');
  });

  it('rejects from the list only with a reason', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    const { posted } = serve('admin', {
      lists: (q) =>
        q.get('status') === 'pending_approval' ? { list: waitingRows(), total: 2 } : { list: [], total: 0 },
    });
    renderApp('/admin/orders');
    const first = await screen.findByRole('table', { name: 'Waiting for your approval' });
    fireEvent.click(within(first).getByRole('button', { name: 'Reject R-000005' }));
    const reason = await screen.findByRole('textbox', { name: 'Reason for rejecting R-000005' });
    const send = screen.getByRole('button', { name: 'Confirm rejection' });
    expect(send).toBeDisabled();
    fireEvent.change(reason, { target: { value: 'Over this month’s budget' } });
    fireEvent.click(send);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toBe('/api/order-requests/o1/reject');
    expect(posted[0].body).toEqual({ version: 2, reason: 'Over this month’s budget' });
  });
});

describe('Orders desk (superadmin)', () => {
  it('counts per status, ages waiting requests, takes the next step from the list and shows new ones live', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
    const day = 86_400_000;
    let rows = [
      summary({
        _id: 'a',
        number: 'R-000010',
        created_at: new Date(Date.now() - 10 * day).toISOString(),
        version: 3,
        allowed_actions: ['acknowledge', 'cancel'],
      }),
      summary({ _id: 'b', number: 'R-000011', status: 'acknowledged', allowed_actions: ['confirm', 'cancel'] }),
      // The API allows nothing on this one (say, a stale row): the list offers nothing either.
      summary({ _id: 'd', number: 'R-000013', allowed_actions: [] }),
    ];
    const { calls, posted } = serve('superadmin', {
      lists: () => ({ list: rows, total: rows.length, counts: { submitted: 1, acknowledged: 1, shipped: 4 } }),
    });
    renderApp('/superadmin/orders');
    await screen.findByRole('link', { name: 'R-000010' });
    expect(screen.getByTestId('count-shipped')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'R-000010' }).closest('tr')).toHaveAttribute('data-age', 'red');
    expect(screen.getByRole('link', { name: 'R-000011' }).closest('tr')).toHaveAttribute('data-age', 'fresh');
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge R-000010' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toBe('/api/order-requests/a/acknowledge');
    expect(posted[0].body).toEqual({ version: 3 });
    expect(screen.getByRole('button', { name: 'Confirm R-000011' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge R-000013' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    const before = calls.filter((c) => c.url.startsWith('/api/order-requests?')).length;
    rows = [summary({ _id: 'c', number: 'R-000012' }), ...rows];
    act(() => dispatchRealtimeEvent('order.changed', { _id: 'c', number: 'R-000012', status: 'submitted' }));
    expect(await screen.findByRole('link', { name: 'R-000012' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('New order request R-000012');
    expect(calls.filter((c) => c.url.startsWith('/api/order-requests?')).length).toBeGreaterThan(before);
  });
});

describe('Order drawer', () => {
  it('shows the running total at the company prices and submits with it; the number shows at once', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    const site = '7f0c1a52-4f5e-4c84-9a39-3d1f1f0f6a10';
    const { posted } = serve('employee', { sites: [{ _id: site, name: 'North plant', code: 'N1' }] });
    useOrderCart.setState({
      open: true,
      rows: [
        {
          key: 'a:a1',
          line: { kind: 'agreed_item', agreed_item_id: 'a1', quantity: 3 },
          part_number: 'ACME-77',
          label: 'Custom size',
        },
      ],
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <OrderDrawer />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('running-total')).toHaveTextContent('$39.00'));
    fireEvent.change(screen.getByRole('textbox', { name: 'PO number (optional)' }), { target: { value: 'PO-42' } });
    const sitePicker = await screen.findByRole('combobox', { name: 'Site (optional)' });
    fireEvent.change(sitePicker, { target: { value: site } });
    fireEvent.change(screen.getByLabelText('Needed by (optional)'), { target: { value: '2099-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit order request' }));
    expect(await screen.findByText(/Order request R-000009 was sent to the office/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View R-000009' })).toHaveAttribute('href', '/employee/orders/o9');
    const submit = posted.find((c) => c.url === '/api/order-requests')!;
    expect(submit.body).toEqual({
      lines: [{ kind: 'agreed_item', agreed_item_id: 'a1', quantity: 3 }],
      po_number: 'PO-42',
      needed_by: '2099-03-01',
      site_id: site,
      expected_total: 39,
    });
    expect(useOrderCart.getState().rows).toEqual([]);
  });
});

describe('Approval threshold', () => {
  it('shows the threshold and saves a new one (empty: no approval)', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    const sent: FetchCall[] = [];
    let threshold: number | null = 50;
    mockFetch((raw, call) => {
      const path = new URL(raw, 'http://localhost').pathname.replace(/^\/api\//, '');
      if (path === 'csrf-token') return json({ status: 200, token: CSRF });
      if (path === 'company/c1/ordering' && call.method === 'GET')
        return json({ status: 200, data: { _id: 'c1', approval_threshold: threshold } });
      if (path === 'company/c1/ordering' && call.method === 'PATCH') {
        sent.push(call);
        threshold = null;
        return json({
          status: 200,
          message: 'Approval threshold saved',
          data: { _id: 'c1', approval_threshold: null },
        });
      }
      return json({ status: 404, message: 'not found' }, 404);
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ApprovalThreshold companyId="c1" />
      </AppProviders>,
    );
    expect(await screen.findByText(/over \$50\.00 wait for an admin's approval/)).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Approval threshold (empty: no approval)' });
    await waitFor(() => expect(input).toHaveValue('$50'));
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Approval threshold saved')).toBeInTheDocument();
    expect(sent[0].body).toEqual({ approval_threshold: null });
    expect(await screen.findByText('Order requests go straight to the office.')).toBeInTheDocument();
  });
});
