import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountMessageResponse, AccountProfile, AccountProfileResponse } from '@portal/contracts';
import { ACCOUNT_MSG, type ChangePasswordInput, type ProfileInput } from '@portal/domain';
import { commitChange } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import type { ClientInfo } from '../auth/auth.service';
import { passwordHashOf } from '../auth/auth.repository';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import {
  ACCOUNT_THROTTLE,
  AccountThrottleService,
  accountThrottleKeys,
  isWrongCurrentPassword,
} from '../identity/account-throttle.service';
import { findAccountUser, findProfile, replacePasswordHash, setUsername } from './account.repository';
import { voidLiveResetTokens } from '../identity/account-tokens.repository';
import { EmailChangeService } from './email-change.service';
import { commitProfileChange } from './profile-change';

@Injectable()
export class AccountService {
  constructor(
    private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly throttle: AccountThrottleService,
    private readonly emailChange: EmailChangeService,
  ) {}

  /** `GET user/me`. */
  async me(user: RequestUser): Promise<AccountProfileResponse> {
    return { status: 200, data: await this.profile(user.id) };
  }

  /**
   * `PATCH user`: the signed-in user's own username and email. A username change applies at once.
   * An email change needs the current `password` and only sends a confirmation link to the new
   * address (see EmailChangeService); the answer is the same whether that address is free or not.
   * Role, company, status … in the body are not in the validated input, so they change nothing.
   */
  async updateProfile(user: RequestUser, input: ProfileInput, client: ClientInfo): Promise<AccountProfileResponse> {
    const before = await findAccountUser(this.db, user.id);
    if (!before) throw new ApiException(404, ACCOUNT_MSG.profile.notFound);
    const wantsEmail = before.email !== input.email;
    if (wantsEmail) await this.emailChange.verifyPassword(user.id, input.password);

    await this.db.transaction(async (m) => {
      const current = await findAccountUser(m, user.id, true);
      if (!current) throw new ApiException(404, ACCOUNT_MSG.profile.notFound);
      if (current.username !== input.username) {
        await setUsername(m, user.id, input.username);
        await commitProfileChange(
          m,
          user.actor,
          { ...current, username: input.username },
          'username',
          current.username,
        );
      }
      if (wantsEmail && current.email !== input.email) {
        await this.emailChange.request(m, { ...current, username: input.username }, input.email, client);
      }
    });
    return {
      status: 200,
      message: wantsEmail ? ACCOUNT_MSG.profile.confirmationSent : ACCOUNT_MSG.profile.updated,
      data: await this.profile(user.id),
    };
  }

  /**
   * `POST change-password`: needs the current password (wrong → 400, throttled per user → 429);
   * ends every other session of the user and voids outstanding reset links. This session stays.
   */
  async changePassword(
    user: RequestUser,
    input: ChangePasswordInput,
    client: ClientInfo,
  ): Promise<AccountMessageResponse> {
    const throttleKey = accountThrottleKeys.changePassword(user.id);
    const currentHash = await this.throttle.guarded(
      throttleKey,
      ACCOUNT_THROTTLE.changePasswordFailures,
      { isFailure: isWrongCurrentPassword, onRefused: () => new ApiException(429, ACCOUNT_MSG.change.tooMany) },
      async () => {
        const hash = await passwordHashOf(this.db, user.id);
        if (!hash) throw new ApiException(401, ACCOUNT_MSG.change.sessionExpired);
        if (!(await this.passwords.verify(hash, input.oldPassword))) {
          throw new ApiException(400, ACCOUNT_MSG.change.currentIncorrect, {
            oldPassword: ACCOUNT_MSG.change.currentIncorrect,
          });
        }
        return hash;
      },
    );
    if (input.newPassword === input.oldPassword) {
      throw new ApiException(400, ACCOUNT_MSG.change.sameAsCurrent, { newPassword: ACCOUNT_MSG.change.sameAsCurrent });
    }
    const newHash = await this.passwords.hash(input.newPassword);

    await this.db.transaction(async (m) => {
      // Compare-and-set on the hash we verified: a concurrent change cannot be silently overwritten.
      const updated = await replacePasswordHash(m, user.id, currentHash, newHash);
      if (!updated) throw new ApiException(409, ACCOUNT_MSG.change.changedElsewhere);
      await voidLiveResetTokens(m, user.id, 'password_changed');
      await this.sessions.revokeAllForUsers(m, [user.id], 'password_changed', user.sessionId, user.actor);
      await this.throttle.clear(throttleKey, m);
      await commitChange(m, user.actor, {
        events: [
          {
            type: 'account.password_changed',
            payload: {
              userId: user.id,
              username: updated.username,
              email: updated.email,
              companyId: updated.company_id,
              ip: client.ip,
            },
          },
        ],
        audit: [
          { action: 'account.password_changed', entity: 'user', entityId: user.id, companyId: updated.company_id },
        ],
      });
    });
    return { status: 200, message: ACCOUNT_MSG.change.success };
  }

  async profile(userId: string): Promise<AccountProfile> {
    const profile = await findProfile(this.db, userId);
    if (!profile) throw new ApiException(404, ACCOUNT_MSG.profile.notFound);
    return profile;
  }
}
