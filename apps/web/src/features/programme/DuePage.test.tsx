import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState, type FetchCall } from '../../test/utils';
import type { DueSite, ProgrammeRequest } from './api';

const made: ProgrammeRequest = {
  order_request: { _id: 'o1', number: 'O-000123' },
  quote_request: { _id: 'q1', number: 'Q-000045' },
};

function dueSite(over: Partial<DueSite> = {}): DueSite {
  return {
    _id: 's1',
    name: 'Building A',
    code: 'BA',
    lines: [
      {
        slot_id: 'f1',
        unit_label: 'AHU-3',
        stage: 'final',
        kind: 'catalogue',
        part_number: 'M13-2025',
        size: '20x25x1',
        quantity: 4,
        due_on: '2027-03-01',
        overdue: false,
        unit_price: 12.5,
        needs_quote: false,
      },
    ],
    total: 50,
    needs_quote_count: 0,
    requested: null,
    can_request: true,
    ...over,
  };
}

function serve(site: DueSite) {
  const posted: FetchCall[] = [];
  mockFetch((raw, call) => {
    const path = new URL(raw, 'http://localhost').pathname.replace(/^\/api\//, '');
    if (path === 'validate') return json({ status: 200, token: 'fresh.jwt.token', data: makeUser('admin') });
    if (path === 'config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    if (path === 'csrf-token') return json({ status: 200, token: CSRF });
    if (path === 'programme/due') {
      const requested = posted.length ? made : site.requested;
      return json({ status: 200, data: { months: [{ month: '2027-03', sites: [{ ...site, requested }] }] } });
    }
    if (path === 'programme/requests' && call.method === 'POST') {
      posted.push(call);
      return json({ status: 201, message: 'March 2027 for Building A requested', data: made }, 201);
    }
    return json({ status: 404, message: 'not found' }, 404);
  });
  return { posted };
}

describe('Due: request the month', () => {
  it('"Request March for Building A" shows the order and quote numbers at once, and no longer offers to request', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    const { posted } = serve(dueSite());
    renderApp('/admin/programme/due?month=2027-03');
    fireEvent.click(await screen.findByRole('button', { name: 'Request March for Building A' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({ site_id: 's1', month: '2027-03' });
    expect(await screen.findByRole('link', { name: 'Order O-000123' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(screen.getByRole('link', { name: 'Quote Q-000045' })).toHaveAttribute('href', '/admin/quotes/q1');
    expect(screen.queryByRole('button', { name: /^Request / })).not.toBeInTheDocument();
  });

  it('a month already requested shows its numbers instead of the button', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    serve(dueSite({ requested: { order_request: null, quote_request: made.quote_request } }));
    renderApp('/admin/programme/due?month=2027-03');
    expect(await screen.findByRole('link', { name: 'Quote Q-000045' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Order / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Request / })).not.toBeInTheDocument();
  });

  it('someone who may not request (not a contact) sees no button', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    serve(dueSite({ can_request: false }));
    renderApp('/admin/programme/due?month=2027-03');
    expect(await screen.findByRole('heading', { name: 'Building A (BA)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Request / })).not.toBeInTheDocument();
  });
});
