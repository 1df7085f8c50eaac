// The list-screen kit shared by the companies, users, my-company, notifications and audit screens.
export { UsersTable, StatusBadge, STACKED_QUERY, UserStatusBadge, lastSignIn } from './UsersTable';
export type { UsersTableProps, UsersTableRow, UserColumn, UserColumnKey } from './UsersTable';
export { useRowSelection } from './useRowSelection';
export { StatusFilter, STATUS_OPTIONS, type StatusValue } from './StatusFilter';
export type { StatusFilterProps } from './StatusFilter';
export { Pagination, pageWindow, MAX_PAGE_LINKS } from './Pagination';
export type { PaginationProps } from './Pagination';
export { StatTile } from './StatTile';
export { confirmDelete, type ConfirmDeleteOptions } from './confirmDelete';
export { FormFields, type FieldSpec, type FormFieldsProps } from './FormFields';
export { EmailStatusBadge } from './EmailStatusBadge';
export { ListSearchInput, useListSearch, LIST_SEARCH_DEBOUNCE_MS, type ListSearchInputProps } from './ListSearch';
export { stackedTable } from './stacked';
export { DryRunPreview, DryRunCounts, DryRunPager, DRY_RUN_PAGE_SIZE } from './DryRunPreview';
export type { DryRunPreviewProps, DryRunCount, DryRunError } from './DryRunPreview';
export { RequestList, StatusCountTiles, requestAge } from './RequestList';
export type { RequestListProps, RequestListRow, RequestListColumn } from './RequestList';
