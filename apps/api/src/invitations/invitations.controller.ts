import { Body, Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { InvitationChangeResponse, InvitationLinkResponse } from '@portal/contracts';
import { acceptInvitationSchema, idSchema, invitationTokenSchema, type AcceptInvitationInput } from '@portal/domain';
import { Allow, CurrentUser, Public } from '../common/access.decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { RequestUser } from '../common/request-user';
import { clientInfo } from '../auth/client-info';
import type { PasswordLoginResponse } from '../auth/auth.service';
import { InvitationsService } from './invitations.service';

/**
 * Invitations (issue 27). Resend / revoke: the same access as editing the user (superadmin: any
 * admin or employee; admin: their own company's employees). The link's routes are public (CSRF bound
 * to the anonymous cookie, like reset-password); the token travels in the body, never in a URL
 * the server logs.
 */
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Allow('superadmin', 'admin')
  @Post('user/:id/invitation/resend')
  @HttpCode(200)
  resend(
    @Param('id', new ZodPipe(idSchema)) id: string,
    @CurrentUser() user: RequestUser,
  ): Promise<InvitationChangeResponse> {
    return this.invitations.resend(id, user);
  }

  @Allow('superadmin', 'admin')
  @Delete('user/:id/invitation')
  @HttpCode(200)
  revoke(
    @Param('id', new ZodPipe(idSchema)) id: string,
    @CurrentUser() user: RequestUser,
  ): Promise<InvitationChangeResponse> {
    return this.invitations.revoke(id, user);
  }

  @Public()
  @Post('invitation/check')
  @HttpCode(200)
  check(@Body(new ZodPipe(invitationTokenSchema)) body: { token: string }): Promise<InvitationLinkResponse> {
    return this.invitations.check(body.token);
  }

  @Public()
  @Post('invitation/accept')
  @HttpCode(200)
  accept(
    @Body(new ZodPipe(acceptInvitationSchema)) body: AcceptInvitationInput,
    @Req() req: FastifyRequest,
  ): Promise<PasswordLoginResponse> {
    return this.invitations.accept(body, clientInfo(req));
  }

  @Public()
  @Post('invitation/request-new')
  @HttpCode(200)
  requestNew(
    @Body(new ZodPipe(invitationTokenSchema)) body: { token: string },
    @Req() req: FastifyRequest,
  ): Promise<{ status: number; message: string }> {
    return this.invitations.requestNew(body.token, clientInfo(req));
  }
}
