/**
 * Catalogue screen state (zustand). Server data (categories, sub-categories, products) lives in the
 * TanStack Query cache under ['catalogue', …] with staleTime Infinity: that is the session cache,
 * removed when the screen unmounts (hooks/useCatalogueQueries.ts). This store holds what the user
 * chose on the screen; `resetView` clears it on leaving, except the text-only preference, which
 * is remembered for the browser session.
 */
import { create } from 'zustand';
import { DEFAULT_DEPTH } from '@portal/domain';
import type { DimensionSearchQuery } from './types';

export type ActiveSearch =
  { kind: 'part'; partNumber: string } | { kind: 'dimension'; query: DimensionSearchQuery } | null;

export interface DimensionInput {
  width: string;
  height: string;
  depth: string;
  useExactMeasurements: boolean;
}

export const EMPTY_DIMENSIONS: DimensionInput = {
  width: '',
  height: '',
  depth: DEFAULT_DEPTH,
  useExactMeasurements: false,
};

const TEXT_ONLY_KEY = 'catalogueTextOnly';

function readTextOnly(): boolean {
  try {
    return window.sessionStorage.getItem(TEXT_ONLY_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeTextOnly(value: boolean): void {
  try {
    window.sessionStorage.setItem(TEXT_ONLY_KEY, String(value));
  } catch {
    /* a lost preference is not worth an error */
  }
}

export type CatalogueMode = 'view' | 'edit';

interface ViewState {
  /** Superadmin edit mode; the edit grid's own state lives in edit/editStore.ts. */
  mode: CatalogueMode;
  categoryId: string | null;
  subcategoryId: string | null;
  search: ActiveSearch;
  partNumber: string;
  dimensions: DimensionInput;
}

export interface CatalogueState extends ViewState {
  textOnly: boolean;
  setTextOnly: (value: boolean) => void;
  setMode: (mode: CatalogueMode) => void;
  selectCategory: (id: string) => void;
  selectSubcategory: (id: string) => void;
  setPartNumber: (value: string) => void;
  setDimensions: (patch: Partial<DimensionInput>) => void;
  setSearch: (search: ActiveSearch) => void;
  /** Reset button: clears the active search and its inputs. */
  resetSearch: () => void;
  /** Leaving the screen. */
  resetView: () => void;
}

const initialView = (): ViewState => ({
  mode: 'view',
  categoryId: null,
  subcategoryId: null,
  search: null,
  partNumber: '',
  dimensions: { ...EMPTY_DIMENSIONS },
});

export const useCatalogueStore = create<CatalogueState>()((set) => ({
  ...initialView(),
  textOnly: readTextOnly(),
  setTextOnly: (textOnly) => {
    writeTextOnly(textOnly);
    set({ textOnly });
  },
  setMode: (mode) => set((s) => (s.mode === mode ? s : { mode, search: null, partNumber: '' })),
  // A search is scoped to the category / sub-category it ran in.
  selectCategory: (categoryId) =>
    set((s) => (s.categoryId === categoryId ? s : { categoryId, subcategoryId: null, search: null, partNumber: '' })),
  selectSubcategory: (subcategoryId) =>
    set((s) => (s.subcategoryId === subcategoryId ? s : { subcategoryId, search: null, partNumber: '' })),
  setPartNumber: (partNumber) => set({ partNumber }),
  setDimensions: (patch) => set((s) => ({ dimensions: { ...s.dimensions, ...patch } })),
  setSearch: (search) => set({ search }),
  resetSearch: () => set({ search: null, partNumber: '', dimensions: { ...EMPTY_DIMENSIONS } }),
  resetView: () => set(initialView()),
}));

/** Tests: fresh state including the session preference. */
export function resetCatalogueStore(): void {
  useCatalogueStore.setState({ ...initialView(), textOnly: readTextOnly() });
}
