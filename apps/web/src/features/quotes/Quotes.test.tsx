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
    if (path === 'catalogue')
      return json({
        status: 200,
        data: [{ _id: 'cat-1', name: 'Pleated', image_url: null, files: [], has_subcatalogues: false }],
      });
    if (path === 'quote-requests/match')
      return json({
        status: 200,
        data: [
          {
            line: 1,
            text: 'M10-1\t4',
            part_number: 'M10-1',
            quantity: 4,
            match: 'variant',
            variant: { _id: 'v1', part_number: 'M10-1', size: '16x25x1', product_name: 'MERV 10', customer_price: 7.5 },
          },
          { line: 2, text: 'XYZ-9 2', part_number: 'XYZ-9', quantity: 2, match: 'unknown' },
          {
            line: 3,
            text: '16 3/8 x 20 1/4 x 1 5',
            part_number: '16 3/8 x 20 1/4 x 1',
            quantity: 5,
            match: 'odd_size',
            size: { width: 16.375, height: 20.25, depth: 1, measure: 'exact', size_type: 'SINGLE' },
          },
        ],
      });
    if (path === 'quote-requests' && call.method === 'POST') {
      posted.push(call);
      return json({ status: 201, data: { _id: 'q9', number: 'Q-000009', status: 'submitted', merged: 0 } }, 201);
    }
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

describe('Paste box', () => {
  it('matches a pasted list and requests every line, custom sizes in the chosen family', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    const { posted } = serve('admin', { lists: () => ({ list: [], total: 0 }) });
    renderApp('/admin/quotes');
    fireEvent.change(await screen.findByRole('textbox', { name: /Paste a list/ }), { target: { value: 'M10-1\t4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Match lines' }));
    const table = await screen.findByRole('table', { name: 'Matched lines' });
    expect(table).toHaveTextContent('MERV 10 16x25x1 · $7.50');
    expect(table).toHaveTextContent('16 3/8″ × 20 1/4″ × 1″ (exact)');
    expect(screen.getByText('2 of 3 lines can be requested.')).toBeInTheDocument();
    const family = screen.getByRole('combobox', { name: 'Product family of the custom sizes' });
    await within(family).findByRole('option', { name: 'Pleated' });
    fireEvent.change(family, { target: { value: 'cat-1' } });
    expect(screen.getByText('3 of 3 lines can be requested.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote for these lines' }));
    expect(await screen.findByText(/Quote request Q-000009 sent/)).toBeInTheDocument();
    expect(posted[0].body).toEqual({
      lines: [
        { kind: 'catalogue', variant_id: 'v1', quantity: 4 },
        { kind: 'unlisted', part_number: 'XYZ-9', quantity: 2 },
        {
          kind: 'custom_size',
          catalogue_id: 'cat-1',
          width: 16.375,
          height: 20.25,
          depth: 1,
          measure: 'exact',
          quantity: 5,
        },
      ],
    });
    expect(posted[0].headers['idempotency-key']).toBeTruthy();
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
    fireEvent.change(screen.getByLabelText(/Agreed prices hold until/), { target: { value: '2030-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toBe('/api/quote-requests/q1/send-quote');
    expect(posted[0].body).toMatchObject({
      version: 4,
      valid_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      price_held_until: '2030-06-30',
      lines: [{ _id: 'l1', line_status: 'quoted', quoted_price: '14.75', lead_time_days: 10 }],
    });
  });
});
