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
/** How each product's variants are shown: the table or the size grid (width × height). */
export type ProductLayout = 'table' | 'grid';

/** The part of the view that the URL carries (hooks/useCatalogueUrl.ts keeps both in step). */
export interface CatalogueUrlState {
  categoryId: string | null;
  subcategoryId: string | null;
  search: ActiveSearch;
  layout: ProductLayout;
  /** Superadmin only: the company whose employees' prices are shown. */
  asCompany: string | null;
}

interface ViewState {
  /** Superadmin edit mode; the edit grid's own state lives in edit/editStore.ts. */
  mode: CatalogueMode;
  categoryId: string | null;
  subcategoryId: string | null;
  search: ActiveSearch;
  partNumber: string;
  dimensions: DimensionInput;
  layout: ProductLayout;
  asCompany: string | null;
  /** Bumped by every Search: the results scroll into view when it changes. */
  searchSeq: number;
  /** The variant a size-grid cell opened: its table row is marked and scrolled to. */
  focusVariant: string | null;
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
  setLayout: (layout: ProductLayout) => void;
  /** A size-grid cell: back to the tables, at that variant's row. */
  showVariant: (variantId: string) => void;
  setAsCompany: (companyId: string | null) => void;
  /** The URL changed (load, Back, a shared link): take its view, and fill the inputs from its search. */
  applyUrlState: (state: CatalogueUrlState) => void;
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
  layout: 'table',
  asCompany: null,
  searchSeq: 0,
  focusVariant: null,
});

/** The inputs that show a search: its part number, or its dimensions. */
function inputsOf(search: ActiveSearch): Pick<ViewState, 'partNumber' | 'dimensions'> {
  if (search?.kind === 'part') return { partNumber: search.partNumber, dimensions: { ...EMPTY_DIMENSIONS } };
  if (search?.kind === 'dimension') {
    const q = search.query;
    return {
      partNumber: '',
      dimensions: {
        width: String(q.width),
        height: String(q.height),
        depth: String(q.depth),
        useExactMeasurements: q.action === 'exact-measurement',
      },
    };
  }
  return { partNumber: '', dimensions: { ...EMPTY_DIMENSIONS } };
}

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
  setSearch: (search) => set((s) => ({ search, searchSeq: search ? s.searchSeq + 1 : s.searchSeq })),
  resetSearch: () => set({ search: null, partNumber: '', dimensions: { ...EMPTY_DIMENSIONS } }),
  setLayout: (layout) => set({ layout, focusVariant: null }),
  showVariant: (focusVariant) => set({ layout: 'table', focusVariant }),
  setAsCompany: (asCompany) =>
    set((s) => (s.asCompany === asCompany ? s : { asCompany, search: null, partNumber: '', mode: 'view' })),
  applyUrlState: (url) =>
    set((s) => ({
      ...url,
      ...(JSON.stringify(s.search) === JSON.stringify(url.search) ? {} : inputsOf(url.search)),
    })),
  resetView: () => set(initialView()),
}));

/** Tests: fresh state including the session preference. */
export function resetCatalogueStore(): void {
  useCatalogueStore.setState({ ...initialView(), textOnly: readTextOnly() });
}
