import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceChangeNotice } from '@portal/contracts';
import { openCatalogue } from '../catalogue/test/helpers';
import { json } from '../companies/testing';
import { sockets } from '../../test/fakeSocket';

const CHANGE_ID = '33333333-3333-4333-8333-333333333333';
/** 1 January 2032, 00:00 in New York (the default office time zone). */
const NEW_YEAR = '2032-01-01T05:00:00.000Z';

describe('the catalogue banner of an announced price change', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the day and, once the list is built, downloads the list at the new prices', async () => {
    let notice: PriceChangeNotice = { _id: CHANGE_ID, effective_at: NEW_YEAR, list_ready: false };
    const createObjectURL = vi.fn(() => 'blob:list');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { server } = await openCatalogue('employee', (s) => {
      s.extra = (path) => {
        if (path === 'price-changes/notices') return json({ status: 200, data: { list: [notice] } });
        if (path === `price-changes/${CHANGE_ID}/pricelist`)
          return new Response('xlsx bytes', { status: 200, headers: { 'content-type': 'application/octet-stream' } });
        return undefined;
      };
    });
    const banner = await screen.findByTestId('price-change-banner');
    expect(banner).toHaveTextContent('Prices change on Thu 1 January');
    expect(banner).toHaveTextContent('The price list at the new prices is being prepared.');

    // The company's list is built: the banner hears it and offers the download.
    notice = { ...notice, list_ready: true };
    await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
    act(() =>
      sockets
        .find((s) => !s.disconnected)!
        .serverEmit('price_change.changed', { _id: CHANGE_ID, status: 'scheduled', companyId: 'company-1' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download the new price list' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(server.calls.map((c) => c.url)).toContain(`/api/price-changes/${CHANGE_ID}/pricelist`);
  });
});
