import { Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { MSG, TWO_FACTOR_MSG } from '@portal/domain';
import { ACCESS_KEY, ENROLMENT_KEY, type Access } from '../common/access.decorators';
import { ApiException } from '../common/api-exception';
import { requestUser } from '../common/request-user';
import { SessionsService } from './sessions.service';

/**
 * Global guard: every route must declare `@Allow(...)` or `@Public()`; undeclared routes are refused.
 * The session is looked up on every request, so revocation takes effect at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger(AuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (!access) {
      this.logger.error(`Route without access declaration: ${req.method} ${req.url}`);
      throw new ApiException(403, MSG.notAuthorized);
    }
    const bearer = extractBearer(req.headers.authorization);
    if (access.kind === 'public') {
      const found = bearer ? await this.sessions.userForToken(bearer) : null;
      if (found) req.user = requestUser(found, req.ip);
      return true;
    }
    if (!bearer) throw new ApiException(401, MSG.session.tokenMissing);
    const user = await this.sessions.userForToken(bearer);
    if (!user) throw new ApiException(401, MSG.session.invalidToken);
    if (user.enrolmentOnly && !this.reflector.getAllAndOverride<boolean>(ENROLMENT_KEY, [context.getHandler()])) {
      throw new ApiException(403, TWO_FACTOR_MSG.enrolmentRequired);
    }
    if (access.roles.length > 0 && !access.roles.includes(user.role)) throw new ApiException(403, MSG.notAuthorized);
    req.user = requestUser(user, req.ip);
    return true;
  }
}

export function extractBearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}
