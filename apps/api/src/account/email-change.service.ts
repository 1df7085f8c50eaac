import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccountMessageResponse } from '@portal/contracts';
import { ACCOUNT_MSG, type ConfirmEmailInput } from '@portal/domain';
import { commitChange, isUniqueViolation, type Actor } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { ClientInfo } from '../auth/auth.service';
import { passwordHashOf } from '../auth/auth.repository';
import { reserveAttempt } from '../identity/throttle.repository';
import { PasswordService } from '../auth/password.service';
import {
  ACCOUNT_THROTTLE,
  AccountThrottleService,
  accountThrottleKeys,
  isWrongCurrentPassword,
} from '../identity/account-throttle.service';
import { hashResetToken } from '../identity/reset-token';
import { commitProfileChange } from './profile-change';
import { emailInUse } from '../org/org.repository';
import { moveEmail, type AccountUser } from './account.repository';
import {
  attachEmailChangeEvent,
  issueEmailChangeToken,
  scrubTokensFromOutbox,
  spendEmailChangeToken,
  voidEmailChangeTokens,
  voidLiveResetTokens,
} from '../identity/account-tokens.repository';

/**
 * Changing one's own email: the current password is checked (wrong answers share the
 * change-password throttle), then a single-use link goes to the new address, and the email changes
 * only when that link is used. The answer is the same whether or not the address already has an
 * account anywhere, so the form cannot be used to find out who has one.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly throttle: AccountThrottleService,
  ) {}

  /** Checks the current password for an email change: 400 when missing or wrong, 429 when throttled. */
  async verifyPassword(userId: string, password: string | undefined): Promise<void> {
    if (!password) {
      throw new ApiException(400, ACCOUNT_MSG.profile.passwordRequired, {
        password: ACCOUNT_MSG.profile.passwordRequired,
      });
    }
    await this.throttle.guarded(
      accountThrottleKeys.changePassword(userId),
      ACCOUNT_THROTTLE.changePasswordFailures,
      { isFailure: isWrongCurrentPassword, onRefused: () => new ApiException(429, ACCOUNT_MSG.change.tooMany) },
      async () => {
        const hash = await passwordHashOf(this.db, userId);
        if (!hash) throw new ApiException(401, ACCOUNT_MSG.change.sessionExpired);
        if (!(await this.passwords.verify(hash, password))) {
          throw new ApiException(400, ACCOUNT_MSG.change.currentIncorrect, {
            password: ACCOUNT_MSG.change.currentIncorrect,
          });
        }
      },
    );
  }

  /** Inside the profile transaction: records the request and queues the email to the new address. */
  async request(m: EntityManager, user: AccountUser, newEmail: string, client: ClientInfo): Promise<void> {
    // A mail budget per user and per new address (counted in this transaction: a failed change spends nothing).
    const budget = await reserveAttempt(
      m,
      [
        { key: accountThrottleKeys.emailChangeUser(user.id), limit: ACCOUNT_THROTTLE.emailChangePerUser },
        { key: accountThrottleKeys.emailChangeTarget(newEmail), limit: ACCOUNT_THROTTLE.emailChangePerTarget },
      ],
      ACCOUNT_THROTTLE.windowSeconds,
    );
    if (!budget) throw new ApiException(429, ACCOUNT_MSG.profile.tooManyEmails);
    const addressInUse = await emailInUse(m, newEmail, user.id);
    // An address that already has an account gets a notice instead of a link that could never work.
    const issued = addressInUse
      ? (await voidEmailChangeTokens(m, user.id), null)
      : await issueEmailChangeToken(m, user.id, user.email, newEmail, client.ip);
    const [eventId] = await commitChange(m, selfActor(user, client.ip), {
      events: [
        {
          type: 'account.email_change_requested',
          payload: {
            userId: user.id,
            username: user.username,
            email: user.email,
            companyId: user.company_id,
            newEmail,
            ...(issued ? { token: issued.token } : {}),
            expiresAt: issued?.expiresAt ?? new Date().toISOString(),
            addressInUse,
            ip: client.ip,
          },
        },
      ],
    });
    if (issued) await attachEmailChangeEvent(m, issued.id, eventId);
  }

  /** `POST user/confirm-email {token}`: moves the account to the confirmed address. */
  async confirm(input: ConfirmEmailInput): Promise<AccountMessageResponse & { data: { email: string } }> {
    const hash = hashResetToken(input.token);
    if (!hash) throw new ApiException(400, ACCOUNT_MSG.profile.confirmInvalid);
    const email = await this.db.transaction(async (m) => {
      const spent = await spendEmailChangeToken(m, hash);
      if (!spent) throw new ApiException(400, ACCOUNT_MSG.profile.confirmInvalid);
      let user: AccountUser | null;
      try {
        // Only if the account still has the address the change was asked from (no admin edit since).
        user = await moveEmail(m, spent.user_id, spent.old_email, spent.new_email);
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiException(409, ACCOUNT_MSG.profile.confirmTaken);
        throw err;
      }
      if (!user) throw new ApiException(400, ACCOUNT_MSG.profile.confirmInvalid);
      await scrubTokensFromOutbox(m, spent.event_id ? [spent.event_id] : []);
      await voidEmailChangeTokens(m, user.id);
      // Reset links mailed to the old address must not outlive the move.
      await voidLiveResetTokens(m, user.id, 'email_changed');
      await commitProfileChange(m, selfActor(user, null), user, 'email', spent.old_email);
      return user.email;
    });
    return { status: 200, message: ACCOUNT_MSG.profile.confirmed, data: { email } };
  }
}

/** The account acting on itself (a confirmation link carries no session, hence no role). */
function selfActor(user: AccountUser, ip: string | null): Actor {
  return { id: user.id, username: user.username, email: user.email, role: null, ip };
}
