/**
 * Custom grid cells, all React.memo with primitive props so a keystroke re-renders one cell:
 * single-click dropdowns (Yes/No, odd-size type), the row-number/drag-handle gutter and the
 * row actions (move up/down, price history, remove).
 */
import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type DragEvent,
  type MouseEvent,
  type SyntheticEvent,
} from 'react';
import { ActionIcon, Group, Popover, Tooltip } from '@mantine/core';
import { isNewVariantId } from '@portal/domain';
import type { CellProps } from 'react-datasheet-grid';
import type { GridRow } from './types';

/** Keeps a click on our own controls from moving the grid's selection. */
const stop = (e: SyntheticEvent) => e.stopPropagation();

/**
 * memo() comparison for grid cells. The grid hands every cell a new `stopEditing` whenever the
 * active row changes (it closes over the active cell), so with plain memo() each Enter / arrow key
 * re-rendered every visible cell (Mantine popovers, tooltips, action buttons). Only the active
 * cell may stop editing (our cells call it only while editing), so an inactive cell ignores that
 * one change; any other prop change re-renders as usual.
 */
export function sameCellProps<T, C>(prev: CellProps<T, C>, next: CellProps<T, C>): boolean {
  const keys = Object.keys(next) as (keyof CellProps<T, C>)[];
  if (keys.length !== Object.keys(prev).length) return false;
  for (const key of keys)
    if (!Object.is(prev[key], next[key]) && (key !== 'stopEditing' || next.active || prev.active)) return false;
  return true;
}

export interface SelectOption<V> {
  value: V;
  label: string;
}
export interface SelectColumnData<V> {
  options: readonly SelectOption<V>[];
  label: string;
}

