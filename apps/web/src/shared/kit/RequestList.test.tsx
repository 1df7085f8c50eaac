import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../api';
import { RequestList, requestAge, type RequestListRow } from '.';

const wrap = (ui: ReactNode) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );

type Row = RequestListRow & { lines: number; allowed: string[] };
const now = new Date('2031-03-12T12:00:00Z');
const row = (id: string, status: string, created: string): Row => ({
  _id: id,
  number: `R-${id}`,
  status,
  created_at: created,
  company: { name: 'Acme Air' },
  requested_by: { name: 'Pat Doe' },
  lines: 3,
  allowed: status === 'open' ? ['close'] : [],
});

const list = (rows: Row[], desk = false) => (
  <RequestList
    rows={rows}
    base="/x/requests"
    label="Requests"
    empty="Nothing yet."
    minWidth={600}
    desk={desk}
    now={now}
    statusBadge={(r) => <span>status {r.status}</span>}
    waiting={['open']}
    columns={[{ header: 'Lines', align: 'right', cell: (r) => r.lines }]}
    actions={{ header: 'Next step', cell: (r) => r.allowed.map((a) => <button key={a}>{a}</button>) }}
  />
);

describe('RequestList', () => {
  it('says the empty text when there are no rows', () => {
    wrap(list([]));
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows number (a link), status, the feature columns and the row actions; the desk adds the company and ages what waits', () => {
    wrap(list([row('1', 'open', '2031-03-01T12:00:00Z'), row('2', 'done', '2031-03-12T11:30:00Z')], true));
    const table = screen.getByRole('table', { name: 'Requests' });
    const [head, first, second] = within(table).getAllByRole('row');
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Number', 'Status', 'Company', 'Requested by', 'Lines', 'Age', 'Next step']);
    expect(within(first).getByRole('link', { name: 'R-1' })).toHaveAttribute('href', '/x/requests/1');
    expect(first).toHaveTextContent('status open');
    expect(first).toHaveTextContent('Acme Air');
    expect(first).toHaveAttribute('data-age', 'red');
    expect(within(first).getByText('11 d')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'close' })).toBeInTheDocument();
    // Not waiting for the office: no age badge, the date it was sent, and no actions allowed.
    expect(second).not.toHaveAttribute('data-age');
    expect(within(second).queryByRole('button')).toBeNull();
  });

  it('outside the desk shows when a request was sent, without the company', () => {
    wrap(list([row('1', 'open', '2031-03-07T12:00:00Z')]));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Sent');
    expect(headers).not.toContain('Company');
    expect(screen.getByRole('table')).not.toHaveTextContent('Acme Air');
  });

  it('ages in hours up to two days, then in days', () => {
    expect(requestAge('2031-03-12T11:30:00Z', now)).toBe('just now');
    expect(requestAge('2031-03-11T12:00:00Z', now)).toBe('24 h');
    expect(requestAge('2031-03-09T12:00:00Z', now)).toBe('3 d');
  });
});
