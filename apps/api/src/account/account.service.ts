import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountMessageResponse, AccountProfile, AccountProfileResponse, RoleKey } from '@portal/contracts';
import { ACCOUNT_MSG, type ChangePasswordInput, type ProfileInput } from '@portal/domain';
import { publishEvent } from '@portal/db';
import { auditActor, recordAudit } from '../audit/audit.sql';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import type { ClientInfo } from '../auth/auth.service';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import { ACCOUNT_THROTTLE, AccountThrottleService, accountThrottleKeys } from './account-throttle.service';
import { returnedRows } from '@portal/db';
import { voidLiveResetTokens } from './reset-tokens.sql';
import { EmailChangeService, type EmailChangeUser } from './email-change.service';

interface ProfileRow {
  id: string;
  username: string;
  email: string;
  role: RoleKey;
  company_id: string | null;
  company_name: string | null;
  picture: string | null;
  company_picture: string | null;
  created_at: Date;
  last_login: Date | null;
}

const PROFILE_SQL = `
  SELECT u.id, u.username, u.email, u.role, u.company_id, c.name AS company_name, u.picture, c.picture AS company_picture, u.created_at, u.last_login
    FROM users u LEFT JOIN companies c ON c.id = u.company_id
   WHERE u.id = $1`;

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
    const before: EmailChangeUser[] = await this.db.query(
      `SELECT id, username, email, company_id FROM users WHERE id = $1`,
      [user.id],
    );
    if (!before[0]) throw new ApiException(404, ACCOUNT_MSG.profile.notFound);
    const wantsEmail = before[0].email !== input.email;
    if (wantsEmail) await this.emailChange.verifyPassword(user.id, input.password);

    await this.db.transaction(async (m) => {
      const rows: EmailChangeUser[] = await m.query(
        `SELECT id, username, email, company_id FROM users WHERE id = $1 FOR UPDATE`,
        [user.id],
      );
      const current = rows[0];
      if (!current) throw new ApiException(404, ACCOUNT_MSG.profile.notFound);
      if (current.username !== input.username) {
        await m.query(`UPDATE users SET username = $2, updated_at = now() WHERE id = $1`, [user.id, input.username]);
        await publishEvent(
          m,
          'account.profile_updated',
          {
            userId: user.id,
            username: input.username,
            email: current.email,
            companyId: current.company_id,
            changed: ['username'],
            previousEmail: null,
          },
          user.id,
        );
        await recordAudit(m, auditActor(user), [
          {
            action: 'user.updated',
            entity: 'user',
            entityId: user.id,
            companyId: current.company_id,
            before: { username: current.username },
            after: { username: input.username },
          },
        ]);
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
    if ((await this.throttle.count(throttleKey)) >= ACCOUNT_THROTTLE.changePasswordFailures) {
      throw new ApiException(429, ACCOUNT_MSG.change.tooMany);
    }
    const rows: { password_hash: string }[] = await this.db.query(`SELECT password_hash FROM users WHERE id = $1`, [
      user.id,
    ]);
    const currentHash = rows[0]?.password_hash;
    if (!currentHash) throw new ApiException(401, ACCOUNT_MSG.change.sessionExpired);
    if (!(await this.passwords.verify(currentHash, input.oldPassword))) {
      await this.throttle.hit([throttleKey]);
      throw new ApiException(400, ACCOUNT_MSG.change.currentIncorrect, {
        oldPassword: ACCOUNT_MSG.change.currentIncorrect,
      });
    }
    if (input.newPassword === input.oldPassword) {
      throw new ApiException(400, ACCOUNT_MSG.change.sameAsCurrent, { newPassword: ACCOUNT_MSG.change.sameAsCurrent });
    }
    const newHash = await this.passwords.hash(input.newPassword);

    await this.db.transaction(async (m) => {
      // Compare-and-set on the hash we verified: a concurrent change cannot be silently overwritten.
      const updated = returnedRows<{ username: string; email: string; company_id: string | null }>(
        await m.query(
          `UPDATE users SET password_hash = $3, password_changed_at = now(), updated_at = now()
            WHERE id = $1 AND password_hash = $2 RETURNING username, email, company_id`,
          [user.id, currentHash, newHash],
        ),
      );
      if (!updated[0]) throw new ApiException(409, 'Your password was just changed elsewhere. Please try again.');
      await voidLiveResetTokens(m, user.id, 'password_changed');
      await this.sessions.revokeAllForUsers(m, [user.id], 'password_changed', user.sessionId, auditActor(user));
      await this.throttle.clear(throttleKey, m);
      await recordAudit(m, auditActor(user), [
        { action: 'account.password_changed', entity: 'user', entityId: user.id, companyId: updated[0].company_id },
      ]);
      await publishEvent(
        m,
        'account.password_changed',
        {
          userId: user.id,
          username: updated[0].username,
          email: updated[0].email,
          companyId: updated[0].company_id,
          ip: client.ip,
        },
        user.id,
      );
    });
    return { status: 200, message: ACCOUNT_MSG.change.success };
  }

  async profile(userId: string): Promise<AccountProfile> {
    const rows: ProfileRow[] = await this.db.query(PROFILE_SQL, [userId]);
    const r = rows[0];
    if (!r) throw new ApiException(404, ACCOUNT_MSG.profile.notFound);
    return {
      _id: r.id,
      username: r.username,
      email: r.email,
      role_key: r.role,
      company_id: r.company_id,
      company_name: r.company_name,
      picture: r.picture,
      company_picture: r.company_picture,
      createdAt: new Date(r.created_at).toISOString(),
      last_login: r.last_login ? new Date(r.last_login).toISOString() : null,
    };
  }
}
