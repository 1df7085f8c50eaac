import { Body, Controller, Delete, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Allow, CurrentUser, Public, SignedWebhook } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { EmailEventsService } from './email-events.service';
import { OpsService } from './ops.service';

/** `POST /api/email-events`: delivery reports from an SMTP relay that reports over HTTP (signed). */
@Controller('email-events')
export class EmailEventsController {
  constructor(private readonly events: EmailEventsService) {}

  @Public()
  @SignedWebhook()
  @Post()
  @HttpCode(202)
  receive(
    @Req() req: FastifyRequest,
    @Headers('x-portal-timestamp') timestamp: string | undefined,
    @Headers('x-portal-signature') signature: string | undefined,
    @Body() body: unknown,
  ) {
    const raw = (req as { rawBody?: Buffer }).rawBody?.toString('utf8');
    this.events.verify(timestamp, signature, raw);
    return this.events.record(this.events.parse(body), raw!);
  }
}

/**
 * "Try again" for one person's address: `DELETE /api/user/{id}/email-suppression` — a company admin
 * for their own people, a superadmin for anyone (audited).
 */
@Controller('user')
export class EmailStatusController {
  constructor(private readonly ops: OpsService) {}

  @Allow('superadmin', 'admin')
  @Delete(':id/email-suppression')
  @HttpCode(200)
  tryAgain(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.ops.liftUserSuppression(user, id);
  }
}
