// A list screen's controls (search, status filter, page) and the selectable table under them.
export { useListFilters, type ListFilters } from './useListFilters';
export { FilteredUsersTable, type FilteredUsersTableProps, type TableSelection } from './FilteredUsersTable';
