import { useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchFind } from '../api';

/** Fewest characters before the box asks anything. */
export const FIND_MIN_CHARS = 2;
export const FIND_DEBOUNCE_MS = 250;

/**
 * The one box's state: answers as you type (debounced, `typing=1`, not logged) and on commit
 * (Enter / Search / did-you-mean: logged as demand). `asCompany`: a superadmin viewing the catalogue
 * as a company finds with that company's prices.
 */
export function useFind(asCompany: string | null = null) {
  const [text, setTextState] = useState('');
  const [committed, setCommitted] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(text.trim(), FIND_DEBOUNCE_MS);
  const q = committed ?? debounced;
  const typing = committed === null;
  // A committed search is logged once: refetches (window focus, a live catalogue change) say typing=1.
  const logged = useRef(new Set<string>());
  const query = useQuery({
    queryKey: ['catalogue', 'find', q, typing, asCompany],
    queryFn: ({ signal }) => {
      const quiet = typing || logged.current.has(q);
      if (!quiet) logged.current.add(q);
      return fetchFind(q, { typing: quiet, signal, asCompany });
    },
    enabled: q.length >= FIND_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return {
    text,
    q,
    query,
    active: q.length >= FIND_MIN_CHARS,
    /** Enter, Search or a did-you-mean click asked for `q` (not just typing). */
    committed: !typing,
    setText(value: string) {
      setTextState(value);
      setCommitted(null);
    },
    commit(value = text) {
      const v = value.trim().slice(0, 64);
      setTextState(v);
      setCommitted(v.length >= FIND_MIN_CHARS ? v : null);
    },
    clear() {
      setTextState('');
      setCommitted(null);
    },
  };
}
