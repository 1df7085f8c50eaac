import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ROUTES as R, type RouteInput } from '@portal/domain';
import type { CsrfTokenResponse, ValidateResult } from '@portal/contracts';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { AuthService, type PasswordLoginResponse } from './auth.service';
import { CsrfService } from './csrf.service';
import { clientInfo } from './client-info';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly csrf: CsrfService,
  ) {}

  @Route(R.csrfToken)
  csrfToken(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): CsrfTokenResponse {
    return { status: 200, token: this.csrf.issue(req, reply) };
  }

  @Route(R.login)
  login(@In() { body }: RouteInput<typeof R.login>, @Req() req: FastifyRequest): Promise<PasswordLoginResponse> {
    return this.auth.login(body, clientInfo(req));
  }

  @Route(R.validate)
  validate(@CurrentUser() user: RequestUser): Promise<ValidateResult> {
    return this.auth.validate(user);
  }

  @Route(R.logout)
  logout(@CurrentUser() user: RequestUser): Promise<{ status: number; message: string }> {
    return this.auth.logout(user);
  }
}
