import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OPS_ROUTES, USER_ROUTES, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { EmailEventsService } from './email-events.service';
import { OpsService } from './ops.service';

/** `POST /api/email-events`: delivery reports from an SMTP relay that reports over HTTP (signed). */
@Controller()
export class EmailEventsController {
  constructor(private readonly events: EmailEventsService) {}

  @Route(OPS_ROUTES.emailEvents)
  receive(@Req() req: FastifyRequest, @In() { headers, body }: RouteInput<typeof OPS_ROUTES.emailEvents>) {
    const raw = (req as { rawBody?: Buffer }).rawBody?.toString('utf8');
    this.events.verify(headers['x-portal-timestamp'], headers['x-portal-signature'], raw);
    return this.events.record(this.events.parse(body), raw!);
  }
}

/**
 * "Try again" for one person's address: `DELETE /api/user/{id}/email-suppression` — a company admin
 * for their own people, a superadmin for anyone (audited).
 */
@Controller()
export class EmailStatusController {
  constructor(private readonly ops: OpsService) {}

  @Route(USER_ROUTES.liftEmailSuppression)
  tryAgain(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof USER_ROUTES.liftEmailSuppression>) {
    return this.ops.liftUserSuppression(user, params.id);
  }
}
