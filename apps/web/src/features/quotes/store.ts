import { create } from 'zustand';

/** A catalogue row waiting in the request being put together. */
export interface DraftRow {
  variant_id: string;
  part_number: string;
  label: string;
  quantity: number;
}

interface DraftState {
  rows: DraftRow[];
  add: (row: DraftRow) => void;
  remove: (variantId: string) => void;
  clear: () => void;
}

/** The request being put together from catalogue rows (adding a row twice adds its quantities). */
export const useQuoteDraft = create<DraftState>()((set) => ({
  rows: [],
  add: (row) =>
    set((s) => {
      const seen = s.rows.find((r) => r.variant_id === row.variant_id);
      return {
        rows: seen
          ? s.rows.map((r) =>
              r.variant_id === row.variant_id ? { ...r, quantity: Math.min(100_000, r.quantity + row.quantity) } : r,
            )
          : [...s.rows, row],
      };
    }),
  remove: (variantId) => set((s) => ({ rows: s.rows.filter((r) => r.variant_id !== variantId) })),
  clear: () => set({ rows: [] }),
}));
