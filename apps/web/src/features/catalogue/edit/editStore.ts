/**
 * Edit-grid state of the product open in the grid (zustand, separate from the view selection):
 * current rows, the rows as loaded (originals), per-row status, the last save's field errors and
 * conflicts. Unchanged rows keep object identity so memoised grid cells do not re-render, and a
 * cell edit re-checks only the replaced rows' status (not all 5,000).
 */
import { create } from 'zustand';
import { isNewVariantId } from '@portal/domain';
import type { CatalogueVariant } from '../types';
import {
  applyGridRules,
  computeStatuses,
  emptyRow,
  knownVersions,
  moveRow,
  rebaseRows,
  rowsFromVariants,
  sameFields,
  takeTheirs,
  updateStatuses,
} from './model';
import type { GridRow, RowErrors, RowStatus, VariantConflict } from './types';

export interface PendingLeave {
  proceed: () => void;
  cancel?: () => void;
}

export interface EditState {
  productId: string | null;
  rows: GridRow[];
  originals: Map<string, GridRow>;
  statuses: Map<string, RowStatus>;
  errors: RowErrors;
  errorMessage: string | null;
  conflicts: VariantConflict[] | null;
  saving: boolean;
  /** Someone else saved this product while it is open. */
  remoteChanged: boolean;
  /** Time of our own last save (its push is not "someone else"). */
  ownSaveAt: number;
  /** id → version of every row as last seen from the server (load, our save, reload, conflicts). */
  known: Map<string, number>;
  pendingLeave: PendingLeave | null;

  load: (productId: string | null, variants: readonly CatalogueVariant[]) => void;
  /** Grid onChange: `changed` row indexes get the grid rules applied; only replaced rows get a new status. */
  gridChange: (next: GridRow[], changed: Iterable<number>) => void;
  addVariant: () => GridRow;
  /** New row → removed; existing row → marked deleted (toggles back on a second click). */
  removeVariant: (id: string) => 'removed' | 'deleted' | 'restored' | null;
  move: (from: number, to: number) => void;
  discard: () => void;
  saved: (variants: readonly CatalogueVariant[]) => void;
  setSaving: (saving: boolean) => void;
  setErrors: (errors: RowErrors, message: string | null) => void;
  setConflicts: (conflicts: VariantConflict[] | null) => void;
  reloadConflicts: () => void;
  rebase: (variants: readonly CatalogueVariant[]) => void;
  setRemoteChanged: (value: boolean) => void;
  setPendingLeave: (pending: PendingLeave | null) => void;
  reset: () => void;
}

const initial = () => ({
  productId: null as string | null,
  rows: [] as GridRow[],
  originals: new Map<string, GridRow>(),
  statuses: new Map<string, RowStatus>(),
  errors: {} as RowErrors,
  errorMessage: null as string | null,
  conflicts: null as VariantConflict[] | null,
  saving: false,
  remoteChanged: false,
  ownSaveAt: 0,
  known: new Map<string, number>(),
  pendingLeave: null as PendingLeave | null,
});

function fromVariants(variants: readonly CatalogueVariant[]) {
  const rows = rowsFromVariants(variants);
  return {
    rows,
    originals: new Map(rows.map((r) => [r._id, r])),
    statuses: new Map<string, RowStatus>(),
    known: knownVersions(variants),
  };
}

function dropErrors(errors: RowErrors, ids: Iterable<string>): RowErrors {
  let out: RowErrors | null = null;
  for (const id of ids)
    if (errors[id]) {
      out ??= { ...errors };
      delete out[id];
    }
  return out ?? errors;
}

export const useEditStore = create<EditState>()((set, get) => ({
  ...initial(),

  load: (productId, variants) =>
    set({ ...initial(), productId, ...fromVariants(variants), pendingLeave: get().pendingLeave }),

  gridChange: (next, changed) => {
    const { rows, originals, statuses, errors } = get();
    const indexes = [...changed];
    const ruled = applyGridRules(rows, next, indexes);
    set({
      rows: ruled,
      statuses: updateStatuses(statuses, rows, ruled, originals),
      errors: dropErrors(
        errors,
        indexes.map((i) => ruled[i]?._id).filter((id): id is string => !!id),
      ),
    });
  },

  addVariant: () => {
    const { rows, originals } = get();
    const row = emptyRow(rows.reduce((m, r) => Math.max(m, r.display_order), 0) + 1);
    const next = [...rows, row];
    set({ rows: next, statuses: computeStatuses(next, originals) });
    return row;
  },

  removeVariant: (id) => {
    const { rows, originals } = get();
    const i = rows.findIndex((r) => r._id === id);
    if (i < 0) return null;
    let next: GridRow[];
    let result: 'removed' | 'deleted' | 'restored';
    if (isNewVariantId(id)) {
      next = rows.filter((r) => r._id !== id);
      result = 'removed';
    } else {
      next = [...rows];
      const restoring = !!rows[i]._deleted;
      if (restoring) {
        const { _deleted: _omit, ...rest } = rows[i];
        void _omit;
        const orig = originals.get(id);
        next[i] = orig && sameFields(rest, orig) ? orig : rest;
      } else next[i] = { ...rows[i], _deleted: true };
      result = restoring ? 'restored' : 'deleted';
    }
    set({ rows: next, statuses: computeStatuses(next, originals), errors: dropErrors(get().errors, [id]) });
    return result;
  },

  move: (from, to) => {
    const { rows, originals } = get();
    const next = moveRow(rows, from, to);
    if (next !== rows) set({ rows: next, statuses: computeStatuses(next, originals) });
  },

  discard: () => {
    const { rows, originals } = get();
    // Originals in their loaded order; new rows disappear, deleted ones come back.
    void rows;
    const restored = [...originals.values()].sort((a, b) => a.display_order - b.display_order);
    set({ rows: restored, statuses: new Map(), errors: {}, errorMessage: null, conflicts: null });
  },

  saved: (variants) =>
    set({
      ...fromVariants(variants),
      errors: {},
      errorMessage: null,
      conflicts: null,
      saving: false,
      remoteChanged: false,
      ownSaveAt: Date.now(),
    }),

  setSaving: (saving) => set(saving ? { saving, ownSaveAt: Date.now() } : { saving }),
  setErrors: (errors, errorMessage) => set({ errors, errorMessage }),
  setConflicts: (conflicts) => set({ conflicts }),

  reloadConflicts: () => {
    const { rows, originals, conflicts } = get();
    if (!conflicts) return;
    const next = takeTheirs(rows, originals, conflicts);
    const known = new Map(get().known);
    for (const c of conflicts) if (c.current) known.set(c._id, Number(c.current.version ?? 0));
    set({ ...next, statuses: computeStatuses(next.rows, next.originals), conflicts: null, known });
  },

  rebase: (variants) => {
    const { rows, originals } = get();
    const next = rebaseRows(rows, originals, variants);
    set({
      ...next,
      statuses: computeStatuses(next.rows, next.originals),
      remoteChanged: false,
      known: knownVersions(variants),
    });
  },

  setRemoteChanged: (remoteChanged) => set({ remoteChanged }),
  setPendingLeave: (pendingLeave) => set({ pendingLeave }),
  reset: () => set(initial()),
}));

/** Unsaved edits: any new, deleted or edited row. */
export const selectDirty = (s: EditState): boolean => s.statuses.size > 0;

export function isEditDirty(): boolean {
  return selectDirty(useEditStore.getState());
}
