import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AccountMessageResponse, AccountProfileResponse } from '@portal/contracts';
import { ACCOUNT_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
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

  @Route(R.me)
  me(@CurrentUser() user: RequestUser): Promise<AccountProfileResponse> {
    return this.account.me(user);
  }

  @Route(R.updateProfile)
  updateProfile(
    @CurrentUser() user: RequestUser,
    @In() { body }: RouteInput<typeof R.updateProfile>,
    @Req() req: FastifyRequest,
  ): Promise<AccountProfileResponse> {
    return this.account.updateProfile(user, body, clientInfo(req));
  }

  /** The link from the email-change message: public, the single-use token is the credential. */
  @Route(R.confirmEmail)
  confirmEmail(@In() { body }: RouteInput<typeof R.confirmEmail>) {
    return this.emailChange.confirm(body);
  }

  @Route(R.changePassword)
  changePassword(
    @CurrentUser() user: RequestUser,
    @In() { body }: RouteInput<typeof R.changePassword>,
    @Req() req: FastifyRequest,
  ): Promise<AccountMessageResponse> {
    return this.account.changePassword(user, body, clientInfo(req));
  }
}
