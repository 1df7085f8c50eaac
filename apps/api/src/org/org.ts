import type { EntityManager } from 'typeorm';
import { rooms, type ClientEventMap, type EventMap, type OrgActor, type OrgUserRef } from '@portal/contracts';
import { ORG_MSG } from '@portal/domain';
import { publishEvent, type Db } from '@portal/db';
import { publishRealtime } from '@portal/platform';
import {
  attachTokenEvent,
  issueResetToken,
  SET_PASSWORD_TOKEN_TTL_SECONDS,
} from '../account/account-tokens.repository';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { emailInUse, type OrgUserRecord } from './org.repository';

/* What the companies and users modules share: who acted, the user reference in events, the email
   uniqueness rule, live refresh of open screens, and the set-password link of a new account. */

export function actorOf(user: RequestUser): OrgActor {
  return { id: user.id, username: user.username, email: user.email, role: user.role };
}

export function userRef(r: OrgUserRecord): OrgUserRef {
  return {
    userId: r.id,
    username: r.username,
    email: r.email,
    role: r.role,
    companyId: r.company_id,
    companyName: r.company_name,
  };
}

/** Postgres unique_violation on the users' email index → the 409 the forms show. */
export function rethrowDuplicateEmail(err: unknown): never {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.code ?? e.driverError?.code;
  const constraint = e.constraint ?? e.driverError?.constraint;
  if (code === '23505' && (constraint === undefined || constraint === 'users_email_key')) {
    throw new ApiException(409, ORG_MSG.user.emailTaken);
  }
  throw err;
}

export async function assertEmailFree(db: Db, email: string, exceptUserId: string | null = null): Promise<void> {
  if (await emailInUse(db, email, exceptUserId)) {
    throw new ApiException(409, ORG_MSG.user.emailTaken, { email: ORG_MSG.user.emailTaken });
  }
}

/** Tells open screens (superadmins; the company's own users) that lists they show changed. Delivered on commit. */
export async function announceOrgChange(m: EntityManager, change: ClientEventMap['org.changed']): Promise<void> {
  await publishRealtime(m, rooms.role('superadmin'), 'org.changed', change);
  if (change.companyId) await publishRealtime(m, rooms.company(change.companyId), 'org.changed', change);
}

type LinkEvent = 'company.created' | 'user.created' | 'user.resend_requested';

/**
 * Issues a set-password link for `userId` and publishes the event that emails it, in the caller's
 * transaction. The token is tied to the event so voiding it later also erases it from the outbox.
 */
export async function publishWithSetPasswordLink<T extends LinkEvent>(
  m: EntityManager,
  userId: string,
  type: T,
  payload: Omit<EventMap[T], 'token' | 'tokenExpiresAt'>,
  actorId: string,
): Promise<void> {
  const link = await issueResetToken(m, userId, SET_PASSWORD_TOKEN_TTL_SECONDS, null);
  const full = { ...payload, token: link.token, tokenExpiresAt: link.expiresAt } as EventMap[T];
  const eventId = await publishEvent(m, type, full, actorId);
  await attachTokenEvent(m, link.id, eventId);
}
