import type { AuditAction } from '@portal/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import QRCode from 'qrcode';
import type {
  ApiResponse,
  LoginResponse,
  RecoveryCodes,
  RoleKey,
  SecuritySettings,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@portal/contracts';
import {
  MFA_MAX_FAILURES,
  MSG,
  TWO_FACTOR_MSG,
  normalizeRecoveryCode,
  policyCovers,
  type LoginTwoFactorInput,
  type TwoFactorDisableInput,
  type TwoFactorPolicy,
} from '@portal/domain';
import { commitChange, type AuditEntry } from '@portal/db';
import type { Env } from '@portal/platform';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { ENV } from '../infra/tokens';
import { AuthService, type ClientInfo } from '../auth/auth.service';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import { ACCOUNT_THROTTLE } from '../identity/account-throttle.service';
import { withAttempt } from '../identity/throttle.repository';
import { passwordHashOf } from '../auth/auth.repository';
import { liftEnrolmentOnly } from '../auth/sessions.repository';
import * as repo from '../identity/two-factor.repository';
import {
  decryptSecret,
  deriveSecretKey,
  encryptSecret,
  matchTimeStep,
  newRecoveryCodes,
  newSecret,
  sha256,
} from '../identity/two-factor.crypto';

const COVERED_ROLES: Record<TwoFactorPolicy, RoleKey[]> = {
  none: [],
  superadmins: ['superadmin'],
  admins: ['superadmin', 'admin'],
  everyone: ['superadmin', 'admin', 'employee'],
};

/** Wrong codes or passwords on the signed-in 2FA routes, per user per 15 minutes, before 429. */
export const MANAGE_FAILURES = 5;
const manageKey = (userId: string) => `2fa:manage:user:${userId}`;

/** A wrong code or password: counted against the user's budget. */
class WrongSecret extends ApiException {
  constructor(message: string) {
    super(400, message);
  }
}

type Outcome = { kind: 'ok'; userId: string } | { kind: 'expired' } | { kind: 'throttled' } | { kind: 'wrong' };

/**
 * TOTP second factor (RFC 6238: 30 s steps, ±1 step, each step usable once), recovery codes, the
 * sign-in challenge, the superadmin reset and the portal's policy. Secrets are AES-256-GCM encrypted
 * with a key derived from JWT_SECRET; recovery codes and challenge tokens are stored as SHA-256 only.
 * None of them is ever logged or put into an outbox event.
 */
@Injectable()
export class TwoFactorService {
  private readonly key: Buffer;
  private readonly logger = new Logger(TwoFactorService.name);

  constructor(
    private readonly db: DataSource,
    private readonly auth: AuthService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    @Inject(ENV) env: Env,
  ) {
    this.key = deriveSecretKey(env.JWT_SECRET);
  }

  async status(user: RequestUser): Promise<ApiResponse<TwoFactorStatus>> {
    const [row, left, policy] = await Promise.all([
      repo.findTwoFactor(this.db, user.id),
      repo.unusedRecoveryCodes(this.db, user.id),
      repo.readPolicy(this.db),
    ]);
    const enabledAt = row?.enabled_at ?? null;
    return {
      status: 200,
      data: {
        enabled: enabledAt !== null,
        enabled_at: enabledAt ? new Date(enabledAt).toISOString() : null,
        recovery_codes_left: enabledAt ? left : 0,
        required: policyCovers(policy, user.role),
        policy,
      },
    };
  }

  async setup(user: RequestUser): Promise<ApiResponse<TwoFactorSetup>> {
    const { secret, otpauthUrl } = newSecret(user.email);
    const saved = await repo.savePendingSecret(this.db, user.id, encryptSecret(this.key, secret, user.id));
    if (!saved) throw new ApiException(409, TWO_FACTOR_MSG.alreadyEnabled);
    const qr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { status: 200, data: { secret, otpauth_url: otpauthUrl, qr } };
  }

  /** Confirms the pending secret; ends the account's other sessions and lifts an enrolment-only restriction. */
  async enable(user: RequestUser, code: string, client: ClientInfo): Promise<ApiResponse<RecoveryCodes>> {
    const codes = newRecoveryCodes();
    await this.guarded(user.id, () =>
      this.db.transaction(async (m) => {
        const row = await repo.findTwoFactor(m, user.id, true);
        if (!row) throw new ApiException(400, TWO_FACTOR_MSG.notSetUp);
        if (row.enabled_at) throw new ApiException(409, TWO_FACTOR_MSG.alreadyEnabled);
        const secret = this.readSecret(row.secret_enc, user.id);
        if (secret === null) throw new ApiException(400, TWO_FACTOR_MSG.notSetUp);
        const step = matchTimeStep(secret, code);
        if (step === null) throw new WrongSecret(TWO_FACTOR_MSG.invalidCode);
        await repo.markEnabled(m, user.id, step);
        await repo.replaceRecoveryCodes(m, user.id, codes.map(hashRecoveryCode));
        await this.sessions.revokeAllForUsers(m, [user.id], 'revoked', user.sessionId, user.actor);
        await liftEnrolmentOnly(m, user.sessionId);
        await commitChange(m, user.actor, {
          events: [{ type: 'two_factor.enabled', payload: { ...userRef(user), ip: client.ip } }],
          audit: [twoFactorEntry('user.two_factor_enabled', user.id, user.companyId, true)],
        });
      }),
    );
    return { status: 200, message: TWO_FACTOR_MSG.enabled, data: { recovery_codes: codes } };
  }

  async disable(
    user: RequestUser,
    input: TwoFactorDisableInput,
    client: ClientInfo,
  ): Promise<{ status: number; message: string }> {
    if (policyCovers(await repo.readPolicy(this.db), user.role)) {
      throw new ApiException(403, TWO_FACTOR_MSG.requiredByPolicy);
    }
    await this.guarded(user.id, async () => {
      const hash = await passwordHashOf(this.db, user.id);
      if (!hash || !(await this.passwords.verify(hash, input.password))) {
        throw new WrongSecret(TWO_FACTOR_MSG.wrongPassword);
      }
      await this.db.transaction(async (m) => {
        const row = await repo.findTwoFactor(m, user.id, true);
        if (!row?.enabled_at) throw new ApiException(400, TWO_FACTOR_MSG.notEnabled);
        // A current code, or an unused recovery code for someone who lost their phone.
        const ok = /^\d{6}$/.test(input.code.replace(/\s+/g, ''))
          ? await this.claimCode(m, user.id, row.secret_enc, input.code.replace(/\s+/g, ''))
          : await repo.useRecoveryCode(m, user.id, hashRecoveryCode(input.code));
        if (!ok) throw new WrongSecret(TWO_FACTOR_MSG.invalidCode);
        await repo.removeTwoFactor(m, user.id);
        await commitChange(m, user.actor, {
          events: [{ type: 'two_factor.disabled', payload: { ...userRef(user), ip: client.ip } }],
          audit: [twoFactorEntry('user.two_factor_disabled', user.id, user.companyId, false)],
        });
      });
    });
    return { status: 200, message: TWO_FACTOR_MSG.disabled };
  }

  async regenerateRecoveryCodes(user: RequestUser, code: string): Promise<ApiResponse<RecoveryCodes>> {
    const codes = newRecoveryCodes();
    await this.guarded(user.id, () =>
      this.db.transaction(async (m) => {
        const row = await repo.findTwoFactor(m, user.id, true);
        if (!row?.enabled_at) throw new ApiException(400, TWO_FACTOR_MSG.notEnabled);
        if (!(await this.claimCode(m, user.id, row.secret_enc, code))) {
          throw new WrongSecret(TWO_FACTOR_MSG.invalidCode);
        }
        await repo.replaceRecoveryCodes(m, user.id, codes.map(hashRecoveryCode));
        await commitChange(m, user.actor, {
          audit: [
            { action: 'user.recovery_codes_regenerated', entity: 'user', entityId: user.id, companyId: user.companyId },
          ],
        });
      }),
    );
    return { status: 200, message: TWO_FACTOR_MSG.regenerated, data: { recovery_codes: codes } };
  }

  /**
   * `POST login/2fa`. Wrong codes count against the challenge (5, then it is spent) and the sign-in
   * throttle (account+IP, IP); the challenge lives 5 minutes and is used once. The attempt is
   * reserved on the sign-in budgets before the code is checked, so a concurrent burst over many
   * challenges is evaluated at most up to the budget; only a wrong code keeps it.
   */
  async verifyLogin(input: LoginTwoFactorInput, client: ClientInfo): Promise<LoginResponse> {
    const tokenHash = sha256(input.mfa_token);
    const peek = await repo.findChallenge(this.db, tokenHash);
    if (!peek?.live) throw new ApiException(401, TWO_FACTOR_MSG.challengeExpired);
    const failures = await this.auth.reserveAttempt(peek.email, client.ip);
    if (failures === null) throw new ApiException(429, MSG.login.tooMany);

    let outcome: Outcome = { kind: 'expired' };
    try {
      outcome = await this.db.transaction(async (m): Promise<Outcome> => {
        const ch = await repo.findChallenge(m, tokenHash, true);
        if (!ch?.live) return { kind: 'expired' };
        if (ch.failures >= MFA_MAX_FAILURES) return { kind: 'throttled' };
        let ok = false;
        if (input.code !== undefined) {
          const row = await repo.findTwoFactor(m, ch.user_id, true);
          ok = !!row?.enabled_at && (await this.claimCode(m, ch.user_id, row.secret_enc, input.code));
        } else if (input.recovery_code !== undefined) {
          ok = await repo.useRecoveryCode(m, ch.user_id, hashRecoveryCode(input.recovery_code));
        }
        if (!ok) {
          await repo.countChallengeFailure(m, ch.id);
          await this.auth.recordFailure(
            ch.email,
            client.ip,
            { id: ch.user_id, username: ch.username, company_id: ch.company_id },
            failures,
            m,
            'auth.two_factor_failed',
          );
          return { kind: 'wrong' };
        }
        await repo.spendChallenge(m, ch.id);
        return { kind: 'ok', userId: ch.user_id };
      });
    } finally {
      if (outcome.kind !== 'wrong') await this.auth.refundAttempt(peek.email, client.ip);
    }

    switch (outcome.kind) {
      case 'expired':
        throw new ApiException(401, TWO_FACTOR_MSG.challengeExpired);
      case 'throttled':
        throw new ApiException(429, MSG.login.tooMany);
      case 'wrong':
        throw new ApiException(
          401,
          input.code !== undefined ? TWO_FACTOR_MSG.invalidLoginCode : TWO_FACTOR_MSG.invalidRecoveryCode,
        );
      case 'ok':
        return this.auth.completeTwoFactorSignIn(outcome.userId, client);
    }
  }

  /** Superadmin: removes another user's second factor, ends their sessions and emails them. */
  async reset(caller: RequestUser, userId: string): Promise<{ status: number; message: string }> {
    if (userId === caller.id) throw new ApiException(400, TWO_FACTOR_MSG.resetOwn);
    await this.db.transaction(async (m) => {
      const target = await repo.findTargetUser(m, userId);
      if (!target) throw new ApiException(404, TWO_FACTOR_MSG.userNotFound);
      if (!(await repo.removeTwoFactor(m, userId)) || !target.two_factor) {
        throw new ApiException(409, TWO_FACTOR_MSG.userNotEnabled);
      }
      await this.sessions.revokeAllForUsers(m, [userId], 'revoked', undefined, caller.actor);
      await commitChange(m, caller.actor, {
        events: [
          {
            type: 'two_factor.reset',
            payload: {
              userId: target.id,
              username: target.username,
              email: target.email,
              role: target.role,
              companyId: target.company_id,
              companyName: target.company_name,
            },
          },
        ],
        audit: [twoFactorEntry('user.two_factor_reset', target.id, target.company_id, false)],
      });
    });
    return { status: 200, message: TWO_FACTOR_MSG.reset };
  }

  async securitySettings(): Promise<ApiResponse<SecuritySettings>> {
    return { status: 200, data: { require_2fa_for: await repo.readPolicy(this.db) } };
  }

  /**
   * Saves the policy. The caller must already satisfy it (no self lock-out). Users it newly covers who
   * have no second factor are signed out, so their next sign-in takes them straight to enrolment.
   */
  async updateSecuritySettings(caller: RequestUser, policy: TwoFactorPolicy): Promise<ApiResponse<SecuritySettings>> {
    await this.db.transaction(async (m) => {
      if (policyCovers(policy, caller.role) && !(await repo.findTwoFactor(m, caller.id))?.enabled_at) {
        throw new ApiException(400, TWO_FACTOR_MSG.policyNeedsOwn);
      }
      const previous = await repo.readPolicy(m);
      await repo.writePolicy(m, policy, caller.id);
      if (previous === policy) return;
      await commitChange(m, caller.actor, {
        audit: [
          {
            action: 'settings.security_updated',
            entity: 'settings',
            entityId: 'security',
            companyId: null,
            before: { require_2fa_for: previous },
            after: { require_2fa_for: policy },
          },
        ],
      });
      const uncovered = await repo.usersWithoutTwoFactor(m, COVERED_ROLES[policy]);
      await this.sessions.revokeAllForUsers(m, uncovered, 'revoked', undefined, caller.actor);
    });
    return { status: 200, message: TWO_FACTOR_MSG.policySaved, data: { require_2fa_for: policy } };
  }

  /**
   * Runs a signed-in 2FA action under the per-user budget of wrong codes/passwords: the attempt is
   * reserved before anything is verified (a concurrent burst is evaluated at most up to the budget)
   * and kept only for a wrong code or password.
   */
  private guarded<T>(userId: string, action: () => Promise<T>): Promise<T> {
    return withAttempt(
      this.db,
      [{ key: manageKey(userId), limit: MANAGE_FAILURES }],
      ACCOUNT_THROTTLE.windowSeconds,
      {
        isFailure: (err) => err instanceof WrongSecret,
        onRefused: () => new ApiException(429, TWO_FACTOR_MSG.tooMany),
      },
      action,
    );
  }

  private async claimCode(m: EntityManager, userId: string, secretEnc: Buffer, code: string): Promise<boolean> {
    const secret = this.readSecret(secretEnc, userId);
    const step = secret === null ? null : matchTimeStep(secret, code);
    return step !== null && repo.claimTimeStep(m, userId, step);
  }

  /**
   * Null when the ciphertext does not open — only after JWT_SECRET was rotated: no code can match
   * then, and a superadmin reset (or a new setup) is the way back.
   */
  private readSecret(secretEnc: Buffer, userId: string): string | null {
    try {
      return decryptSecret(this.key, secretEnc, userId);
    } catch {
      this.logger.warn(`Two-factor secret of user ${userId} cannot be decrypted (was JWT_SECRET rotated?)`);
      return null;
    }
  }
}

function hashRecoveryCode(code: string): Buffer {
  return sha256(normalizeRecoveryCode(code));
}

function userRef(user: RequestUser) {
  return { userId: user.id, username: user.username, email: user.email, companyId: user.companyId };
}

/** The fact that a second factor was turned on or off (never the secret or codes). */
function twoFactorEntry(action: AuditAction, userId: string, companyId: string | null, enabled: boolean): AuditEntry {
  return {
    action,
    entity: 'user',
    entityId: userId,
    companyId,
    before: { two_factor: !enabled },
    after: { two_factor: enabled },
  };
}
