import { useRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSpaceToEdit } from './spaceToEdit';

/** The grid's markup as far as the hook reads it: a container with the active-cell overlay. */
function Grid({ overlay }: { overlay: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useSpaceToEdit(ref);
  return (
    <div ref={ref}>
      {overlay !== null && <div className={overlay} data-testid="overlay" />}
      <input aria-label="Editor" />
      <button type="button">Save Changes</button>
    </div>
  );
}

const replayed: string[] = [];
const onKey = (e: KeyboardEvent) => replayed.push(e.key);
document.addEventListener('keydown', onKey);
afterEach(() => replayed.splice(0));

describe('space to edit in the grid', () => {
  it('a space on a selected cell starts editing it (replayed as F2) and does not scroll the page', () => {
    render(<Grid overlay="dsg-active-cell" />);
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    document.body.dispatchEvent(space);
    expect(replayed).toEqual([' ', 'F2']);
    expect(space.defaultPrevented).toBe(true);
  });

  it('does nothing while the cell is already being edited, or is disabled', () => {
    const { unmount } = render(<Grid overlay="dsg-active-cell dsg-active-cell-focus" />);
    fireEvent.keyDown(document.body, { key: ' ' });
    unmount();
    render(<Grid overlay="dsg-active-cell dsg-active-cell-disabled" />);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(replayed).toEqual([' ', ' ']);
  });

  it('leaves a space typed into a field or pressed on a button alone, and needs a selected cell', () => {
    const { unmount } = render(<Grid overlay="dsg-active-cell" />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Editor' }), { key: ' ' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Save Changes' }), { key: ' ' });
    unmount();
    render(<Grid overlay={null} />);
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: ' ', ctrlKey: true });
    expect(replayed).toEqual([' ', ' ', ' ', ' ']);
  });
});
