import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type CompanySortField } from '@portal/domain';
import { companiesApi, companiesKeys, type SortOrder } from '../api';

/** Company search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;
export const COMPANIES_PAGE_SIZE = PAGE_SIZES.companies;

/**
 * State of the companies list: debounced search, sort (default name asc; a new
 * column resets to page 1, the same column toggles the order), 9 per page.
 */
export function useCompaniesList() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [sortBy, setSortBy] = useState<CompanySortField>('name');
  const [sortOrder, setSortOrder] = useState<SortOrder>('asc');
  const [page, setPage] = useState(1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const changeSearch = useCallback((value: string) => {
    setInput(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      setSearch(value.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
  }, []);

  const clearSearch = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setInput('');
    setSearch('');
    setPage(1);
  }, []);

  /** A new column: ascending from page 1. The same column: toggle the order. */
  const sortByColumn = useCallback(
    (field: CompanySortField) => {
      if (field === sortBy) {
        setSortOrder((o) => (o === 'asc' ? 'desc' : 'asc'));
        return;
      }
      setSortBy(field);
      setSortOrder('asc');
      setPage(1);
    },
    [sortBy],
  );

  const toggleOrder = useCallback(() => setSortOrder((o) => (o === 'asc' ? 'desc' : 'asc')), []);

  const params = { page, limit: COMPANIES_PAGE_SIZE, search, sortBy, sortOrder };
  const query = useQuery({
    queryKey: companiesKeys.list(params),
    queryFn: ({ signal }) => companiesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

  // A load failure empties the list and shows the no-results state.
  const data = query.isError ? { list: [], total: 0 } : query.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / COMPANIES_PAGE_SIZE));
  const pendingSearch = input.trim() !== search;

  return {
    input,
    search,
    sortBy,
    sortOrder,
    page,
    pages,
    list: data?.list ?? [],
    total,
    loaded: data !== undefined,
    searching: pendingSearch || (query.isFetching && search !== ''),
    changeSearch,
    clearSearch,
    sortByColumn,
    toggleOrder,
    setPage,
  };
}
