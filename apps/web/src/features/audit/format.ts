import { MULTIPLIER_LABELS, exactPercentageToMultiplier } from '@portal/domain';

/** Readable names of the entities and actions the log records. */
export const ENTITY_LABELS: Record<string, string> = {
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
};

export const ACTION_LABELS: Record<string, string> = {
  'company.created': 'Company created',
  'company.updated': 'Company updated',
  'company.status_changed': 'Company status changed',
  'company.deleted': 'Company deleted',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'user.deleted': 'User deleted',
  'user.email_refused': 'Email address refused',
  'session.revoked': 'Session ended',
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.login_refused': 'Sign-in refused (disabled)',
  'auth.lockout': 'Sign-in locked out',
  'account.password_changed': 'Password changed',
  'account.password_reset': 'Password reset',
  'category.updated': 'Category updated',
  'part_alias.created': 'Part alias added',
  'part_alias.deleted': 'Part alias removed',
  'product.created': 'Product created',
  'product.deleted': 'Product deleted',
  'variant.created': 'Variant created',
  'variant.updated': 'Variant updated',
  'variant.deleted': 'Variant deleted',
  'file.added': 'File added',
  'file.removed': 'File removed',
  'auth.two_factor_failed': 'Two-factor code refused',
  'user.two_factor_enabled': 'Two-factor turned on',
  'user.two_factor_disabled': 'Two-factor turned off',
  'user.two_factor_reset': 'Two-factor reset',
  'user.recovery_codes_regenerated': 'Recovery codes replaced',
  'settings.security_updated': 'Security policy changed',
  'pricelist.requested': 'Price list requested',
  'catalogue_import.applied': 'Catalogue import applied',
  // Quote requests
  'order_request.submitted': 'Order requested',
  'order_request.approved': 'Order approved',
  'order_request.rejected': 'Order rejected',
  'order_request.acknowledged': 'Order acknowledged',
  'order_request.confirmed': 'Order confirmed',
  'order_request.shipped': 'Order shipped',
  'order_request.cancelled': 'Order cancelled',
  'agreed_item.updated': 'Agreed item changed',
  'company.ordering_updated': 'Approval threshold changed',
  'quote_request.submitted': 'Quote requested',
  'quote_request.assigned': 'Quote request taken',
  'quote_request.info_requested': 'Information requested',
  'quote_request.replied': 'Customer answered',
  'quote_request.quoted': 'Quote sent',
  'quote_request.accepted': 'Quote accepted',
  'quote_request.declined': 'Quote declined',
  'quote_request.expired': 'Quote expired',
  'quote_request.revised': 'Quote revised',
  'quote_request.withdrawn': 'Quote request withdrawn',
  'quote_request.rejected': 'Quote request rejected',
  'quote_request.message_added': 'Quote message',
  'email_suppression.removed': 'Email suppression lifted',
  'job.retried': 'Failed job retried',
  'job.discarded': 'Failed job discarded',
};

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
