import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/** Typing pauses this long before a list searches. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/**
 * The search of a list: what is typed (`input`) and, debounced, the term the list
 * queries with (`term`). The term is kept in the URL (`?search=`), so reload, Back and a shared
 * link show the same results.
 */
export function useListSearch(param = 'search'): { input: string; setInput: (v: string) => void; term: string } {
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(() => params.get(param) ?? '');
  const [term] = useDebouncedValue(input.trim(), LIST_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if ((params.get(param) ?? '') === term) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (term) next.set(param, term);
        else next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [term, param, params, setParams]);
  return { input, setInput, term };
}

export interface ListSearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name, e.g. 'Search users'. */
  label: string;
  placeholder?: string;
}

/** The search box above a list: a magnifier, the text, and a clear button while it has text. */
export function ListSearchInput({ value, onChange, label, placeholder = 'Search' }: ListSearchInputProps) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
