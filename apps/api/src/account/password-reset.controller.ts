import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AccountMessageResponse, ResetLinkCheckResponse } from '@portal/contracts';
import { ACCOUNT_ROUTES as R, type RouteInput } from '@portal/domain';
import { In, Route } from '../common/route.decorator';
import { clientInfo } from '../auth/client-info';
import { PasswordResetService } from './password-reset.service';

/** Forgot and reset password (public; CSRF bound to the anonymous cookie). */
@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Route(R.forgotPassword)
  forgot(
    @In() { body }: RouteInput<typeof R.forgotPassword>,
    @Req() req: FastifyRequest,
  ): Promise<AccountMessageResponse> {
    return this.resets.forgot(body, clientInfo(req));
  }

  /** Whether a reset link still works (its page says "used" / "expired" before the form). */
  @Route(R.checkResetLink)
  check(@In() { body }: RouteInput<typeof R.checkResetLink>): Promise<ResetLinkCheckResponse> {
    return this.resets.checkLink(body);
  }

  @Route(R.resetPassword)
  reset(
    @In() { body }: RouteInput<typeof R.resetPassword>,
    @Req() req: FastifyRequest,
  ): Promise<AccountMessageResponse> {
    return this.resets.reset(body, clientInfo(req));
  }
}
