import type { DataSource } from 'typeorm';
import { ORG_MSG } from '@portal/domain';
import { commitChange } from '@portal/db';
import { isSuperadmin } from '../common/access';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { withAttempt } from '../identity/throttle.repository';

/**
 * A company admin must not learn whether an address has an account in another company. Adding a
 * user or re-pointing one's email to an address already in use answers a company admin a neutral 409
 * (`emailUnavailable`, the same whoever the address belongs to), and such attempts have a budget:
 * 10 per admin per hour, then 429 for every add / email change of that admin until the hour ends.
 * Each refused attempt is audited (`user.email_refused`). Superadmins see the truth (docs/SECURITY.md).
 */
export const EMAIL_PROBE_BUDGET = { perAdmin: 10, windowSeconds: 60 * 60 } as const;

export const emailProbeKey = (adminId: string) => `emailprobe:admin:${adminId}`;

const isEmailTaken = (err: unknown) =>
  err instanceof ApiException &&
  err.getStatus() === 409 &&
  (err.getResponse() as { message?: string }).message === ORG_MSG.user.emailTaken;

class ProbeBudgetSpent extends Error {}

/** Runs `work` (which may answer 409 emailTaken) under a company admin's probe budget. */
export async function guardEmailProbe<T>(
  db: DataSource,
  caller: RequestUser,
  email: string,
  work: () => Promise<T>,
): Promise<T> {
  if (isSuperadmin(caller)) return work();
  try {
    return await withAttempt(
      db,
      [{ key: emailProbeKey(caller.id), limit: EMAIL_PROBE_BUDGET.perAdmin }],
      EMAIL_PROBE_BUDGET.windowSeconds,
      { isFailure: isEmailTaken, onRefused: () => new ProbeBudgetSpent() },
      work,
    );
  } catch (err) {
    if (isEmailTaken(err)) {
      await auditRefusal(db, caller, email, 'unavailable');
      throw new ApiException(409, ORG_MSG.user.emailUnavailable, { email: ORG_MSG.user.emailUnavailable });
    }
    if (err instanceof ProbeBudgetSpent) {
      await auditRefusal(db, caller, email, 'throttled');
      throw new ApiException(429, ORG_MSG.user.emailProbeTooMany);
    }
    throw err;
  }
}

function auditRefusal(db: DataSource, caller: RequestUser, email: string, outcome: 'unavailable' | 'throttled') {
  return db.transaction((m) =>
    commitChange(m, caller.actor, {
      audit: [
        {
          action: 'user.email_refused',
          entity: 'user',
          entityId: null,
          companyId: caller.companyId,
          after: { email, outcome },
        },
      ],
    }),
  );
}
