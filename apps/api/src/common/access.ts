import type { RoleKey } from '@portal/contracts';
import type { ApiException } from './api-exception';
import type { RequestUser } from './request-user';

/*
 * Row-level access, in the spirit of Immich's `requireAccess`: one place says who reaches what, the
 * check is set-based (every id of a request at once) and all-or-nothing (one id out of reach refuses
 * the whole request, before anything changes). Routes still declare their roles with `@Allow`;
 * tenancy is decided here, never from the request: a superadmin reaches every company, anyone else
 * only the company of their session.
 */

export type Actor = Pick<RequestUser, 'id' | 'role' | 'companyId'>;

export const isSuperadmin = (actor: Pick<RequestUser, 'role'>): boolean => actor.role === 'superadmin';

/** May `actor` reach things of `companyId`? (null: things of no company, superadmins only.) */
export function reachesCompany(actor: Actor, companyId: string | null): boolean {
  return isSuperadmin(actor) || (companyId !== null && companyId === actor.companyId);
}

/** The subset of `companyIds` the actor reaches (set-based). */
export function reachableCompanies(actor: Actor, companyIds: Iterable<string | null>): Set<string | null> {
  return new Set([...companyIds].filter((id) => reachesCompany(actor, id)));
}

export interface AccessRequest {
  /** The companies the request touches (one per row: a row of another company refuses all). */
  companies?: Iterable<string | null>;
  /** Roles allowed to act (beyond `@Allow`, for rules within a route). */
  roles?: readonly RoleKey[];
  /** Users who own what is asked for: only they (and superadmins) reach it. */
  owners?: Iterable<string>;
}

/**
 * All-or-nothing: throws `refusal` (a 404 that reads like an unknown id, or a 403) unless the actor
 * reaches every company and owns every owned thing asked for, and has one of `roles`.
 */
export function requireAccess(actor: Actor, request: AccessRequest, refusal: ApiException): void {
  if (request.roles && !request.roles.includes(actor.role)) throw refusal;
  if (request.companies) {
    for (const id of request.companies) if (!reachesCompany(actor, id)) throw refusal;
  }
  if (request.owners && !isSuperadmin(actor)) {
    for (const id of request.owners) if (id !== actor.id) throw refusal;
  }
}
