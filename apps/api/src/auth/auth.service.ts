import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LoginResponse, RoleKey, SessionUserData } from '@portal/contracts';
import { MSG, type LoginInput } from '@portal/domain';
import { publishEvent } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';
import { THROTTLE, ThrottleService } from './throttle.service';
import { TokenService } from './token.service';

interface LoginCandidate {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  role: RoleKey;
  status: boolean;
  company_id: string | null;
  company_name: string | null;
  company_status: boolean | null;
  picture: string | null;
}

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
   * Spec §8 Login: 401 for any wrong email/password (same body), 403 only after a correct password
   * on a disabled account, 429 once the per-account+IP or per-IP failure budget is spent.
   */
  async login(input: LoginInput, client: ClientInfo): Promise<LoginResponse> {
    if (await this.throttle.isBlocked(input.email, client.ip)) throw new ApiException(429, MSG.login.tooMany);

    const rows: LoginCandidate[] = await this.db.query(
      `SELECT u.id, u.username, u.email, u.password_hash, u.role, u.status, u.company_id, u.picture,
              c.name AS company_name, c.status AS company_status
         FROM users u LEFT JOIN companies c ON c.id = u.company_id
        WHERE u.email = $1`,
      [input.email],
    );
    const user = rows[0];
    const ok = user
      ? await this.passwords.verify(user.password_hash, input.password)
      : await this.passwords.verifyAgainstDummy(input.password);

    if (!user || !ok) {
      await this.recordFailure(input.email, client.ip, user ?? null);
      throw new ApiException(401, MSG.login.invalidCredentials);
    }
    if (!user.status || (user.company_id !== null && user.company_status === false)) {
      await this.db.transaction((m) =>
        publishEvent(
          m,
          'auth.disabled_login',
          { userId: user.id, username: user.username, email: user.email },
          user.id,
        ),
      );
      throw new ApiException(403, MSG.login.disabled);
    }

    await this.throttle.clearAccount(input.email, client.ip);
    const sessionId = await this.db.transaction(async (m) => {
      await m.query(`UPDATE users SET last_login = current_login, current_login = now() WHERE id = $1`, [user.id]);
      return this.sessions.create(m, user.id, client.ip, client.userAgent);
    });
    const token = await this.tokens.signAccess(user.id, sessionId);
    return { status: 200, token, data: toSessionData(user) };
  }

  /** GET validate: a fresh token for the same session, and the current user data. */
  async validate(user: RequestUser): Promise<LoginResponse> {
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
    };
  }

  async logout(user: RequestUser): Promise<{ status: number; message: string }> {
    await this.db.transaction((m) => this.sessions.revoke(m, user.sessionId, 'logout'));
    return { status: 200, message: 'Logged out successfully' };
  }

  private async recordFailure(email: string, ip: string, user: LoginCandidate | null): Promise<void> {
    await this.db.transaction(async (m) => {
      const failures = await this.throttle.recordFailure(m, email, ip);
      // Exactly once per window: the failure that spends the budget raises the alarm.
      if (failures === THROTTLE.perAccountAndIp) {
        await publishEvent(
          m,
          'auth.login_throttled',
          { email, userId: user?.id ?? null, username: user?.username ?? null, ip, failures },
          user?.id ?? null,
        );
      }
    });
  }
}

function toSessionData(user: LoginCandidate): SessionUserData {
  return {
    _id: user.id,
    role_key: user.role,
    company_id: user.company_id,
    company_name: user.company_name,
    username: user.username,
    email: user.email,
    picture: user.picture,
  };
}
