import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountMessageResponse, ResetLinkCheckResponse } from '@portal/contracts';
import {
  ACCOUNT_MSG,
  type ForgotPasswordInput,
  type ResetLinkCheckInput,
  type ResetPasswordInput,
} from '@portal/domain';
import { commitChange } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { ClientInfo } from '../auth/auth.service';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import { clearThrottlePrefix } from '../identity/throttle.repository';
import { throttleKeys } from '../auth/throttle.service';
import { ACCOUNT_THROTTLE, AccountThrottleService, accountThrottleKeys } from '../identity/account-throttle.service';
import { RESET_TOKEN_TTL_SECONDS, hashResetToken } from '../identity/reset-token';
import { findResettableAccount, setPasswordHash } from './account.repository';
import {
  attachTokenEvent,
  findLiveResetToken,
  resetTokenState,
  issueResetToken,
  scrubTokensFromOutbox,
  spendResetToken,
  voidLiveResetTokens,
} from '../identity/account-tokens.repository';

/**
 * Every forgot-password answer takes at least this long, so a known email (token + outbox insert)
 * cannot be told from an unknown one by timing.
 */
export const FORGOT_MIN_RESPONSE_MS = 250;

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly throttle: AccountThrottleService,
  ) {}

  /** `POST forgot-password`: the same answer, with the same timing, for known and unknown emails. */
  async forgot(input: ForgotPasswordInput, client: ClientInfo): Promise<AccountMessageResponse> {
    const started = Date.now();
    const accountKey = accountThrottleKeys.forgotAccount(input.email);
    const ipKey = accountThrottleKeys.forgotIp(client.ip);
    const counts = await this.throttle.hit([accountKey, ipKey]);
    if (
      (counts.get(accountKey) ?? 0) > ACCOUNT_THROTTLE.forgotPerAccount ||
      (counts.get(ipKey) ?? 0) > ACCOUNT_THROTTLE.forgotPerIp
    ) {
      throw new ApiException(429, ACCOUNT_MSG.forgot.tooMany);
    }

    const user = await findResettableAccount(this.db, input.email);
    if (user) {
      await this.db.transaction(async (m) => {
        const issued = await issueResetToken(m, user.id, RESET_TOKEN_TTL_SECONDS, client.ip);
        const requester = { id: user.id, username: user.username, email: user.email, role: null, ip: client.ip };
        const [eventId] = await commitChange(m, requester, {
          events: [
            {
              type: 'account.password_reset_requested',
              payload: {
                userId: user.id,
                username: user.username,
                email: user.email,
                companyId: user.company_id,
                token: issued.token,
                expiresAt: issued.expiresAt,
                ip: client.ip,
              },
            },
          ],
        });
        await attachTokenEvent(m, issued.id, eventId);
      });
    }

    const wait = FORGOT_MIN_RESPONSE_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    return { status: 200, message: ACCOUNT_MSG.forgot.sent };
  }

  /**
   * `POST reset-password/check`: whether the link still works, so its page can say "used",
   * "expired" or "replaced" before showing a form. Nothing is spent; a token that is unknown or
   * whose account may not sign in is just 'invalid' (the token itself is the credential).
   */
  async checkLink(input: ResetLinkCheckInput): Promise<ResetLinkCheckResponse> {
    const tokenHash = hashResetToken(input.token);
    const data = tokenHash
      ? await resetTokenState(this.db, tokenHash)
      : { state: 'invalid' as const, expires_at: null };
    return { status: 200, data };
  }

  /**
   * `POST reset-password`: a live token (unused, not voided, not expired, of an active account) sets
   * the new password, is spent, voids the user's other tokens and ends every session of the user.
   */
  async reset(input: ResetPasswordInput, client: ClientInfo): Promise<AccountMessageResponse> {
    const tokenHash = hashResetToken(input.token);
    if (!tokenHash) throw new ApiException(400, ACCOUNT_MSG.reset.invalidToken);
    // Cheap check first, so invalid links never cost an argon2 hash.
    const tokenId = await findLiveResetToken(this.db, tokenHash);
    if (!tokenId) throw new ApiException(400, ACCOUNT_MSG.reset.invalidToken);
    const passwordHash = await this.passwords.hash(input.password);

    await this.db.transaction(async (m) => {
      // Spends the token atomically: of two concurrent uses, exactly one wins.
      const spent = await spendResetToken(m, tokenId);
      if (!spent) throw new ApiException(400, ACCOUNT_MSG.reset.invalidToken);
      const userId = spent.user_id;
      const user = (await setPasswordHash(m, userId, passwordHash))!;
      await scrubTokensFromOutbox(m, spent.event_id ? [spent.event_id] : []);
      await voidLiveResetTokens(m, userId, 'password_reset');
      const self = { id: userId, username: user.username, email: user.email, role: user.role, ip: client.ip };
      await this.sessions.revokeAllForUsers(m, [userId], 'password_changed', null, self);
      // The user proved they own the mailbox: lift sign-in blocks left by earlier failures.
      await clearThrottlePrefix(m, throttleKeys.accountAnyIp(user.email));
      await commitChange(m, self, {
        events: [
          {
            type: 'account.password_reset_completed',
            payload: { userId, username: user.username, email: user.email, companyId: user.company_id, ip: client.ip },
          },
        ],
        audit: [{ action: 'account.password_reset', entity: 'user', entityId: userId, companyId: user.company_id }],
      });
    });
    return { status: 200, message: ACCOUNT_MSG.reset.success };
  }
}
