import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuoteRequestDetail, QuoteRequestSummary, RoleKey } from '@portal/contracts';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState, type FetchCall } from '../../test/utils';
import { dispatchRealtimeEvent } from '../../shared/realtime';

function summary(over: Partial<QuoteRequestSummary> = {}): QuoteRequestSummary {
  return {
    _id: 'q1',
    number: 'Q-000001',
    status: 'submitted',
    company: { _id: 'company-1', name: 'Acme Air' },
    requested_by: { _id: 'employee-id', name: 'Erin' },
    assignee: null,
    line_count: 2,
    customer_reference: null,
    valid_until: null,
    revision: 1,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...over,
  };
}

function detail(over: Partial<QuoteRequestDetail> = {}): QuoteRequestDetail {
  return {
    ...summary({ status: 'quoted', valid_until: '2025-12-05' }),
    note: null,
    needed_by: null,
    expires_at: null,
    made_to_order: true,
    decision_reason: null,
    version: 4,
    lines: [
      {
        _id: 'l1',
        position: 1,
        kind: 'custom_size',
        variant_id: null,
        part_number: null,
        description: '16 3/8″ × 20 1/4″ × 1″ (exact)',
        catalogue_id: 'c1',
        catalogue_name: 'Pleated',
        width: 16.375,
        height: 20.25,
        depth: 1,
        measure: 'exact',
        size_type: 'SINGLE',
        quantity: 5,
        snapshot_price: null,
        quoted_price: 12.5,
        lead_time_days: 10,
        line_status: 'quoted',
        line_note: null,
        today_price: null,
        nearest_variants: [{ _id: 'v9', part_number: 'P-16201', size: '16x20x1', depth: 1, customer_price: 7.25 }],
      },
    ],
    messages: [
      {
        _id: 'm1',
        kind: 'request_info',
        body: '<b>frame</b>?',
        author: { _id: 'root', name: 'Office', role: 'superadmin' },
        created_at: new Date().toISOString(),
      },
    ],
    allowed_actions: ['accept', 'decline'],
    ...over,
  };
}

/** A signed-in `role` with a mocked quotes API; `lists` answers GET quote-requests in turn. */
function serve(role: RoleKey, state: { one?: QuoteRequestDetail; lists?: () => unknown }) {
  const posted: FetchCall[] = [];
  const { calls } = mockFetch((raw, call) => {
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    if (path === 'validate') return json({ status: 200, token: 'fresh.jwt.token', data: makeUser(role) });
    if (path === 'config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    if (path === 'csrf-token') return json({ status: 200, token: CSRF });
    if (path === 'quote-requests' && call.method === 'GET') return json({ status: 200, data: state.lists?.() });
    if (/^quote-requests\/q1$/.test(path)) return json({ status: 200, data: state.one });
    if (call.method === 'POST') {
      posted.push(call);
      return json({ status: 200, data: { status: 'accepted', version: 5 } });
    }
    return json({ status: 404, message: 'not found' }, 404);
  });
  return { calls, posted };
}

describe('Quotes (employee)', () => {
  it('shows the lines, the thread as text and the validity; Accept needs the made-to-order confirmation', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    const { posted } = serve('employee', { one: detail() });
    renderApp('/employee/quotes/q1');
    expect(await screen.findByTestId('validity')).toHaveTextContent('valid until Fri 5 Dec, end of day');
    expect(screen.getByRole('table', { name: 'Lines' })).toHaveTextContent('16 3/8″ × 20 1/4″ × 1″ (exact)');
    expect(screen.getByRole('table', { name: 'Lines' })).toHaveTextContent('$12.50');
    expect(screen.getByText('<b>frame</b>?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /made to order/ }));
    fireEvent.click(accept);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toBe('/api/quote-requests/q1/accept');
    expect(posted[0].body).toEqual({ version: 4, made_to_order: true });
  });

  it('lists the requests with status badges', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    serve('employee', {
      lists: () => ({ list: [summary(), summary({ _id: 'q2', number: 'Q-000002', status: 'quoted' })], total: 2 }),
    });
    renderApp('/employee/quotes');
    const table = await screen.findByRole('table', { name: 'Quote requests' });
    expect(within(table).getByRole('link', { name: 'Q-000002' })).toHaveAttribute('href', '/employee/quotes/q2');
    expect(table).toHaveTextContent('Quoted');
    expect(screen.getByRole('textbox', { name: /Paste a list/ })).toBeInTheDocument();
  });
});

describe('Quote desk (superadmin)', () => {
  it('counts per status, ages open requests (amber > 1 business day, red > 3) and shows new ones live', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
    const day = 86_400_000;
    let rows = [
      summary({ _id: 'a', number: 'Q-000010', created_at: new Date(Date.now() - 10 * day).toISOString() }),
      summary({ _id: 'b', number: 'Q-000011', created_at: new Date().toISOString() }),
    ];
    const { calls } = serve('superadmin', {
      lists: () => ({ list: rows, total: rows.length, counts: { submitted: rows.length, quoted: 3 } }),
    });
    renderApp('/superadmin/quotes');
    await screen.findByRole('link', { name: 'Q-000010' });
    expect(screen.getByTestId('count-submitted')).toHaveTextContent('2');
    expect(screen.getByTestId('count-quoted')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Q-000010' }).closest('tr')).toHaveAttribute('data-age', 'red');
    expect(screen.getByRole('link', { name: 'Q-000011' }).closest('tr')).toHaveAttribute('data-age', 'fresh');
    const before = calls.filter((c) => c.url.startsWith('/api/quote-requests?')).length;
    rows = [summary({ _id: 'c', number: 'Q-000012' }), ...rows];
    act(() => dispatchRealtimeEvent('quote.changed', { _id: 'c', number: 'Q-000012', status: 'submitted' }));
    expect(await screen.findByRole('link', { name: 'Q-000012' })).toBeInTheDocument();
    expect(screen.getByTestId('count-submitted')).toHaveTextContent('3');
    expect(calls.filter((c) => c.url.startsWith('/api/quote-requests?')).length).toBeGreaterThan(before);
  });

  it("the price editor shows a custom size's type and nearest variants, and sends every line", async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
    const { posted } = serve('superadmin', {
      one: detail({
        status: 'in_review',
        valid_until: null,
        allowed_actions: ['request-info', 'send-quote', 'reject'],
      }),
    });
    renderApp('/superadmin/quotes/q1');
    const editor = await screen.findByRole('table', { name: 'Price editor' });
    expect(editor).toHaveTextContent('Size type SINGLE');
    expect(editor).toHaveTextContent('Near: P-16201 16x20x1 · $7.25');
    fireEvent.change(screen.getByRole('textbox', { name: 'Unit price for line 1' }), { target: { value: '14.75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toBe('/api/quote-requests/q1/send-quote');
    expect(posted[0].body).toMatchObject({
      version: 4,
      valid_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      lines: [{ _id: 'l1', line_status: 'quoted', quoted_price: '14.75', lead_time_days: 10 }],
    });
  });
});
