import type { RoleKey } from './roles';

/** What an audit entry is about. */
export const AUDIT_ENTITIES = [
  'company',
  'user',
  'session',
  'category',
  'product',
  'variant',
  'file',
  'catalogue_import',
  'pricelist',
  'settings',
  // find & demand
  'part_alias',
  'quote_request',
  'order_request',
  'agreed_item',
  /* operations */
  'email_suppression',
  'job',
  /* sites and the filter programme */
  'site',
  'site_unit',
  'filter_slot',
  'price_change',
  'sites_import',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * Every action an audit entry records, with the words the log's screens show for it. The audit
 * writer accepts only these; the operations counters and feed read them from here.
 */
export const AUDIT_ACTIONS = {
  'company.created': 'Company created',
  'company.updated': 'Company updated',
  'company.status_changed': 'Company status changed',
  'company.deleted': 'Company deleted',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'user.deleted': 'User deleted',
  'user.invited': 'User invited',
  'user.invitation_revoked': 'Invitation revoked',
  'user.invitation_accepted': 'Invitation accepted',
  'user.invitation_expired': 'Invitation expired',
  'user.invitation_new_link_requested': 'New invitation link asked for',
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
  // Order and quote requests
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
  // Sites and the filter programme
  'site.created': 'Site created',
  'site.updated': 'Site updated',
  'site.archived': 'Site archived',
  'site.restored': 'Site restored',
  'site.deleted': 'Site deleted',
  'site.month_requested': 'Month requested',
  'sites.imported': 'Sites imported',
  'site_unit.created': 'Unit added',
  'site_unit.updated': 'Unit updated',
  'filter_slot.created': 'Filter slot added',
  'filter_slot.updated': 'Filter slot updated',
  'filter_slot.removed': 'Filter slot removed',
  'filter_slot.change_recorded': 'Filter change recorded',
  'filter_slot.skipped': 'Filter change skipped',
  // Price changes
  'price_change.scheduled': 'Price change scheduled',
  'price_change.updated': 'Price change updated',
  'price_change.cancelled': 'Price change cancelled',
  'price_change.noticed': 'Price change notice sent',
  'price_change.applied': 'Price change applied',
  'price_change.failed': 'Price change failed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Changed fields only, with the API's field names; never a password, token or hash. */
export type AuditValues = Record<string, unknown>;

export interface AuditEntryView {
  _id: string;
  action: string;
  entity: AuditEntity;
  entity_id: string | null;
  /** `_id` null: nobody signed in (a failed sign-in for an unknown email). */
  actor: { _id: string | null; username: string; role: RoleKey | null };
  company_id: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
  ip: string | null;
  created_at: string;
  /** The record's name (null when it has none, e.g. a session). */
  entity_name?: string | null;
}

export interface AuditListResponse {
  status: 200;
  data: { list: AuditEntryView[]; total: number };
}
