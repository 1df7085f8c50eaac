import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../shared/api';
import { json, makeUser, mockFetch, resetClientState } from '../../test/utils';
import type { FindAnswer, FindRow } from './api';
import { FindBox } from './components/FindBox';

function row(over: Partial<FindRow>): FindRow {
  return {
    variant_id: 'v-1',
    part_number: 'RF-16201',
    size: '16x20x1',
    actual_size: '15.5 x 19.5 x 0.75',
    depth: 1,
    price: 12.34,
    category: { _id: 'cat-rf', name: 'Rigid Flow' },
    subcategory: null,
    product: { _id: 'p-1', name: 'Rigid Flow MERV 11' },
    matched_via: 'part_number',
    alias: null,
    ...over,
  };
}

function serve(answers: Record<string, FindAnswer>) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname !== '/api/catalogue/find') return json({ status: 404, message: 'Not found' }, 404);
    const q = u.searchParams.get('q') ?? '';
    return json({ status: 200, data: answers[q] ?? { list: [], total: 0 } });
  });
}

const box = () => screen.getByRole('textbox', { name: /find any filter/i });
const findCalls = (calls: { url: string }[]) =>
  calls.map((c) => new URL(c.url, 'http://localhost')).filter((u) => u.pathname === '/api/catalogue/find');

describe('FindBox', () => {
  beforeEach(() => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
  });

  const renderBox = () =>
    render(
      <AppProviders queryClient={createQueryClient()}>
        <FindBox />
      </AppProviders>,
    );

  it("answers a competitor's number as you type: our part at the company price, and says which number matched", async () => {
    const { calls } = serve({
      'fln 12345': {
        total: 1,
        list: [
          row({
            matched_via: 'alias',
            alias: { alias: 'FLN-12345', source: 'competitor', brand: null },
          }),
        ],
      },
    });
    renderBox();
    fireEvent.change(box(), { target: { value: 'fln 12345' } });
    expect(await screen.findByText('Competitor number FLN-12345 → our RF-16201')).toBeInTheDocument();
    const group = screen.getByRole('region', { name: 'Rigid Flow' });
    const cells = within(group)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['RF-16201 Cross reference', '16x20x1', 'Rigid Flow MERV 11', '$12.34']);
    // As-you-type calls say so (they are not counted as demand).
    const sent = findCalls(calls);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((u) => u.searchParams.get('typing') === '1')).toBe(true);
  });

  it('groups matches by category and commits the search on Enter (no typing flag)', async () => {
    const { calls } = serve({
      '20x25x1': {
        total: 3,
        list: [
          row({
            variant_id: 'a',
            part_number: 'M13-20251',
            matched_via: 'size',
            category: { _id: 'm13', name: 'MERV 13' },
          }),
          row({
            variant_id: 'b',
            part_number: 'M13D-20251',
            matched_via: 'size',
            category: { _id: 'm13', name: 'MERV 13' },
          }),
          row({
            variant_id: 'c',
            part_number: 'CB-20251',
            matched_via: 'size',
            category: { _id: 'cb', name: 'Carbon' },
            price: 30,
          }),
        ],
      },
    });
    renderBox();
    fireEvent.change(box(), { target: { value: '20x25x1' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Find any filter' }));
    expect(await screen.findByRole('region', { name: 'MERV 13' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'MERV 13' })).getAllByRole('row')).toHaveLength(3);
    expect(within(screen.getByRole('region', { name: 'Carbon' })).getByText('$30.00')).toBeInTheDocument();
    await waitFor(() => expect(findCalls(calls).some((u) => !u.searchParams.has('typing'))).toBe(true));
  });

  it('logs a committed search once: a refetch (window focus, live catalogue change) is sent as typing', async () => {
    const { calls } = serve({ 'ZZ-1': { list: [], total: 0 } });
    const client = createQueryClient();
    render(
      <AppProviders queryClient={client}>
        <FindBox />
      </AppProviders>,
    );
    fireEvent.change(box(), { target: { value: 'ZZ-1' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Find any filter' }));
    await screen.findByText('Nothing found for "ZZ-1"');
    await waitFor(() => expect(findCalls(calls).filter((u) => !u.searchParams.has('typing'))).toHaveLength(1));
    await client.invalidateQueries({ queryKey: ['catalogue'] });
    await waitFor(() =>
      expect(findCalls(calls).filter((u) => u.searchParams.get('q') === 'ZZ-1').length).toBeGreaterThan(1),
    );
    expect(findCalls(calls).filter((u) => !u.searchParams.has('typing'))).toHaveLength(1);
  });

  it('offers did-you-mean without substituting it, and searches the suggestion on click', async () => {
    const { calls } = serve({
      'RF-16202': { list: [], total: 0, did_you_mean: 'RF-16201' },
      'RF-16201': { total: 1, list: [row({})] },
    });
    renderBox();
    fireEvent.change(box(), { target: { value: 'RF-16202' } });
    const offer = await screen.findByRole('button', { name: 'RF-16201' });
    expect(screen.getByText('Nothing found for "RF-16202"')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(offer);
    expect(await screen.findByRole('table', { name: 'Rigid Flow matches' })).toBeInTheDocument();
    expect(box()).toHaveValue('RF-16201');
    const committed = findCalls(calls).filter((u) => u.searchParams.get('q') === 'RF-16201');
    expect(committed.some((u) => !u.searchParams.has('typing'))).toBe(true);
  });

  it("a superadmin viewing as a company finds with that company's prices (asCompany on every call)", async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
    const { calls } = serve({ 'RF-16201': { total: 1, list: [row({})] } });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <FindBox asCompany="company-a" />
      </AppProviders>,
    );
    fireEvent.change(box(), { target: { value: 'RF-16201' } });
    expect(await screen.findByRole('table', { name: 'Rigid Flow matches' })).toBeInTheDocument();
    const sent = findCalls(calls);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((u) => u.searchParams.get('asCompany') === 'company-a')).toBe(true);
  });
});
