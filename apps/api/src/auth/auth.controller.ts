import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginSchema, type LoginInput } from '@portal/domain';
import type { CsrfTokenResponse, ValidateResult } from '@portal/contracts';
import { Allow, AllowDuringEnrolment, CurrentUser, Public } from '../common/access.decorators';
import { ZodPipe } from '../common/zod.pipe';
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

  @Public()
  @Get('csrf-token')
  csrfToken(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): CsrfTokenResponse {
    return { status: 200, token: this.csrf.issue(req, reply) };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body(new ZodPipe(loginSchema)) body: LoginInput, @Req() req: FastifyRequest): Promise<PasswordLoginResponse> {
    return this.auth.login(body, clientInfo(req));
  }

  @Allow()
  @AllowDuringEnrolment()
  @Get('validate')
  validate(@CurrentUser() user: RequestUser): Promise<ValidateResult> {
    return this.auth.validate(user);
  }

  @Allow()
  @AllowDuringEnrolment()
  @Post('logout')
  @HttpCode(200)
  logout(@CurrentUser() user: RequestUser): Promise<{ status: number; message: string }> {
    return this.auth.logout(user);
  }
}
