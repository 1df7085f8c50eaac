/**
 * The spreadsheet of one product's variants (react-datasheet-grid, static grid, fixed height,
 * virtualised rows). Columns are built once per category; cells are memoised and keyed by field
 * (keyColumn), so typing re-renders one cell. Rules: @portal/domain grid.ts.
 */
import { forwardRef, memo, useCallback, useLayoutEffect, useMemo, useRef, type ComponentType } from 'react';
import {
  DataSheetGrid,
  createTextColumn,
  keyColumn,
  type CellProps,
  type Column,
  type DataSheetGridRef,
} from 'react-datasheet-grid';
import 'react-datasheet-grid/dist/style.css';
import {
  centsToDecimalString,
  coerceArea,
  coerceMerv,
  coerceOddSizeType,
  coerceYesNo,
  formatPrice,
  isGridCellEditable,
  ODD_SIZE_TYPES,
  parseMoneyToCents,
  type GridColumn,
} from '@portal/domain';
import type { OddSizeTypeValue } from '@portal/contracts';
import { useShallow } from 'zustand/react/shallow';
import { ActionsCell, GutterCell, SelectCell, sameCellProps, type RowActions, type SelectColumnData } from './cells';
import { useEditStore } from './editStore';
import { emptyRow } from './model';
import { useSpaceToEdit } from './spaceToEdit';
import type { GridRow } from './types';
import './grid.css';

const stringColumn = createTextColumn<string>({
  deletedValue: '',
  continuousUpdates: false,
  parseUserInput: (v) => v.trim(),
  parsePastedValue: (v) => v.trim(),
  formatBlurredInput: (v) => v ?? '',
  formatInputOnFocus: (v) => v ?? '',
});

const areaColumn = createTextColumn<number | null>({
  alignRight: true,
  continuousUpdates: false,
  deletedValue: null,
  parseUserInput: coerceArea,
  parsePastedValue: coerceArea,
  formatBlurredInput: (v) => (v === null || v === undefined ? '' : String(v)),
  formatInputOnFocus: (v) => (v === null || v === undefined ? '' : String(v)),
});

const depthColumn = areaColumn;

/** MERV: a whole number (the row check says 1–16); blank → not rated. */
const mervColumn = createTextColumn<number | null>({
  alignRight: true,
  continuousUpdates: false,
  deletedValue: null,
  parseUserInput: coerceMerv,
  parsePastedValue: coerceMerv,
  formatBlurredInput: (v) => (v === null || v === undefined ? '' : String(v)),
  formatInputOnFocus: (v) => (v === null || v === undefined ? '' : String(v)),
});

const toDollarsOrNull = (v: string): number | null => {
  const cents = parseMoneyToCents(v);
  return cents === null ? null : cents / 100;
};

const priceColumn = createTextColumn<number | null>({
  alignRight: true,
  continuousUpdates: false,
  deletedValue: null,
  parseUserInput: toDollarsOrNull,
  parsePastedValue: toDollarsOrNull,
  formatBlurredInput: (v) => (v === null || v === undefined ? '' : formatPrice(Math.round(v * 100))),
  formatInputOnFocus: (v) => (v === null || v === undefined ? '' : centsToDecimalString(Math.round(v * 100))),
  formatForCopy: (v) => (v === null || v === undefined ? '' : centsToDecimalString(Math.round(v * 100))),
});

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

function yesNoColumn(label: string): Partial<Column<boolean, SelectColumnData<boolean>, string>> {
  return {
    component: SelectCell<boolean>,
    columnData: { options: YES_NO, label },
    disableKeys: true,
    keepFocus: true,
    deleteValue: () => false,
    copyValue: ({ rowData }) => (rowData ? 'Yes' : 'No'),
    pasteValue: ({ value }) => coerceYesNo(value),
  };
}

const TYPE_OPTIONS = [
  { value: '' as OddSizeTypeValue, label: '' },
  ...ODD_SIZE_TYPES.map((t) => ({ value: t as OddSizeTypeValue, label: t })),
];

