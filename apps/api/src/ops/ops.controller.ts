import { Controller } from '@nestjs/common';
import { OPS_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { OpsService } from './ops.service';

/** The operations dashboard: superadmins only (everyone else 403). */
@Controller()
export class OpsController {
  constructor(private readonly ops: OpsService) {}

  @Route(R.summary)
  summary() {
    return this.ops.summary();
  }

  @Route(R.online)
  online() {
    return this.ops.online();
  }

  @Route(R.activity)
  activity(@In() { query }: RouteInput<typeof R.activity>) {
    return this.ops.activity(query);
  }

  @Route(R.usage)
  usage(@In() { query }: RouteInput<typeof R.usage>) {
    return this.ops.usage(query);
  }

  @Route(R.failedJobs)
  failedJobs(@In() { query }: RouteInput<typeof R.failedJobs>) {
    return this.ops.failedJobs(query.queue);
  }

  @Route(R.retryJob)
  retry(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.retryJob>) {
    return this.ops.repairJob(user, params.queue, params.id, 'retry');
  }

  @Route(R.discardJob)
  discard(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.discardJob>) {
    return this.ops.repairJob(user, params.queue, params.id, 'discard');
  }

  @Route(R.email)
  email(@In() { query }: RouteInput<typeof R.email>) {
    return this.ops.email(query);
  }

  @Route(R.suppressions)
  suppressions() {
    return this.ops.suppressions();
  }

  @Route(R.liftSuppression)
  lift(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.liftSuppression>) {
    return this.ops.liftSuppression(user, params.address);
  }
}
