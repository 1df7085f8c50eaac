import type { EntityManager } from 'typeorm';
import type { OrgUserRef } from '@portal/contracts';
import { ORG_MSG } from '@portal/domain';
import { commitChange, isUniqueViolation, type Actor, type Change, type ChangeEvent, type Db } from '@portal/db';
import {
  attachTokenEvent,
  issueResetToken,
  SET_PASSWORD_TOKEN_TTL_SECONDS,
} from '../identity/account-tokens.repository';
import { ApiException } from '../common/api-exception';
import { emailInUse, type OrgUserRecord } from './org.repository';

/* What the companies and users modules share: the user reference in events, the email uniqueness
   rule, and the set-password link of a new account. */

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
  if (isUniqueViolation(err, 'users_email_key')) throw new ApiException(409, ORG_MSG.user.emailTaken);
  throw err;
}

export async function assertEmailFree(db: Db, email: string, exceptUserId: string | null = null): Promise<void> {
  if (await emailInUse(db, email, exceptUserId)) {
    throw new ApiException(409, ORG_MSG.user.emailTaken, { email: ORG_MSG.user.emailTaken });
  }
}

/**
 * Commits a change whose first event emails a set-password link for `userId` (a new account, a
 * resend): the link is issued and tied to that event, so voiding it later also erases it from the outbox.
 */
export async function commitChangeWithLink(
  m: EntityManager,
  actor: Actor,
  userId: string,
  change: Change & { events: readonly ChangeEvent[] },
): Promise<void> {
  const link = await issueResetToken(m, userId, SET_PASSWORD_TOKEN_TTL_SECONDS, null);
  const [first, ...rest] = change.events;
  const withLink = { ...first, payload: { ...first.payload, token: link.token, tokenExpiresAt: link.expiresAt } };
  const [eventId] = await commitChange(m, actor, { ...change, events: [withLink as ChangeEvent, ...rest] });
  await attachTokenEvent(m, link.id, eventId);
}
