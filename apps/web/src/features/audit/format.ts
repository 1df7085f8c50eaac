import { AUDIT_ACTIONS, type AuditEntity } from '@portal/contracts';
import { MULTIPLIER_LABELS, exactPercentageToMultiplier } from '@portal/domain';

/** Readable names of the entities and actions the log records. */
export const ENTITY_LABELS: Readonly<Record<AuditEntity, string>> = {
  company: 'Company',
  user: 'User',
  session: 'Session',
  category: 'Category',
  product: 'Product',
  variant: 'Variant',
  file: 'File',
  catalogue_import: 'Catalogue import',
  pricelist: 'Price list',
  settings: 'Settings',
  part_alias: 'Part alias',
  quote_request: 'Quote request',
  order_request: 'Order request',
  agreed_item: 'Agreed item',
  email_suppression: 'Email suppression',
  job: 'Background job',
  site: 'Site',
  site_unit: 'Unit',
  filter_slot: 'Filter slot',
  price_change: 'Price change',
  sites_import: 'Sites import',
};

/** The record of every audit action with its words (the writer accepts only these). */
export const ACTION_LABELS: Readonly<Record<string, string>> = AUDIT_ACTIONS;

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** Multiplier fields are stored as percentages; people read them as multipliers (1.0000 = list price). */
export const MULTIPLIER_FIELDS: Readonly<Record<string, string>> = MULTIPLIER_LABELS;

export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field in MULTIPLIER_FIELDS && (typeof value === 'number' || typeof value === 'string')) {
    try {
      return exactPercentageToMultiplier(value);
    } catch {
      return String(value);
    }
  }
  if (field === 'status' && typeof value === 'boolean') return value ? 'Active' : 'Inactive';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** The before → after rows of an entry: every field in either side, in a stable order. */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    label: MULTIPLIER_FIELDS[field] ?? field,
    before: before && field in before ? formatAuditValue(field, before[field]) : null,
    after: after && field in after ? formatAuditValue(field, after[field]) : null,
  }));
}
