import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { InvitationChangeResponse, InvitationLinkResponse } from '@portal/contracts';
import { INVITATION_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { clientInfo } from '../auth/client-info';
import type { PasswordLoginResponse } from '../auth/auth.service';
import { InvitationsService } from './invitations.service';

/**
 * Invitations. Resend / revoke: the same access as editing the user (superadmin: any admin or
 * employee; admin: their own company's employees). The link's routes are public (CSRF bound to the
 * anonymous cookie, like reset-password); the token travels in the body, never in a URL the server logs.
 */
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Route(R.resend)
  resend(
    @In() { params }: RouteInput<typeof R.resend>,
    @CurrentUser() user: RequestUser,
  ): Promise<InvitationChangeResponse> {
    return this.invitations.resend(params.id, user);
  }

  @Route(R.revoke)
  revoke(
    @In() { params }: RouteInput<typeof R.revoke>,
    @CurrentUser() user: RequestUser,
  ): Promise<InvitationChangeResponse> {
    return this.invitations.revoke(params.id, user);
  }

  @Route(R.check)
  check(@In() { body }: RouteInput<typeof R.check>): Promise<InvitationLinkResponse> {
    return this.invitations.check(body.token);
  }

  @Route(R.accept)
  accept(@In() { body }: RouteInput<typeof R.accept>, @Req() req: FastifyRequest): Promise<PasswordLoginResponse> {
    return this.invitations.accept(body, clientInfo(req));
  }

  @Route(R.requestNew)
  requestNew(
    @In() { body }: RouteInput<typeof R.requestNew>,
    @Req() req: FastifyRequest,
  ): Promise<{ status: number; message: string }> {
    return this.invitations.requestNew(body.token, clientInfo(req));
  }
}
