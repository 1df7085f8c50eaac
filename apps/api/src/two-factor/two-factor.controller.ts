import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type {
  ApiResponse,
  LoginResponse,
  RecoveryCodes,
  SecuritySettings,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@portal/contracts';
import {
  idSchema,
  loginTwoFactorSchema,
  securitySettingsSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  type LoginTwoFactorInput,
  type SecuritySettingsInput,
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
} from '@portal/domain';
import { Allow, AllowDuringEnrolment, CurrentUser, Public } from '../common/access.decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { RequestUser } from '../common/request-user';
import { clientInfo } from '../auth/client-info';
import { TwoFactorService } from './two-factor.service';

type Message = { status: number; message: string };

/** Two-factor sign-in (TOTP + recovery codes), its superadmin reset and the security policy. */
@Controller()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Public()
  @Post('login/2fa')
  @HttpCode(200)
  login(
    @Body(new ZodPipe(loginTwoFactorSchema)) body: LoginTwoFactorInput,
    @Req() req: FastifyRequest,
  ): Promise<LoginResponse> {
    return this.twoFactor.verifyLogin(body, clientInfo(req));
  }

  @Allow()
  @AllowDuringEnrolment()
  @Get('2fa')
  status(@CurrentUser() user: RequestUser): Promise<ApiResponse<TwoFactorStatus>> {
    return this.twoFactor.status(user);
  }

  @Allow()
  @AllowDuringEnrolment()
  @Post('2fa/setup')
  @HttpCode(200)
  setup(@CurrentUser() user: RequestUser): Promise<ApiResponse<TwoFactorSetup>> {
    return this.twoFactor.setup(user);
  }

  @Allow()
  @AllowDuringEnrolment()
  @Post('2fa/enable')
  @HttpCode(200)
  enable(
    @Body(new ZodPipe(twoFactorCodeSchema)) body: TwoFactorCodeInput,
    @CurrentUser() user: RequestUser,
    @Req() req: FastifyRequest,
  ): Promise<ApiResponse<RecoveryCodes>> {
    return this.twoFactor.enable(user, body.code, clientInfo(req));
  }

  @Allow()
  @Post('2fa/disable')
  @HttpCode(200)
  disable(
    @Body(new ZodPipe(twoFactorDisableSchema)) body: TwoFactorDisableInput,
    @CurrentUser() user: RequestUser,
    @Req() req: FastifyRequest,
  ): Promise<Message> {
    return this.twoFactor.disable(user, body, clientInfo(req));
  }

  @Allow()
  @Post('2fa/recovery-codes')
  @HttpCode(200)
  regenerate(
    @Body(new ZodPipe(twoFactorCodeSchema)) body: TwoFactorCodeInput,
    @CurrentUser() user: RequestUser,
  ): Promise<ApiResponse<RecoveryCodes>> {
    return this.twoFactor.regenerateRecoveryCodes(user, body.code);
  }

  @Allow('superadmin')
  @Delete('user/:id/2fa')
  @HttpCode(200)
  reset(@Param('id', new ZodPipe(idSchema)) id: string, @CurrentUser() user: RequestUser): Promise<Message> {
    return this.twoFactor.reset(user, id);
  }

  @Allow('superadmin')
  @Get('settings/security')
  securitySettings(): Promise<ApiResponse<SecuritySettings>> {
    return this.twoFactor.securitySettings();
  }

  @Allow('superadmin')
  @Patch('settings/security')
  updateSecuritySettings(
    @Body(new ZodPipe(securitySettingsSchema)) body: SecuritySettingsInput,
    @CurrentUser() user: RequestUser,
  ): Promise<ApiResponse<SecuritySettings>> {
    return this.twoFactor.updateSecuritySettings(user, body.require_2fa_for);
  }
}
