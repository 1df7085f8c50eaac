import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoleKey } from '@portal/contracts';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState, type FetchCall } from '../../test/utils';
import type { SiteDetail } from './api';

function site(over: Partial<SiteDetail> = {}): SiteDetail {
  return {
    _id: 's1',
    company_id: 'company-1',
    company_name: 'Acme Air',
    name: 'Building A',
    code: 'BA',
    address_line1: null,
    address_line2: null,
    city: 'Boston',
    region: null,
    postal_code: null,
    country: 'US',
    delivery_notes: null,
    time_zone: 'America/New_York',
    status: 'active',
    contacts: [],
    contact_users: [],
    version: 1,
    created_at: '2026-08-01T12:00:00.000Z',
    updated_at: '2026-08-01T12:00:00.000Z',
    has_changes: false,
    today: '2026-11-28',
    allowed_actions: ['record', 'skip', 'request'],
    units: [
      {
        _id: 'u1',
        site_id: 's1',
        label: 'AHU-3',
        kind: 'ahu',
        location_note: 'Plant room 2',
        min_merv: 13,
        max_merv: null,
        version: 1,
        slots: [
          {
            _id: 'f1',
            unit_id: 'u1',
            site_id: 's1',
            stage: 'final',
            fitted: {
              kind: 'catalogue',
              variant_id: 'v1',
              part_number: 'M13-2025',
              product_name: 'Pleated MERV 13',
              merv: 13,
              efficiency_class: null,
            },
            quantity: 4,
            interval_unit: 'month',
            interval_count: 3,
            anchor_date: '2026-08-01',
            notice_days: 14,
            override_note: null,
            next_due: '2026-11-01',
            overdue: true,
            last_changed_on: '2026-08-01',
            version: 2,
          },
        ],
      },
    ],
    ...over,
  };
}

