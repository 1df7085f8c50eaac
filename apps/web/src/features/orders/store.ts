import { create } from 'zustand';
import type { OrderLineDraft } from './api';

/** A catalogue row or an agreed item waiting in the order being put together. */
export interface OrderCartRow {
  key: string;
  line: OrderLineDraft;
  part_number: string;
  label: string;
}

interface CartState {
  rows: OrderCartRow[];
  open: boolean;
  add: (row: Omit<OrderCartRow, 'key'>) => void;
  setQuantity: (key: string, quantity: number) => void;
  remove: (key: string) => void;
  clear: () => void;
  setOpen: (open: boolean) => void;
}

const keyOf = (l: OrderLineDraft) => (l.kind === 'catalogue' ? `c:${l.variant_id}` : `a:${l.agreed_item_id}`);

/** The order being put together (adding a row twice adds its quantities, at most 100,000). */
export const useOrderCart = create<CartState>()((set) => ({
  rows: [],
  open: false,
  add: (row) =>
    set((s) => {
      const key = keyOf(row.line);
      const seen = s.rows.find((r) => r.key === key);
      return {
        rows: seen
          ? s.rows.map((r) =>
              r.key === key
                ? { ...r, line: { ...r.line, quantity: Math.min(100_000, r.line.quantity + row.line.quantity) } }
                : r,
            )
          : [...s.rows, { ...row, key }],
      };
    }),
  setQuantity: (key, quantity) =>
    set((s) => ({ rows: s.rows.map((r) => (r.key === key ? { ...r, line: { ...r.line, quantity } } : r)) })),
  remove: (key) => set((s) => ({ rows: s.rows.filter((r) => r.key !== key) })),
  clear: () => set({ rows: [] }),
  setOpen: (open) => set({ open }),
}));
