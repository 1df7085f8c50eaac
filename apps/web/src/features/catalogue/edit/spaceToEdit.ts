/**
 * Space starts editing the selected grid cell, as F2 and Enter do. react-datasheet-grid treats a
 * space as non-printable and ignores it, so one document listener replays it as F2 for the grid's
 * own keydown handler. It acts only while a cell is selected and not being edited (the grid marks
 * that on its `.dsg-active-cell` overlay) and never when the key lands in a control, so a space
 * typed into an editor or pressed on a button works as usual. No React state: a keystroke costs
 * one DOM query.
 */
import { useEffect, type RefObject } from 'react';

const CONTROL =
  'input, textarea, select, button, a[href], [contenteditable=""], [contenteditable="true"], [role="button"]';

export function useSpaceToEdit(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== ' ' || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.isComposing || e.defaultPrevented)
        return;
      const target = e.target as Element | null;
      if (target && target !== document.body && target.closest?.(CONTROL)) return;
      const active = container.current?.querySelector('.dsg-active-cell');
      if (!active || active.matches('.dsg-active-cell-focus, .dsg-active-cell-disabled')) return;
      e.preventDefault(); // no page scroll
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F2', code: 'F2', bubbles: true, cancelable: true }));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container]);
}
