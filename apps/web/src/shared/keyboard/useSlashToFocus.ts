import { useEffect, useRef } from 'react';

/** Is the key press meant for a field the person is typing in? */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/**
 * `/` focuses this input from anywhere on the page (as in Linear and GitHub), unless the
 * person is already typing in a field or holds a modifier. Returns the ref to put on the input.
 */
export function useSlashToFocus<T extends HTMLInputElement = HTMLInputElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target) || !ref.current) return;
      e.preventDefault();
      ref.current.focus();
      ref.current.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return ref;
}