function serve(role: RoleKey, detail: SiteDetail) {
  const posted: FetchCall[] = [];
  mockFetch((raw, call) => {
    const path = new URL(raw, 'http://localhost').pathname.replace(/^\/api\//, '');
    if (path === 'validate') return json({ status: 200, token: 'fresh.jwt.token', data: makeUser(role) });
    if (path === 'config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    if (path === 'csrf-token') return json({ status: 200, token: CSRF });
    if (path === 'sites/s1') return json({ status: 200, data: detail });
    if (path === 'catalogue/find')
      return json({
        status: 200,
        data: {
          list: [
            {
              variant_id: 'v7',
              part_number: 'M13-1620',
              size: '16x20x1',
              product: { _id: 'p1', name: 'Pleated MERV 13' },
              matched_via: 'part_number',
            },
          ],
          total: 1,
        },
      });
    if (path === 'agreed-items')
      return json({
        status: 200,
        data: {
          list: [
            {
              _id: 'a1',
              description: '16 3/8 × 20 1/4 × 1 pleated, MERV 13',
              customer_part_no: 'ACME-1620',
              part_number: null,
              width: 16.375,
              height: 20.25,
              depth: 1,
              measure: 'exact',
              size_type: null,
              catalogue_id: null,
              price: 18.4,
              price_held_until: '2027-06-30',
              status: 'active',
              source_quote: { _id: 'q1', number: 'Q-000045' },
              company: { _id: 'company-1', name: 'Acme Air' },
            },
          ],
          total: 1,
        },
      });
    if (path === 'units/u1/slots' && call.method === 'POST') {
      posted.push(call);
      return json({ status: 201, data: detail.units[0].slots[0] }, 201);
    }
    if (path === 'slots/f1/changes' && call.method === 'POST') {
      posted.push(call);
      return json({ status: 201, message: 'Change recorded', data: detail.units[0].slots[0] }, 201);
    }
    return json({ status: 404, message: 'not found' }, 404);
  });
  return { posted };
}

describe('Sites', () => {
  it('a site contact records a change: the date defaults to the site’s today, the pressure drop is optional', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    const { posted } = serve('employee', site());
    renderApp('/employee/sites/s1');
    expect(await screen.findByRole('heading', { name: 'Building A' })).toBeInTheDocument();
    expect(screen.getByTestId('slot')).toHaveTextContent('Final filter: M13-2025 · MERV 13');
    expect(screen.getByTestId('slot')).toHaveTextContent('Overdue');
    expect(screen.getByText('Qty 4')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Record change' }));
    expect(await screen.findByLabelText(/Changed on/)).toHaveValue('2026-11-28');
    fireEvent.change(screen.getByLabelText('Pressure drop (in. w.c.)'), { target: { value: '0.45' } });
    const buttons = screen.getAllByRole('button', { name: 'Record change' });
    fireEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({ changed_on: '2026-11-28', pressure_drop_in_wc: 0.45 });
  });

  it('recording a change, the filter fitted is chosen: the company’s agreed items first, catalogue parts by part number or size', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    const { posted } = serve('employee', site());
    renderApp('/employee/sites/s1');
    expect(await screen.findByRole('heading', { name: 'Building A' })).toBeInTheDocument();
    // The box (its option list is named by the same label).
    const pickerInput = async () => {
      let input: HTMLElement | undefined;
      await waitFor(() => {
        const inputs = screen.queryAllByLabelText('Filter fitted').filter((e) => e.tagName === 'INPUT');
        expect(inputs).toHaveLength(1);
        input = inputs[0];
      });
      return input!;
    };
    const record = () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Record change' }));
    // An agreed item of the company, listed before anything is typed.
    fireEvent.click(screen.getByRole('button', { name: 'Record change' }));
    const picker = await pickerInput();
    fireEvent.click(picker);
    // jsdom lays nothing out, so the list counts as detached and stays display: none: options are queried hidden.
    const agreed = await screen.findByRole('option', {
      name: 'ACME-1620 · 16 3/8 × 20 1/4 × 1 pleated, MERV 13',
      hidden: true,
    });
    expect(screen.queryByRole('option', { name: /M13-1620/, hidden: true })).not.toBeInTheDocument();
    fireEvent.click(agreed);
    await waitFor(() => expect(picker).toHaveValue('ACME-1620 · 16 3/8 × 20 1/4 × 1 pleated, MERV 13'));
    record();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({ changed_on: '2026-11-28', agreed_item_id: 'a1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A catalogue part, found by its part number.
    fireEvent.click(await screen.findByRole('button', { name: 'Record change' }));
    const again = await pickerInput();
    // Typed into the box (a change to an unfocused box is taken for autofill).
    again.focus();
    fireEvent.change(again, { target: { value: 'm13-16' } });
    const part = await screen.findByRole('option', { name: 'M13-1620 · 16x20x1 · Pleated MERV 13', hidden: true });
    // What is typed narrows the agreed items too: this one does not match.
    expect(screen.queryByRole('option', { name: /ACME-1620/, hidden: true })).not.toBeInTheDocument();
    fireEvent.click(part);
    await waitFor(() => expect(again).toHaveValue('M13-1620 · 16x20x1 · Pleated MERV 13'));
    record();
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1].body).toEqual({ changed_on: '2026-11-28', variant_id: 'v7' });
  });

  it('an employee who is not a contact reads only: no Record change, no Skip', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    serve('employee', site({ allowed_actions: [] }));
    renderApp('/employee/sites/s1');
    expect(await screen.findByRole('heading', { name: 'Building A' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'History' })).toBeInTheDocument();
  });

  it('an admin adds a filter slot by part number (resolved like the find box)', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    const { posted } = serve('admin', site({ allowed_actions: ['manage', 'record', 'skip', 'request'] }));
    renderApp('/admin/sites/s1');
    expect(await screen.findByRole('heading', { name: 'Building A' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Part number'), { target: { value: 'm13-1620' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add filter slot' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({
      stage: 'single',
      fitted: { kind: 'catalogue', variant_id: 'v7' },
      quantity: 1,
      interval_unit: 'month',
      interval_count: 3,
      anchor_date: '2026-11-28',
    });
  });
  it('an admin fits a slot with one of the company’s agreed items, picked from its list', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    const { posted } = serve('admin', site({ allowed_actions: ['manage', 'record', 'skip', 'request'] }));
    renderApp('/admin/sites/s1');
    expect(await screen.findByRole('heading', { name: 'Building A' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add filter slot' })).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Agreed item' }));
    const picker = await screen.findByRole('combobox', { name: 'Agreed item' });
    await within(picker).findByRole('option', { name: 'ACME-1620 · 16 3/8 × 20 1/4 × 1 pleated, MERV 13' });
    fireEvent.change(picker, { target: { value: 'a1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add filter slot' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toMatchObject({ fitted: { kind: 'agreed_item', agreed_item_id: 'a1' }, quantity: 1 });
  });
});
