import { useState } from 'react';
import { useListSearch, type StatusValue } from '../kit';

export interface ListFilters {
  /** The search box (its term is kept in the URL). */
  search: ReturnType<typeof useListSearch>;
  status: StatusValue;
  /** Sets the status filter and goes back to page 1. */
  setStatus: (value: StatusValue) => void;
  page: number;
  setPage: (next: number | ((page: number) => number)) => void;
}

/**
 * The search, status filter and page of a list screen. The page belongs to a search: a new term,
 * like a new status, starts again at page 1.
 */
export function useListFilters(): ListFilters {
  const search = useListSearch();
  const [status, setStatusValue] = useState<StatusValue>('');
  const [paged, setPaged] = useState({ term: search.term, page: 1 });
  const page = paged.term === search.term ? paged.page : 1;
  const setPage = (next: number | ((p: number) => number)) =>
    setPaged({ term: search.term, page: typeof next === 'function' ? next(page) : next });
  const setStatus = (value: StatusValue) => {
    setStatusValue(value);
    setPage(1);
  };
  return { search, status, setStatus, page, setPage };
}
