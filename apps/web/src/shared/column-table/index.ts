export { ColumnTable, type ColumnTableProps, type TableColumn } from './ColumnTable';
