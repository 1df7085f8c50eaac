import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSlashToFocus } from './useSlashToFocus';

function Page() {
  const ref = useSlashToFocus();
  return (
    <>
      <input aria-label="Other field" />
      <button type="button">Somewhere</button>
      <input aria-label="Catalogue search" ref={ref} />
    </>
  );
}

describe('useSlashToFocus', () => {
  it('"/" focuses the search from the page, but not while typing in another field', () => {
    render(<Page />);
    const search = screen.getByLabelText('Catalogue search');
    screen.getByRole('button', { name: 'Somewhere' }).focus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Somewhere' }), { key: '/' });
    expect(search).toHaveFocus();

    const other = screen.getByLabelText('Other field');
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(other).toHaveFocus();

    screen.getByRole('button', { name: 'Somewhere' }).focus();
    fireEvent.keyDown(document.body, { key: '/', ctrlKey: true });
    expect(search).not.toHaveFocus();
  });
});
