import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountMessageResponse, RoleKey } from '@portal/contracts';
import { ACCOUNT_MSG, type ForgotPasswordInput, type ResetPasswordInput } from '@portal/domain';
import { publishEvent, returnedRows } from '@portal/db';
import { recordAudit } from '../audit/audit.sql';
import { ApiException } from '../common/api-exception';
import type { ClientInfo } from '../auth/auth.service';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import { ACCOUNT_THROTTLE, AccountThrottleService, accountThrottleKeys } from './account-throttle.service';
import { RESET_TOKEN_TTL_SECONDS, hashResetToken } from './reset-token';
import { attachTokenEvent, issueResetToken, scrubTokensFromOutbox, voidLiveResetTokens } from './reset-tokens.sql';

/**
 * Every forgot-password answer takes at least this long, so a known email (token + outbox insert)
 * cannot be told from an unknown one by timing.
 */
export const FORGOT_MIN_RESPONSE_MS = 250;

interface ResetCandidate {
  id: string;
  username: string;
  email: string;
  role?: RoleKey;
  company_id: string | null;
}

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

    // Only active users of active companies get a link: a disabled account could not sign in anyway.
    const rows: ResetCandidate[] = await this.db.query(
      `SELECT u.id, u.username, u.email, u.company_id
         FROM users u LEFT JOIN companies c ON c.id = u.company_id
        WHERE u.email = $1 AND u.status AND (u.company_id IS NULL OR c.status)`,
      [input.email],
    );
    const user = rows[0];
    if (user) {
      await this.db.transaction(async (m) => {
        const issued = await issueResetToken(m, user.id, RESET_TOKEN_TTL_SECONDS, client.ip);
        const eventId = await publishEvent(
          m,
          'account.password_reset_requested',
          {
            userId: user.id,
            username: user.username,
            email: user.email,
            companyId: user.company_id,
            token: issued.token,
            expiresAt: issued.expiresAt,
            ip: client.ip,
          },
          user.id,
        );
        await attachTokenEvent(m, issued.id, eventId);
      });
    }

    const wait = FORGOT_MIN_RESPONSE_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    return { status: 200, message: ACCOUNT_MSG.forgot.sent };
  }

  /**
   * `POST reset-password`: a live token (unused, not voided, not expired, of an active account) sets
   * the new password, is spent, voids the user's other tokens and ends every session of the user.
   */
  async reset(input: ResetPasswordInput, client: ClientInfo): Promise<AccountMessageResponse> {
    const tokenHash = hashResetToken(input.token);
    if (!tokenHash) throw new ApiException(400, ACCOUNT_MSG.reset.invalidToken);
    const liveSql = `t.used_at IS NULL AND t.voided_at IS NULL AND t.expires_at > now()`;
    // Cheap check first, so invalid links never cost an argon2 hash.
    const found: { id: string }[] = await this.db.query(
      `SELECT t.id FROM password_reset_tokens t
         JOIN users u ON u.id = t.user_id LEFT JOIN companies c ON c.id = u.company_id
        WHERE t.token_hash = $1 AND ${liveSql} AND u.status AND (u.company_id IS NULL OR c.status)`,
      [tokenHash],
    );
    if (!found[0]) throw new ApiException(400, ACCOUNT_MSG.reset.invalidToken);
    const passwordHash = await this.passwords.hash(input.password);

    await this.db.transaction(async (m) => {
      // Spends the token atomically: of two concurrent uses, exactly one wins.
      const spent = returnedRows<{ user_id: string; event_id: string | null }>(
        await m.query(
          `UPDATE password_reset_tokens t SET used_at = now() WHERE t.id = $1 AND ${liveSql} RETURNING user_id, event_id`,
          [found[0].id],
        ),
      );
      if (!spent[0]) throw new ApiException(400, ACCOUNT_MSG.reset.invalidToken);
      const userId = spent[0].user_id;
      const users = returnedRows<ResetCandidate>(
        await m.query(
          `UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now()
            WHERE id = $1 RETURNING id, username, email, role, company_id`,
          [userId, passwordHash],
        ),
      );
      const user = users[0];
      await scrubTokensFromOutbox(m, spent[0].event_id ? [spent[0].event_id] : []);
      await voidLiveResetTokens(m, userId, 'password_reset');
      const self = { id: userId, username: user.username, role: user.role ?? null, ip: client.ip };
      await this.sessions.revokeAllForUsers(m, [userId], 'password_changed', null, self);
      await recordAudit(m, self, [
        { action: 'account.password_reset', entity: 'user', entityId: userId, companyId: user.company_id },
      ]);
      // The user proved they own the mailbox: lift sign-in blocks left by earlier failures.
      await m.query(`DELETE FROM auth_throttle WHERE key LIKE $1`, [`acct:${escapeLike(user.email)}|%`]);
      await publishEvent(
        m,
        'account.password_reset_completed',
        { userId, username: user.username, email: user.email, companyId: user.company_id, ip: client.ip },
        userId,
      );
    });
    return { status: 200, message: ACCOUNT_MSG.reset.success };
  }
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