const typeColumn: Partial<Column<OddSizeTypeValue, SelectColumnData<OddSizeTypeValue>, string>> = {
  component: SelectCell<OddSizeTypeValue>,
  columnData: { options: TYPE_OPTIONS, label: 'Odd-Size Type' },
  disableKeys: true,
  keepFocus: true,
  deleteValue: () => '',
  copyValue: ({ rowData }) => rowData || '',
  pasteValue: ({ value }) => coerceOddSizeType(value),
};

/**
 * The library's text cell renders a bare <input> with no accessible name (axe: label, critical).
 * This wrapper names it '{column}, row {n}' without touching the library's memoised editing logic.
 */
function labelledText<V, C>(column: Partial<Column<V, C, string>>, title: string): Partial<Column<V, C, string>> {
  const Inner = column.component as ComponentType<CellProps<V, C>>;
  const Labelled = memo(function LabelledTextCell(props: CellProps<V, C>) {
    const ref = useRef<HTMLDivElement>(null);
    useLayoutEffect(() => {
      ref.current?.querySelector('input')?.setAttribute('aria-label', `${title}, row ${props.rowIndex + 1}`);
    }, [props.rowIndex]);
    return (
      <div ref={ref} className="cg-text">
        <Inner {...props} />
      </div>
    );
  }, sameCellProps);
  return { ...column, component: Labelled as Column<V, C, string>['component'] };
}

type RowColumn = Column<GridRow, unknown, string>;

/**
 * keyColumn + the odd-size rule and the deleted-row lock (both need the whole row). The library's
 * key cell is not memoised (it renders for every visible cell on each grid render): memo() it with
 * the row identity, as the field cells are.
 */
function field<V, C>(key: GridColumn, column: Partial<Column<V, C, string>>, title: string, basis: number): RowColumn {
  const keyed = keyColumn<GridRow, keyof GridRow>(
    key,
    column as Partial<Column<GridRow[keyof GridRow], C, string>>,
  ) as RowColumn;
  const KeyCell = keyed.component as ComponentType<CellProps<GridRow, unknown>>;
  return {
    ...keyed,
    component: memo(KeyCell, sameCellProps) as RowColumn['component'],
    title,
    basis,
    grow: 1,
    minWidth: Math.min(basis, 72),
    disabled: ({ rowData }: { rowData: GridRow | undefined }) =>
      !rowData || !!rowData._deleted || !isGridCellEditable(key, rowData.odd_size),
  };
}

export function buildColumns(showActualSize: boolean): Column<GridRow, unknown, string>[] {
  const cols = [
    field('part_number', labelledText(stringColumn, 'Part Number'), 'Part Number', 150),
    field('size', labelledText(stringColumn, 'Size'), 'Size', 110),
    showActualSize ? field('actual_size', labelledText(stringColumn, 'Actual Size'), 'Actual Size', 140) : null,
    field('depth', labelledText(depthColumn, 'Depth'), 'Depth', 80),
    field('odd_size', yesNoColumn('Odd-Size'), 'Odd-Size', 90),
    field('min_area', labelledText(areaColumn, 'Min Area'), 'Min Area', 90),
    field('max_area', labelledText(areaColumn, 'Max Area'), 'Max Area', 90),
    field('odd_size_type', typeColumn, 'Odd-Size Type', 120),
    field('out_of_stock', yesNoColumn('Out of Stock'), 'Out of Stock', 110),
    field('list_price', labelledText(priceColumn, 'List Price'), 'List Price', 110),
    field('merv', labelledText(mervColumn, 'MERV'), 'MERV', 64),
    field('efficiency_class', labelledText(stringColumn, 'Efficiency Class'), 'Efficiency Class', 100),
  ];
  return cols.filter((c): c is Column<GridRow, unknown, string> => c !== null);
}

interface Props {
  showActualSize: boolean;
  height: number;
  onHistory: (row: GridRow) => void;
  onRemove: (id: string) => void;
}

const ROW_HEIGHT = 36;

