import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AccountMessageResponse, ResetLinkCheckResponse } from '@portal/contracts';
import {
  forgotPasswordSchema,
  resetLinkCheckSchema,
  resetPasswordSchema,
  type ForgotPasswordInput,
  type ResetLinkCheckInput,
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

  /** Whether a reset link still works (its page says "used" / "expired" before the form). */
  @Public()
  @Post('reset-password/check')
  @HttpCode(200)
  check(@Body(new ZodPipe(resetLinkCheckSchema)) body: ResetLinkCheckInput): Promise<ResetLinkCheckResponse> {
    return this.resets.checkLink(body);
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
