import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { DataSource } from 'typeorm';
import type { AuditEntryView, AuditListResponse } from '@portal/contracts';
import { AUDIT_EXPORT_MAX_ROWS, MSG, neutraliseCell, type AuditQuery } from '@portal/domain';
import { isSuperadmin, requireAccess } from '../common/access';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { auditBatches, listAudit } from './audit.repository';

const CSV_COLUMNS = [
  'created_at',
  'action',
  'entity',
  'entity_id',
  'actor',
  'actor_role',
  'company_id',
  'before',
  'after',
  'ip',
];

function csvRow(e: AuditEntryView): string[] {
  const cells = [
    e.created_at,
    e.action,
    e.entity,
    e.entity_id ?? '',
    e.actor.username,
    e.actor.role ?? '',
    e.company_id ?? '',
    e.before ? JSON.stringify(e.before) : '',
    e.after ? JSON.stringify(e.after) : '',
    e.ip ?? '',
  ];
  return cells.map(neutraliseCell);
}

/** Read side of the audit log. Writes happen in each feature's own transaction (libs/db `commitChange`). */
@Injectable()
export class AuditService {
  constructor(private readonly db: DataSource) {}

  /** Superadmin: everything; company admin: entries of their own company only (from the session). */
  private scope(actor: RequestUser): string | null {
    if (isSuperadmin(actor)) return null;
    requireAccess(actor, { roles: ['admin'], companies: [actor.companyId] }, new ApiException(403, MSG.notAuthorized));
    return actor.companyId;
  }

  async list(q: AuditQuery, actor: RequestUser): Promise<AuditListResponse> {
    const data = await listAudit(this.db, q, this.scope(actor));
    return { status: 200, data };
  }

  /** The filtered list as CSV, newest first, streamed in batches (at most AUDIT_EXPORT_MAX_ROWS rows). */
  exportCsv(q: AuditQuery, actor: RequestUser): Readable {
    const scope = this.scope(actor);
    const db = this.db;
    async function* rows() {
      yield CSV_COLUMNS;
      for await (const batch of auditBatches(db, q, scope, AUDIT_EXPORT_MAX_ROWS)) {
        for (const e of batch) yield csvRow(e);
      }
    }
    return Readable.from(rows()).pipe(stringify({ bom: true }));
  }
}
