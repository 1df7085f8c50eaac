import type { ReactNode } from 'react';
import {
  confirmDelete,
  ListSearchInput,
  StatusFilter,
  UsersTable,
  useRowSelection,
  type StatusValue,
  type UsersTableProps,
  type UsersTableRow,
} from '../kit';
import type { ListFilters } from './useListFilters';

/** The table's ticked rows (only rows it shows). */
export type TableSelection = ReturnType<typeof useRowSelection>;

export type FilteredUsersTableProps<T extends UsersTableRow> = Omit<
  UsersTableProps<T>,
  'label' | 'selected' | 'onSelectedChange' | 'onBulkDelete' | 'toolbar'
> & {
  /** Accessible name of the table; the search box is 'Search {label}' unless `searchLabel` says otherwise. */
  label: string;
  filters: ListFilters;
  searchLabel?: string;
  searchPlaceholder?: string;
  /** The status filter's "everything" option and accessible name where they are not the user lists'. */
  statusLabels?: { all: string; filter: string };
  /** Singular noun of the question "Delete N …s?" (default 'user'). */
  deleteNoun?: string;
  /** Deletes the ticked rows once the question was answered; `untick` clears the ticks. */
  onDelete: (ids: string[], untick: () => void) => Promise<unknown>;
  /** The screen's buttons after the filters (Add …, Mark as read). */
  actions: ReactNode | ((selection: TableSelection) => ReactNode);
};

/**
 * A UsersTable that keeps its ticks, under the list controls: the search box, the status filter (a new
 * status unticks every row) and the screen's buttons. Bulk delete asks "Delete N …?" first.
 */
export function FilteredUsersTable<T extends UsersTableRow>({
  label,
  filters,
  searchLabel = `Search ${label.toLowerCase()}`,
  searchPlaceholder = 'Search username or email',
  statusLabels,
  deleteNoun,
  onDelete,
  actions,
  ...table
}: FilteredUsersTableProps<T>) {
  const selection = useRowSelection(table.rows.map((r) => r._id));
  const onStatus = (value: StatusValue) => {
    filters.setStatus(value);
    selection.clear();
  };
  const bulkDelete = (ids: string[]) =>
    confirmDelete({ count: ids.length, noun: deleteNoun, onConfirm: () => onDelete(ids, selection.clear) });
  return (
    <UsersTable<T>
      {...table}
      label={label}
      selected={selection.selected}
      onSelectedChange={selection.setSelected}
      onBulkDelete={bulkDelete}
      toolbar={
        <>
          <ListSearchInput
            value={filters.search.input}
            onChange={filters.search.setInput}
            label={searchLabel}
            placeholder={searchPlaceholder}
          />
          <StatusFilter
            value={filters.status}
            onChange={onStatus}
            allLabel={statusLabels?.all}
            label={statusLabels?.filter}
          />
          {typeof actions === 'function' ? actions(selection) : actions}
        </>
      }
    />
  );
}
