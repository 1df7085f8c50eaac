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
