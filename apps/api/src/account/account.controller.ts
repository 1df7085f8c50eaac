import { Body, Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AccountMessageResponse, AccountProfileResponse } from '@portal/contracts';
import {
  changePasswordSchema,
  confirmEmailSchema,
  profileSchema,
  type ChangePasswordInput,
  type ConfirmEmailInput,
  type ProfileInput,
} from '@portal/domain';
import { Allow, CurrentUser, Public } from '../common/access.decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { RequestUser } from '../common/request-user';
import { clientInfo } from '../auth/client-info';
import { AccountService } from './account.service';
import { EmailChangeService } from './email-change.service';

/** The signed-in user's own account (any role): profile and password. */
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly emailChange: EmailChangeService,
  ) {}

  @Allow()
  @Get('user/me')
  me(@CurrentUser() user: RequestUser): Promise<AccountProfileResponse> {
    return this.account.me(user);
  }

  @Allow()
  @Patch('user')
  updateProfile(
    @CurrentUser() user: RequestUser,
    @Body(new ZodPipe(profileSchema)) body: ProfileInput,
    @Req() req: FastifyRequest,
  ): Promise<AccountProfileResponse> {
    return this.account.updateProfile(user, body, clientInfo(req));
  }

  /** The link from the email-change message: public, the single-use token is the credential. */
  @Public()
  @Post('user/confirm-email')
  @HttpCode(200)
  confirmEmail(@Body(new ZodPipe(confirmEmailSchema)) body: ConfirmEmailInput) {
    return this.emailChange.confirm(body);
  }

  @Allow()
  @Post('change-password')
  @HttpCode(200)
  changePassword(
    @CurrentUser() user: RequestUser,
    @Body(new ZodPipe(changePasswordSchema)) body: ChangePasswordInput,
    @Req() req: FastifyRequest,
  ): Promise<AccountMessageResponse> {
    return this.account.changePassword(user, body, clientInfo(req));
  }
}