function SelectCellImpl<V extends string | boolean>({
  rowData,
  setRowData,
  focus,
  active,
  disabled,
  stopEditing,
  columnData,
  rowIndex,
}: CellProps<V, SelectColumnData<V>>) {
  const { options, label } = columnData;
  const [clicked, setClicked] = useState(false);
  const open = !disabled && (focus || clicked);
  const current = options.findIndex((o) => o.value === rowData);
  const [highlight, setHighlight] = useState(Math.max(current, 0));
  // Leaving the cell (another cell selected, click outside the grid) closes the list: state
  // derived from the previous render's `active` (React's pattern for resetting state on a prop change).
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (!active) setClicked(false);
  }
  // Opening the list highlights the current value.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setHighlight(Math.max(current, 0));
  }
  // Read by the keydown handler, which is registered once per editing session.
  const highlightRef = useRef(highlight);
  useLayoutEffect(() => {
    highlightRef.current = highlight;
  });

  const pick = (value: V) => {
    if (value !== rowData) setRowData(value);
    setClicked(false);
    if (focus) stopEditing({ nextRow: false });
  };

  // Escape closes a list opened by a click (the grid itself ends editing on Escape).
  useEffect(() => {
    if (!clicked) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setClicked(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [clicked]);

  // Keyboard while editing (F2 / Enter / space / typing opened it): arrows move, Enter picks.
  useEffect(() => {
    if (!focus) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setHighlight((h) => (h + (e.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length);
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        pick(options[highlightRef.current]?.value ?? rowData);
      } else if (e.key.length === 1) {
        const i = options.findIndex((o) => o.label.toLowerCase().startsWith(e.key.toLowerCase()));
        if (i >= 0) setHighlight(i);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus, options]);

  const text = current >= 0 ? options[current].label : '';
  return (
    <Popover
      opened={open}
      position="bottom-start"
      offset={2}
      withinPortal
      shadow="md"
      trapFocus={false}
      returnFocus={false}
      transitionProps={{ duration: 0 }}
      hideDetached={false}
    >
      <Popover.Target>
        <div
          className="cg-select"
          data-disabled={disabled || undefined}
          // The visible value is part of the name (WCAG 2.5.3, axe label-content-name-mismatch).
          aria-label={text ? `${label}, row ${rowIndex + 1}: ${text}` : `${label}, row ${rowIndex + 1}`}
          aria-haspopup="listbox"
          aria-expanded={open}
          role="button"
          onMouseDown={() => {
            if (!disabled) setClicked(true);
          }}
        >
          <span>{text}</span>
          {!disabled && (
            <span aria-hidden className="cg-chevron">
              ▾
            </span>
          )}
        </div>
      </Popover.Target>
      <Popover.Dropdown p={4} onMouseDown={stop}>
        <div role="listbox" aria-label={label}>
          {options.map((o, i) => (
            <div
              key={String(o.value)}
              role="option"
              aria-selected={o.value === rowData}
              data-highlight={i === highlight || undefined}
              className="cg-option"
              onMouseDown={(e) => {
                e.preventDefault();
                e.stopPropagation();
              }}
              onMouseEnter={() => setHighlight(i)}
              onClick={() => pick(o.value)}
            >
              {o.label || '\u00a0'}
            </div>
          ))}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}

export const SelectCell = memo(SelectCellImpl, sameCellProps) as typeof SelectCellImpl;

/** Handlers shared by the gutter and the actions column (stable: they read the store). */
export interface RowActions {
  move: (from: number, to: number) => void;
  remove: (id: string) => void;
  history: (row: GridRow) => void;
}

const DRAG_TYPE = 'application/x-grid-row';

/** Row number + drag handle; dropping a dragged row on a gutter cell moves it there. */
export const GutterCell = memo(function GutterCell({ rowIndex, columnData }: CellProps<GridRow, RowActions>) {
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const from = Number(e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData('text/plain'));
    if (Number.isInteger(from)) columnData.move(from, rowIndex);
  };
  return (
    <div
      className="cg-gutter"
      data-drop={over || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <span
        className="cg-drag"
        draggable
        role="button"
        aria-label={`Drag row ${rowIndex + 1}`}
        title="Drag to reorder"
        onMouseDown={stop}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, String(rowIndex));
          e.dataTransfer.setData('text/plain', String(rowIndex));
          e.dataTransfer.effectAllowed = 'move';
        }}
      >
        ⋮⋮
      </span>
      <span className="cg-rownum">{rowIndex + 1}</span>
    </div>
  );
}, sameCellProps);

const preventMouse = (e: MouseEvent) => {
  e.stopPropagation();
};

/** Move up / down, price history, remove (restore for a row marked deleted). */
export const ActionsCell = memo(function ActionsCell({
  rowData,
  rowIndex,
  columnData,
}: CellProps<GridRow, RowActions>) {
  const n = rowIndex + 1;
  const deleted = !!rowData._deleted;
  return (
    <Group gap={2} wrap="nowrap" onMouseDown={preventMouse} className="cg-actions">
      <ActionIcon
        size="sm"
        variant="subtle"
        aria-label={`Move row ${n} up`}
        disabled={rowIndex === 0}
        onClick={() => columnData.move(rowIndex, rowIndex - 1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        aria-label={`Move row ${n} down`}
        onClick={() => columnData.move(rowIndex, rowIndex + 1)}
      >
        ↓
      </ActionIcon>
      <Tooltip label="Price history" openDelay={400}>
        <ActionIcon
          size="sm"
          variant="subtle"
          aria-label={`Price history of row ${n}`}
          disabled={isNewVariantId(rowData._id)}
          onClick={() => columnData.history(rowData)}
        >
          $
        </ActionIcon>
      </Tooltip>
      <ActionIcon
        size="sm"
        variant="subtle"
        color={deleted ? 'gray' : 'red'}
        aria-label={deleted ? `Restore row ${n}` : `Remove row ${n}`}
        onClick={() => columnData.remove(rowData._id)}
      >
        {deleted ? '↺' : '✕'}
      </ActionIcon>
    </Group>
  );
}, sameCellProps);
