import { VARIANT_VALUE_FIELDS, type NormalizedVariant } from '@portal/domain';
import type { AuditEntry } from '@portal/db';
import { changedFields } from '../audit/changed-fields';
import type { VariantRow } from './catalogue-editing.repository';

/* Audit entries of catalogue edits, with the API's field names (`customer_price` is the list price). */

const VARIANT_AUDIT_FIELDS = [...VARIANT_VALUE_FIELDS, 'customer_price', 'display_order'] as const;

type VariantValues = Record<(typeof VARIANT_AUDIT_FIELDS)[number], string | number | boolean | null>;

const num = (v: string | null): number | null => (v === null ? null : Number(v));

export function storedVariant(r: VariantRow): VariantValues {
  return {
    part_number: r.part_number,
    size: r.size,
    actual_size: r.actual_size,
    depth: num(r.depth),
    odd_size: r.odd_size,
    odd_size_type: r.odd_size_type ?? '',
    min_area: num(r.min_area),
    max_area: num(r.max_area),
    out_of_stock: r.out_of_stock,
    merv: r.merv,
    efficiency_class: r.efficiency_class,
    customer_price: Number(r.list_price_cents) / 100,
    display_order: r.display_order,
  };
}

export function writtenVariant(v: NormalizedVariant, order: number): VariantValues {
  return {
    part_number: v.part_number,
    size: v.size,
    actual_size: v.actual_size,
    depth: num(v.depth),
    odd_size: v.odd_size,
    odd_size_type: v.odd_size_type ?? '',
    min_area: num(v.min_area),
    max_area: num(v.max_area),
    out_of_stock: v.out_of_stock,
    merv: v.merv,
    efficiency_class: v.efficiency_class,
    customer_price: v.list_price_cents / 100,
    display_order: order,
  };
}

interface Write {
  id: string;
  value: NormalizedVariant;
  order: number;
}

/**
 * One entry per variant row the save changed: created (after), updated (changed fields before/after),
 * deleted (before), and rows only moved by the new order (display_order).
 */
export function variantEntries(
  productId: string,
  byId: Map<string, VariantRow>,
  changes: {
    inserts?: Write[];
    updates?: Write[];
    deleted?: string[];
    reorder?: { id: string; order: number }[];
  },
): AuditEntry[] {
  const entries: AuditEntry[] = [];
  const base = { entity: 'variant' as const, companyId: null };
  for (const id of changes.deleted ?? []) {
    const cur = byId.get(id);
    if (cur)
      entries.push({
        ...base,
        action: 'variant.deleted',
        entityId: id,
        before: { product_id: productId, ...storedVariant(cur) },
      });
  }
  for (const u of changes.updates ?? []) {
    const cur = byId.get(u.id);
    const diff = cur ? changedFields(storedVariant(cur), writtenVariant(u.value, u.order), VARIANT_AUDIT_FIELDS) : null;
    if (diff) entries.push({ ...base, action: 'variant.updated', entityId: u.id, ...diff });
  }
  for (const r of changes.reorder ?? []) {
    const cur = byId.get(r.id);
    if (cur && cur.display_order !== r.order) {
      entries.push({
        ...base,
        action: 'variant.updated',
        entityId: r.id,
        before: { display_order: cur.display_order },
        after: { display_order: r.order },
      });
    }
  }
  for (const i of changes.inserts ?? []) {
    entries.push({
      ...base,
      action: 'variant.created',
      entityId: i.id,
      after: { product_id: productId, ...writtenVariant(i.value, i.order) },
    });
  }
  return entries;
}
