import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AccountMessageResponse } from '@portal/contracts';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@portal/domain';
import { Public } from '../common/access.decorators';
import { ZodPipe } from '../common/zod.pipe';
import { clientInfo } from '../auth/client-info';
import { PasswordResetService } from './password-reset.service';

/** Forgot and reset password (public; CSRF bound to the anonymous cookie). */
@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  forgot(
    @Body(new ZodPipe(forgotPasswordSchema)) body: ForgotPasswordInput,
    @Req() req: FastifyRequest,
  ): Promise<AccountMessageResponse> {
    return this.resets.forgot(body, clientInfo(req));
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  reset(
    @Body(new ZodPipe(resetPasswordSchema)) body: ResetPasswordInput,
    @Req() req: FastifyRequest,
  ): Promise<AccountMessageResponse> {
    return this.resets.reset(body, clientInfo(req));
  }
}