type Operation = { type: 'UPDATE' | 'DELETE' | 'CREATE'; fromRowIndex: number; toRowIndex: number };

/** Changed row indexes of a grid onChange (UPDATE/CREATE ranges). */
function changedIndexes(ops: readonly Operation[]): number[] {
  const out: number[] = [];
  for (const op of ops) if (op.type !== 'DELETE') for (let i = op.fromRowIndex; i < op.toRowIndex; i++) out.push(i);
  return out;
}

export const VariantGrid = forwardRef<DataSheetGridRef, Props>(function VariantGrid(
  { showActualSize, height, onHistory, onRemove },
  ref,
) {
  // The grid's own subscription: a committed cell re-renders the grid, not the whole editor.
  const { rows, statuses, errors } = useEditStore(
    useShallow((s) => ({ rows: s.rows, statuses: s.statuses, errors: s.errors })),
  );
  const columns = useMemo(() => buildColumns(showActualSize), [showActualSize]);
  const container = useRef<HTMLDivElement>(null);
  useSpaceToEdit(container);

  const onChange = useCallback((next: GridRow[], ops: Operation[]) => {
    useEditStore.getState().gridChange(next, changedIndexes(ops));
  }, []);

  const actions = useMemo<RowActions>(
    () => ({
      move: (from, to) => useEditStore.getState().move(from, to),
      remove: onRemove,
      history: onHistory,
    }),
    [onHistory, onRemove],
  );

  const gutterColumn = useMemo(
    () => ({ component: GutterCell, columnData: actions, basis: 64, minWidth: 64, grow: 0, title: '#' }),
    [actions],
  );
  const stickyRightColumn = useMemo(
    () => ({ component: ActionsCell, columnData: actions, basis: 132, minWidth: 132, grow: 0, title: '' }),
    [actions],
  );

  // The static grid reads rowClassName (like columns) once: it must look the state up through refs.
  // It re-runs whenever the grid renders: rows changed, or cellClassName below changed (errors).
  const statusRef = useRef(statuses);
  statusRef.current = statuses;
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const rowClassName = useCallback(({ rowData }: { rowData: GridRow | undefined }) => {
    if (!rowData) return undefined;
    const s = statusRef.current.get(rowData._id);
    const err = errorsRef.current[rowData._id] ? ' cg-row-error' : '';
    return s ? `cg-row-${s}${err}` : err.trim() || undefined;
  }, []);

  const cellClassName = useCallback(
    ({ rowData, columnId }: { rowData: unknown; columnId?: string }) => {
      const e = rowData ? errors[(rowData as GridRow)._id] : undefined;
      return e && columnId && e[columnId as keyof typeof e] ? 'cg-cell-error' : undefined;
    },
    [errors],
  );

  const createRow = useCallback(() => {
    return emptyRowAfter(useEditStore.getState().rows);
  }, []);
  const duplicateRow = useCallback(({ rowData }: { rowData: GridRow }) => {
    const { rows: current } = useEditStore.getState();
    const { _deleted: _omit, version: _v, ...rest } = rowData;
    void _omit;
    void _v;
    const fresh = emptyRowAfter(current);
    return { ...rest, _id: fresh._id, display_order: fresh.display_order };
  }, []);

  return (
    <div ref={container} className="cg-grid" role="region" aria-label="Variants">
      <DataSheetGrid<GridRow>
        ref={ref}
        value={rows}
        onChange={onChange}
        columns={columns}
        gutterColumn={gutterColumn}
        stickyRightColumn={stickyRightColumn}
        rowKey="_id"
        height={height}
        rowHeight={ROW_HEIGHT}
        headerRowHeight={40}
        rowClassName={rowClassName}
        cellClassName={cellClassName}
        createRow={createRow}
        duplicateRow={duplicateRow}
        addRowsComponent={false}
        disableContextMenu
        autoAddRow={false}
      />
    </div>
  );
});

function emptyRowAfter(rows: readonly GridRow[]): GridRow {
  return emptyRow(rows.reduce((m, r) => Math.max(m, r.display_order), 0) + 1);
}
