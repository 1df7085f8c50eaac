import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@portal/domain';
import { CsrfService } from './csrf.service';
import { ApiException } from '../common/api-exception';
import { SIGNED_KEY } from '../common/access.decorators';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Runs after AuthGuard: every state-changing request carries a valid X-XSRF-TOKEN. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly csrf: CsrfService,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (SAFE_METHODS.has(req.method)) return true;
    // Signed server-to-server routes carry no session (their handler verifies the signature).
    if (this.reflector.getAllAndOverride<boolean>(SIGNED_KEY, [context.getHandler(), context.getClass()])) return true;
    if (!this.csrf.isValid(req)) throw new ApiException(403, MSG.csrf.invalid);
    return true;
  }
}
