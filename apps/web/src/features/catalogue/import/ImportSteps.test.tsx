import { useState, type ReactElement } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { missingRequiredColumns, type ImportColumn } from '@portal/domain';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../shared/api';
import { DryRunSummary } from './DryRunSummary';
import { MappingStep } from './MappingStep';
import type { ImportView } from './api';

function Mapping({ initial }: { initial: Record<string, ImportColumn | null> }) {
  const [mapping, setMapping] = useState(initial);
  return (
    <MappingStep
      headers={Object.keys(initial)}
      mapping={mapping}
      onChange={setMapping}
      missing={missingRequiredColumns(mapping)}
    />
  );
}

const wrap = (ui: ReactElement) => render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

const view: ImportView = {
  _id: 'i-1',
  status: 'invalid',
  file_name: 'x.csv',
  format: 'csv',
  delete_missing: false,
  message: null,
  started_by: 'Sam Super',
  created_at: '2026-01-05T10:00:00.000Z',
  validated_at: '2026-01-05T10:00:02.000Z',
  applied_at: null,
  done: 3,
  total: 3,
  counts: { create: 1, update: 1, unchanged: 0, delete: 0, errors: 1 },
  errors: [
    { row: 4, column: 'list_price', message: 'List price must be an amount of 0 or more with at most 2 decimals' },
  ],
  errors_total: 1,
  changes: [
    { row: 2, part_number: 'P-1', kind: 'update', fields: { list_price: { from: '12.34', to: '13.00' } } },
    { row: 3, part_number: 'N-1', kind: 'create', fields: { size: { from: null, to: '16x25x1' } } },
  ],
  changes_total: 2,
  errors_page: 1,
  errors_limit: 50,
  page: 1,
  limit: 50,
};

describe('import wizard steps', () => {
  it('shows which required columns are unmapped until they are mapped', async () => {
    wrap(<Mapping initial={{ Category: 'category', Product: 'product', SKU: 'part_number', Cost: null }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not mapped yet: list_price');
    expect(screen.getByRole('combobox', { name: 'Catalogue column for SKU' })).toHaveValue('part_number (required)');
    fireEvent.click(screen.getByRole('combobox', { name: 'Catalogue column for Cost' }));
    fireEvent.click(await screen.findByRole('option', { name: 'list_price (required)' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists errors with row / column / message and the diff old → new; "Errors only" hides the diff', () => {
    wrap(<DryRunSummary view={view} page={1} errorsPage={1} onPage={() => undefined} onErrorsPage={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Dry-run counts' })).toHaveTextContent('Errors: 1');
    const errors = screen.getByRole('table', { name: 'Import errors' });
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent(
      '4list_priceList price must be an amount of 0 or more with at most 2 decimals',
    );
    // with errors present the filter starts on
    const only = screen.getByLabelText('Errors only');
    expect(only).toBeChecked();
    expect(screen.queryByRole('table', { name: 'Planned changes' })).not.toBeInTheDocument();
    fireEvent.click(only);
    const changes = screen.getByRole('table', { name: 'Planned changes' });
    expect(changes).toHaveTextContent('list_price: 12.34 → 13.00');
    expect(changes).toHaveTextContent('size: — → 16x25x1');
  });
});
