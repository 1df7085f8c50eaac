import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuditListResponse } from '@portal/contracts';
import { AUDIT_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { AuditService } from './audit.service';

/** Read-only on purpose: there is no route that changes or removes an entry. */
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** `GET audit?page&limit&entity&entity_id&actor_id&company_id&action&from&to`, newest first. */
  @Route(R.list)
  list(@In() { query }: RouteInput<typeof R.list>, @CurrentUser() user: RequestUser): Promise<AuditListResponse> {
    return this.audit.list(query, user);
  }

  /** `GET audit/export?…`: the same filters as CSV (formula-looking cells neutralised). */
  @Route(R.export)
  async export(
    @In() { query }: RouteInput<typeof R.export>,
    @CurrentUser() user: RequestUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const stamp = new Date().toISOString().slice(0, 10);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(this.audit.exportCsv(query, user));
  }
}
