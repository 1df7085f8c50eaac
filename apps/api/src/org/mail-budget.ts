import type { EntityManager } from 'typeorm';
import { ORG_MSG } from '@portal/domain';
import { ApiException } from '../common/api-exception';
import { reserveAttempt } from '../identity/throttle.repository';

/**
 * One budget per recipient for every mail a person can make the portal send to someone else
 * (set-password links, invitations and their resends): 3 per 15 minutes, then 429, whoever asks and
 * through whichever route. Counted inside the transaction that queues the mail, so a refused or
 * failed request spends nothing (docs/SECURITY.md).
 */
export const MAIL_TO_RECIPIENT_BUDGET = { perRecipient: 3, windowSeconds: 15 * 60 } as const;

export const mailToRecipientKey = (email: string) => `mailto:${email.trim().toLowerCase()}`;

/** Spends one mail of `email`'s budget in `m`'s transaction; 429 when it is used up. */
export async function spendMailToRecipient(
  m: EntityManager,
  email: string,
  message: string = ORG_MSG.user.mailTooMany,
) {
  const reserved = await reserveAttempt(
    m,
    [{ key: mailToRecipientKey(email), limit: MAIL_TO_RECIPIENT_BUDGET.perRecipient }],
    MAIL_TO_RECIPIENT_BUDGET.windowSeconds,
  );
  if (!reserved) throw new ApiException(429, message);
}
