import type { ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../api';
import { DryRunPreview } from '.';

const wrap = (ui: ReactNode) => render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

const counts = [
  { label: 'To create', value: 3, color: 'teal.9' },
  { label: 'Errors', value: 2, color: 'red.8' },
];

describe('DryRunPreview', () => {
  it('shows the counts by kind and the rows with errors; "—" for an unknown row or column', () => {
    wrap(
      <DryRunPreview
        counts={counts}
        errors={[
          { row: 4, column: 'quantity', message: "Row 4: quantity '0' is not a whole number" },
          { row: null, column: null, message: 'The file has no header row' },
        ]}
        errorsTotal={2}
        errorsPage={1}
        onErrorsPage={() => undefined}
        errorsHeading="Errors"
        beforeErrors={<p>before the errors</p>}
      >
        <p>after the errors</p>
      </DryRunPreview>,
    );
    const group = screen.getByRole('group', { name: 'Dry-run counts' });
    expect(group).toHaveTextContent('To create: 3');
    expect(group).toHaveTextContent('Errors: 2');
    expect(screen.getByRole('heading', { name: 'Errors' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Import errors' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RowColumnMessage',
      "4quantityRow 4: quantity '0' is not a whole number",
      '——The file has no header row',
    ]);
    expect(screen.getByText('before the errors')).toBeInTheDocument();
    expect(screen.getByText('after the errors')).toBeInTheDocument();
    expect(screen.queryByLabelText('Error pages')).toBeNull();
  });

  it('without errors shows no table; more than a page of errors is paged', () => {
    const onErrorsPage = vi.fn();
    const { rerender } = wrap(
      <DryRunPreview counts={counts} errors={[]} errorsTotal={0} errorsPage={1} onErrorsPage={onErrorsPage} />,
    );
    expect(screen.queryByRole('table', { name: 'Import errors' })).toBeNull();
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <DryRunPreview
          counts={counts}
          errors={[{ row: 2, column: 'stage', message: 'x' }]}
          errorsTotal={120}
          errorsPage={1}
          onErrorsPage={onErrorsPage}
        />
      </AppProviders>,
    );
    const pager = screen.getByLabelText('Error pages');
    expect(within(pager).getByRole('button', { name: '3' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: '4' })).toBeNull();
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    expect(onErrorsPage).toHaveBeenCalledWith(2);
  });
});
