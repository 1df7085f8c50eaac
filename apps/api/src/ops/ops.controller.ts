import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { QueueName } from '@portal/contracts';
import {
  opsActivityQuerySchema,
  opsEmailQuerySchema,
  opsFailedJobsQuerySchema,
  opsJobParamsSchema,
  opsUsageQuerySchema,
  suppressionAddressSchema,
  type OpsActivityQuery,
  type OpsEmailQuery,
  type OpsUsageQuery,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { OpsService } from './ops.service';

/** The operations dashboard: superadmins only (everyone else 403). */
@Controller('ops')
export class OpsController {
  constructor(private readonly ops: OpsService) {}

  @Allow('superadmin')
  @Get('summary')
  summary() {
    return this.ops.summary();
  }

  @Allow('superadmin')
  @Get('online')
  online() {
    return this.ops.online();
  }

  @Allow('superadmin')
  @Get('activity')
  activity(@Query(new ZodPipe(opsActivityQuerySchema)) q: OpsActivityQuery) {
    return this.ops.activity(q);
  }

  @Allow('superadmin')
  @Get('usage')
  usage(@Query(new ZodPipe(opsUsageQuerySchema)) q: OpsUsageQuery) {
    return this.ops.usage(q);
  }

  @Allow('superadmin')
  @Get('jobs/failed')
  failedJobs(@Query(new ZodPipe(opsFailedJobsQuerySchema)) q: { queue?: QueueName }) {
    return this.ops.failedJobs(q.queue);
  }

  @Allow('superadmin')
  @Post('jobs/:queue/:id/retry')
  @HttpCode(200)
  retry(@CurrentUser() user: RequestUser, @Param(new ZodPipe(opsJobParamsSchema)) p: { queue: QueueName; id: string }) {
    return this.ops.retryJob(user, p.queue, p.id);
  }

  @Allow('superadmin')
  @Post('jobs/:queue/:id/discard')
  @HttpCode(200)
  discard(
    @CurrentUser() user: RequestUser,
    @Param(new ZodPipe(opsJobParamsSchema)) p: { queue: QueueName; id: string },
  ) {
    return this.ops.discardJob(user, p.queue, p.id);
  }

  @Allow('superadmin')
  @Get('email')
  email(@Query(new ZodPipe(opsEmailQuerySchema)) q: OpsEmailQuery) {
    return this.ops.email(q);
  }

  @Allow('superadmin')
  @Get('email/suppressions')
  suppressions() {
    return this.ops.suppressions();
  }

  @Allow('superadmin')
  @Delete('email/suppressions/:address')
  @HttpCode(200)
  lift(@CurrentUser() user: RequestUser, @Param('address', new ZodPipe(suppressionAddressSchema)) address: string) {
    return this.ops.liftSuppression(user, address);
  }
}
