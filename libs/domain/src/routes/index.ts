import { ACCOUNT_ROUTES } from './account';
import { AUDIT_ROUTES } from './audit';
import { AUTH_ROUTES } from './auth';
import { CATALOGUE_EDITING_ROUTES, CATALOGUE_IMPORT_ROUTES, CATALOGUE_ROUTES } from './catalogue';
import { DEMAND_ROUTES } from './demand';
import { OPS_ROUTES } from './ops';
import { COMPANY_ROUTES, INVITATION_ROUTES, NOTIFICATION_ROUTES, USER_ROUTES } from './org';
import { PRICE_CHANGE_ROUTES } from './price-changes';
import { AGREED_ITEM_ROUTES, COMPANY_ORDERING_ROUTES, ORDER_ROUTES } from './orders';
import { PRICELIST_ROUTES } from './pricelists';
import { PROGRAMME_ROUTES } from './programme';
import { QUOTE_ROUTES } from './quotes';
import type { RouteEntry } from './route';
import { SYSTEM_ROUTES } from './system';
import { TWO_FACTOR_ROUTES } from './two-factor';

export * from './route';
export * from './keys';
export * from './check';
export * from './openapi';
export * from './match';
export * from './realtime';
export * from './account';
export * from './audit';
export * from './auth';
export * from './catalogue';
export * from './demand';
export * from './ops';
export * from './org';
export * from './price-changes';
export * from './orders';
export * from './pricelists';
export * from './programme';
export * from './quotes';
export * from './system';
export * from './two-factor';

/** Every route of the API, by area (the order of the document's tags). */
export const ROUTE_AREAS = {
  auth: AUTH_ROUTES,
  system: SYSTEM_ROUTES,
  account: ACCOUNT_ROUTES,
  'two-factor': TWO_FACTOR_ROUTES,
  companies: COMPANY_ROUTES,
  users: USER_ROUTES,
  invitations: INVITATION_ROUTES,
  notifications: NOTIFICATION_ROUTES,
  catalogue: CATALOGUE_ROUTES,
  'catalogue-editing': CATALOGUE_EDITING_ROUTES,
  'catalogue-import': CATALOGUE_IMPORT_ROUTES,
  audit: AUDIT_ROUTES,
  pricelists: PRICELIST_ROUTES,
  'price-changes': PRICE_CHANGE_ROUTES,
  'quote-requests': QUOTE_ROUTES,
  'order-requests': ORDER_ROUTES,
  'agreed-items': AGREED_ITEM_ROUTES,
  'company-ordering': COMPANY_ORDERING_ROUTES,
  demand: DEMAND_ROUTES,
  ops: OPS_ROUTES,
  programme: PROGRAMME_ROUTES,
} as const;

/** The table: every entry once. */
export const ROUTES: readonly RouteEntry[] = Object.values(ROUTE_AREAS).flatMap((area) => Object.values(area));
