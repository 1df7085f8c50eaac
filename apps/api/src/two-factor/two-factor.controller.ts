import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type {
  ApiResponse,
  LoginResponse,
  RecoveryCodes,
  SecuritySettings,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@portal/contracts';
import { TWO_FACTOR_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { clientInfo } from '../auth/client-info';
import { TwoFactorService } from './two-factor.service';

type Message = { status: number; message: string };

/** Two-factor sign-in (TOTP + recovery codes), its superadmin reset and the security policy. */
@Controller()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Route(R.login)
  login(@In() { body }: RouteInput<typeof R.login>, @Req() req: FastifyRequest): Promise<LoginResponse> {
    return this.twoFactor.verifyLogin(body, clientInfo(req));
  }

  @Route(R.status)
  status(@CurrentUser() user: RequestUser): Promise<ApiResponse<TwoFactorStatus>> {
    return this.twoFactor.status(user);
  }

  @Route(R.setup)
  setup(@CurrentUser() user: RequestUser): Promise<ApiResponse<TwoFactorSetup>> {
    return this.twoFactor.setup(user);
  }

  @Route(R.enable)
  enable(
    @In() { body }: RouteInput<typeof R.enable>,
    @CurrentUser() user: RequestUser,
    @Req() req: FastifyRequest,
  ): Promise<ApiResponse<RecoveryCodes>> {
    return this.twoFactor.enable(user, body.code, clientInfo(req));
  }

  @Route(R.disable)
  disable(
    @In() { body }: RouteInput<typeof R.disable>,
    @CurrentUser() user: RequestUser,
    @Req() req: FastifyRequest,
  ): Promise<Message> {
    return this.twoFactor.disable(user, body, clientInfo(req));
  }

  @Route(R.recoveryCodes)
  regenerate(
    @In() { body }: RouteInput<typeof R.recoveryCodes>,
    @CurrentUser() user: RequestUser,
  ): Promise<ApiResponse<RecoveryCodes>> {
    return this.twoFactor.regenerateRecoveryCodes(user, body.code);
  }

  @Route(R.reset)
  reset(@In() { params }: RouteInput<typeof R.reset>, @CurrentUser() user: RequestUser): Promise<Message> {
    return this.twoFactor.reset(user, params.id);
  }

  @Route(R.securitySettings)
  securitySettings(): Promise<ApiResponse<SecuritySettings>> {
    return this.twoFactor.securitySettings();
  }

  @Route(R.updateSecuritySettings)
  updateSecuritySettings(
    @In() { body }: RouteInput<typeof R.updateSecuritySettings>,
    @CurrentUser() user: RequestUser,
  ): Promise<ApiResponse<SecuritySettings>> {
    return this.twoFactor.updateSecuritySettings(user, body.require_2fa_for);
  }
}
