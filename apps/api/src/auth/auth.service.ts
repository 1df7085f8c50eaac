import type { AuditAction } from '@portal/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  LoginEnrolmentRequiredResponse,
  LoginMfaRequiredResponse,
  LoginResponse,
  ValidateResult,
} from '@portal/contracts';
import { MSG, policyCovers, type LoginInput } from '@portal/domain';
import { commitChange, type Actor } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';
import { THROTTLE, ThrottleService } from './throttle.service';
import { TokenService } from './token.service';
import {
  loginCandidateByEmail,
  loginCandidateById,
  recordLogin,
  toSessionUser,
  type LoginCandidate,
} from './auth.repository';
import { createChallenge } from '../identity/two-factor.repository';
import { newChallengeToken, sha256 } from '../identity/two-factor.crypto';

export type PasswordLoginResponse = LoginResponse | LoginMfaRequiredResponse | LoginEnrolmentRequiredResponse;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly throttle: ThrottleService,
    private readonly tokens: TokenService,
  ) {}

  /**
   * Sign-in errors: 401 for any wrong email/password (same body), 403 only after a correct password
   * on a disabled account, 429 once the per-account+IP or per-IP failure budget is spent. The attempt
   * is reserved on both budgets before the password is checked (a concurrent burst is evaluated at
   * most up to the budget); a wrong password keeps it, anything else hands it back.
   */
  async login(input: LoginInput, client: ClientInfo): Promise<PasswordLoginResponse> {
    const failures = await this.throttle.reserve(input.email, client.ip);
    if (failures === null) throw new ApiException(429, MSG.login.tooMany);
    let failed = false;
    try {
      const user = await loginCandidateByEmail(this.db, input.email);
      const ok = user
        ? await this.passwords.verify(user.password_hash, input.password)
        : await this.passwords.verifyAgainstDummy(input.password);

      if (!user || !ok) {
        failed = true;
        await this.recordFailure(input.email, client.ip, user, failures);
        throw new ApiException(401, MSG.login.invalidCredentials);
      }
      await this.assertActive(user, client);

      if (user.two_factor) {
        // The account+IP failure counter is only cleared once the second factor is proven too.
        const mfaToken = newChallengeToken();
        await createChallenge(this.db, user.id, sha256(mfaToken), client.ip);
        return { status: 200, mfa_required: true, mfa_token: mfaToken };
      }
      await this.throttle.clearAccount(input.email, client.ip);
      if (policyCovers(user.policy ?? 'none', user.role)) {
        const token = await this.startSession(user, client, true);
        return { status: 200, mfa_enrolment_required: true, token, data: toSessionUser(user) };
      }
      return { status: 200, token: await this.startSession(user, client, false), data: toSessionUser(user) };
    } finally {
      if (!failed) await this.throttle.refund(input.email, client.ip);
    }
  }

  /** Second step of a sign-in with two-factor: the code was right, so open a normal session. */
  async completeTwoFactorSignIn(userId: string, client: ClientInfo): Promise<LoginResponse> {
    const user = await loginCandidateById(this.db, userId);
    if (!user) throw new ApiException(401, MSG.login.invalidCredentials);
    await this.assertActive(user, client);
    await this.throttle.clearAccount(user.email, client.ip);
    return { status: 200, token: await this.startSession(user, client, false), data: toSessionUser(user) };
  }

  /**
   * Signs in a user who just proved themselves another way (an invitation link): the
   * same session, audit entry and two-factor policy as a password sign-in.
   */
  async signInVerified(userId: string, client: ClientInfo): Promise<PasswordLoginResponse> {
    const user = await loginCandidateById(this.db, userId);
    if (!user) throw new ApiException(401, MSG.login.invalidCredentials);
    await this.assertActive(user, client);
    if (policyCovers(user.policy ?? 'none', user.role)) {
      const token = await this.startSession(user, client, true);
      return { status: 200, mfa_enrolment_required: true, token, data: toSessionUser(user) };
    }
    return { status: 200, token: await this.startSession(user, client, false), data: toSessionUser(user) };
  }

  /**
   * Reserves one sign-in step (a second-factor code) on the account+IP and IP budgets before it is
   * verified; the account+IP count including it, or null when a budget is spent.
   */
  reserveAttempt(email: string, ip: string): Promise<number | null> {
    return this.throttle.reserve(email, ip);
  }

  /** Hands back a reserved sign-in step that did not fail. */
  refundAttempt(email: string, ip: string): Promise<void> {
    return this.throttle.refund(email, ip);
  }

  /**
   * Records a failed sign-in step (password or second factor) whose attempt was reserved and is kept:
   * `failures` is the account+IP count including it.
   */
  async recordFailure(
    email: string,
    ip: string,
    user: SignInAccount | null,
    failures: number,
    manager?: EntityManager,
    action: 'auth.login_failed' | 'auth.two_factor_failed' = 'auth.login_failed',
  ): Promise<void> {
    const run = async (m: EntityManager) => {
      const lockout = failures === THROTTLE.perAccountAndIp;
      await commitChange(m, signInActor(null, email, { ip }), {
        audit: [signInEntry(action, user), ...(lockout ? [signInEntry('auth.lockout', user)] : [])],
        // Exactly once per window: the failure that spends the budget raises the alarm.
        events: lockout
          ? [
              {
                type: 'auth.login_throttled',
                payload: { email, userId: user?.id ?? null, username: user?.username ?? null, ip, failures },
              },
            ]
          : [],
      });
    };
    await (manager ? run(manager) : this.db.transaction(run));
  }

  private async startSession(user: LoginCandidate, client: ClientInfo, enrolmentOnly: boolean): Promise<string> {
    const sessionId = await this.db.transaction(async (m) => {
      await recordLogin(m, user.id);
      const id = await this.sessions.create(m, user.id, client.ip, client.userAgent, enrolmentOnly);
      await commitChange(m, signInActor(user, user.email, client), {
        audit: [{ action: 'auth.login', entity: 'session', entityId: id, companyId: user.company_id }],
      });
      return id;
    });
    return this.tokens.signAccess(user.id, sessionId);
  }

  private async assertActive(user: LoginCandidate, client: ClientInfo): Promise<void> {
    if (!user.status || (user.company_id !== null && user.company_status === false)) {
      await this.db.transaction(async (m) => {
        await commitChange(m, signInActor(user, user.email, client), {
          events: [
            { type: 'auth.disabled_login', payload: { userId: user.id, username: user.username, email: user.email } },
          ],
          audit: [signInEntry('auth.login_refused', user)],
        });
      });
      throw new ApiException(403, MSG.login.disabled);
    }
  }

  /** GET validate: a fresh token for the same session, and the current user data. */
  async validate(user: RequestUser): Promise<ValidateResult> {
    await this.sessions.extend(user.sessionId);
    const token = await this.tokens.signAccess(user.id, user.sessionId);
    return {
      status: 200,
      token,
      data: {
        _id: user.id,
        role_key: user.role,
        company_id: user.companyId,
        company_name: user.companyName,
        username: user.username,
        email: user.email,
        picture: user.picture,
      },
      ...(user.enrolmentOnly ? { mfa_enrolment_required: true as const } : {}),
    };
  }

  async logout(user: RequestUser): Promise<{ status: number; message: string }> {
    await this.db.transaction((m) => this.sessions.revoke(m, user.sessionId, 'logout', user.actor));
    return { status: 200, message: MSG.session.loggedOut };
  }
}

/** The account once its password was proven; otherwise only the email that was tried. */
function signInActor(user: LoginCandidate | null, email: string, client: { ip: string }): Actor {
  return user
    ? { id: user.id, username: user.username, email: user.email, role: user.role, ip: client.ip }
    : { id: null, username: email, email, role: null, ip: client.ip };
}

/** An account a sign-in step was tried against. */
type SignInAccount = Pick<LoginCandidate, 'id' | 'username'> & { company_id?: string | null };

/** Failures carry a company only when the account is known. */
function signInEntry(action: AuditAction, user: SignInAccount | null) {
  return { action, entity: 'user' as const, entityId: user?.id ?? null, companyId: user?.company_id ?? null };
}
