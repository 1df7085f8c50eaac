import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../api';
import { CopyButton } from '../form';
import { pageWindow, Pagination } from '.';

const wrap = (ui: React.ReactNode) => render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

describe('pageWindow / Pagination', () => {
  it('never shows more than 7 page links', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 50; p++) expect(pageWindow(p, 50).length).toBeLessThanOrEqual(7);
  });

  it('is hidden for a single page and calls onChange', () => {
    const onChange = vi.fn();
    const { rerender } = wrap(<Pagination page={1} total={20} pageSize={20} onChange={onChange} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <Pagination page={1} total={41} pageSize={20} onChange={onChange} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([[3], [2]]);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });
});

describe('CopyButton', () => {
  it('copies and toasts "Copied To Clipboard"', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    wrap(<CopyButton value="a@b.test" label="email" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy email' }));
    expect(await screen.findByText('Copied To Clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('a@b.test');
  });

  it('toasts the failure text when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    wrap(<CopyButton value="x" label="user name" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy user name' }));
    await waitFor(() => expect(screen.getByText('Failed to copy to clipboard, Try again')).toBeInTheDocument());
  });
});
