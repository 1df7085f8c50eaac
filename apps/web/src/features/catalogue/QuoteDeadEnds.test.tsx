import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, CSRF, type FetchCall } from '../../test/utils';
import { headersOf, openCatalogue, openCatalogueWithPath } from './test/helpers';
import type { Server } from './test/fixtures';

const NO_RESULTS = 'No results found. Please contact the office for custom options.';
const OVER_30 =
  'Both dimensions over 30" are only allowed for 1" filters. Please contact the office for custom options.';

const input = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (name: RegExp, value: string) => fireEvent.change(input(name), { target: { value } });
const panel = () => screen.getByRole('region', { name: 'Odd Size Search' });

/** Answers CSRF and quote submissions; returns the submissions seen. */
function quoteApi(server: Server): FetchCall[] {
  const posted: FetchCall[] = [];
  server.extra = (path, call) => {
    if (path === 'csrf-token') return json({ status: 200, token: CSRF });
    if (path === 'quote-requests' && call.method === 'POST') {
      posted.push(call);
      return json({ status: 201, data: { _id: 'q1', number: 'Q-000042', status: 'submitted', merged: 0 } }, 201);
    }
    return undefined;
  };
  return posted;
}

async function ready(role: 'employee' | 'admin' | 'superadmin' = 'employee') {
  const opened = await openCatalogue(role);
  await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
  return { ...opened, posted: quoteApi(opened.server) };
}

describe('quote requests from the dead ends', () => {
  it("an unknown part number keeps the spec's text and asks the office about it", async () => {
    const { posted } = await ready();
    type(/^part number/i, 'XYZ-123');
    fireEvent.submit(screen.getByRole('search', { name: 'Part number search' }));
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: "Ask the office about 'XYZ-123'" });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Quantity' }), { target: { value: '3' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'Old Acme part' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Quote request Q-000042 sent')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0].body).toEqual({
      lines: [{ kind: 'unlisted', part_number: 'XYZ-123', quantity: 3 }],
      note: 'Old Acme part',
    });
    expect(posted[0].headers['idempotency-key']).toMatch(/.{8,}/);
  });

  it('a committed find that found nothing asks the office about it (typing alone does not offer it)', async () => {
    const { server, posted } = await ready();
    const answer = server.extra!;
    server.extra = (path, call) =>
      path === 'catalogue/find' ? json({ status: 200, data: { list: [], total: 0 } }) : answer(path, call);
    const box = screen.getByRole('textbox', { name: /find any filter/i });
    fireEvent.change(box, { target: { value: 'ZZ-99999' } });
    expect(await screen.findByText('Nothing found for "ZZ-99999"')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: "Ask the office about 'ZZ-99999'" })).toBeNull();
    fireEvent.submit(screen.getByRole('form', { name: 'Find any filter' }));
    const form = await screen.findByRole('form', { name: "Ask the office about 'ZZ-99999'" });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Quote request Q-000042 sent')).toBeInTheDocument();
    expect(posted[0].body).toEqual({ lines: [{ kind: 'unlisted', part_number: 'ZZ-99999', quantity: 1 }] });
  });

  it('an odd size with no result offers a request for exactly the searched size, filed under the searched family (not the open depth tab)', async () => {
    const { posted } = await ready();
    type(/^width/i, '16 3/8');
    type(/^height/i, '20 1/4');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Request a quote for 16 3/8″ × 20 1/4″ × 1″ (exact)' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await screen.findByText('Quote request Q-000042 sent');
    expect(posted[0].body).toEqual({
      lines: [
        {
          kind: 'custom_size',
          catalogue_id: 'cat-m10',
          width: 16.375,
          height: 20.25,
          depth: 1,
          measure: 'exact',
          quantity: 1,
        },
      ],
    });
  });

  it("the over-30″ 'Invalid Size' dialog keeps its text and offers the request the search refuses", async () => {
    const { posted } = await ready();
    type(/^width/i, '31');
    type(/^height/i, '31');
    type(/^depth/i, '2');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invalid Size' });
    expect(dialog).toHaveTextContent(OVER_30);
    const form = within(dialog).getByRole('form', { name: 'Request a quote for 31″ × 31″ × 2″ (nominal)' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await within(dialog).findByText('Quote request Q-000042 sent');
    expect(posted[0].body).toMatchObject({
      lines: [{ kind: 'custom_size', width: '31', height: '31', depth: '2', measure: 'nominal' }],
    });
  });

  it('a catalogue row goes into a request from its product table', async () => {
    const { posted } = await ready();
    const table = screen.getByRole('table', { name: 'MERV 10 Pleated 1"' });
    const article = table.closest('article')!;
    const select = within(article).getByLabelText(/Add a row of MERV 10 Pleated 1" to a quote request/);
    const option = within(select).getByRole<HTMLOptionElement>('option', { name: /M10-16251/ });
    fireEvent.change(select, { target: { value: option.value } });
    fireEvent.click(within(article).getByRole('button', { name: 'Add to request' }));
    const bar = await screen.findByRole('region', { name: 'Quote request' });
    expect(bar).toHaveTextContent('Quote request: 1 line');
    fireEvent.click(within(bar).getByRole('button', { name: 'Send quote request' }));
    await within(bar).findByText('Quote request Q-000042 sent');
    expect(posted[0].body).toMatchObject({ lines: [{ kind: 'catalogue', quantity: 1 }] });
  });

  it('the office sees the dead ends without the request forms', async () => {
    await ready('superadmin');
    type(/^part number/i, 'XYZ-123');
    fireEvent.submit(screen.getByRole('search', { name: 'Part number search' }));
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: /Ask the office/ })).not.toBeInTheDocument());
  });

  it('a superadmin viewing as a company sees its prices but no request actions', async () => {
    await openCatalogueWithPath('/superadmin/catalog?asCompany=co-acme', 'superadmin');
    // The company's prices ('Price', not 'List Price'): the view a customer has, quotes aside.
    expect(await headersOf('MERV 10 Pleated 1"')).toEqual(['Part Number', 'Actual Size', 'Size', 'Price']);
    expect(screen.queryByRole('button', { name: 'Add to request' })).not.toBeInTheDocument();
    type(/^part number/i, 'XYZ-123');
    fireEvent.submit(screen.getByRole('search', { name: 'Part number search' }));
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: /Ask the office/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Quote request' })).not.toBeInTheDocument();
  });
});
