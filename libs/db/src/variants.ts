/** A variant as stored, with the text forms used for change detection (API edits and worker imports). */
export interface StoredVariant {
  id: string;
  product_id: string;
  part_number: string;
  size: string;
  actual_size: string;
  depth: string | null;
  odd_size: boolean;
  odd_size_type: string | null;
  min_area: string | null;
  max_area: string | null;
  out_of_stock: boolean;
  list_price_cents: string;
  merv: number | null;
  efficiency_class: string | null;
  display_order: number;
  version: number;
}

/** The select list of a `StoredVariant` from `variants v`. */
export const STORED_VARIANT_COLUMNS = `v.id, v.product_id, v.part_number, v.size, v.actual_size, v.depth::text AS depth, v.odd_size,
  v.odd_size_type, v.min_area::text AS min_area, v.max_area::text AS max_area, v.out_of_stock,
  v.list_price_cents::text AS list_price_cents, v.display_order, v.version, v.merv, v.efficiency_class`;
