import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuditListResponse } from '@portal/contracts';
import { auditQuerySchema, type AuditQuery } from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { RequestUser } from '../common/request-user';
import { AuditService } from './audit.service';

/** Read-only on purpose: there is no route that changes or removes an entry. */
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** `GET audit?page&limit&entity&entity_id&actor_id&company_id&action&from&to`, newest first. */
  @Allow('superadmin', 'admin')
  @Get()
  list(
    @Query(new ZodPipe(auditQuerySchema)) query: AuditQuery,
    @CurrentUser() user: RequestUser,
  ): Promise<AuditListResponse> {
    return this.audit.list(query, user);
  }

  /** `GET audit/export?…`: the same filters as CSV (formula-looking cells neutralised). */
  @Allow('superadmin', 'admin')
  @Get('export')
  async export(
    @Query(new ZodPipe(auditQuerySchema)) query: AuditQuery,
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
