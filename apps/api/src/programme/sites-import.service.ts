import fs from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import {
  MAX_SLOTS_PER_COMPANY,
  PROGRAMME_COLUMNS,
  PROGRAMME_MSG,
  SITES_IMPORT_MSG as M,
  formatInterval,
  isUuid,
  neutraliseCell,
  sizeString,
  type SitesImportQuery,
  type SitesImportView,
} from '@portal/domain';
import {
  applySitesImport,
  commitChange,
  countSitesImportErrors,
  findSitesImport,
  insertSitesImport,
  moveSitesImport,
  programmeChange,
  sitesImportErrors,
  type SitesImportRow,
} from '@portal/db';
import { SHEET_MIME, tableWriter, type Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import { isSuperadmin, requireAccess } from '../common/access';
import type { RequestUser } from '../common/request-user';
import { receiveSheet } from '../common/sheet-upload';
import * as repo from './programme.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * Onboarding a programme in bulk: `POST sites/import` (the upload, checked like the catalogue
 * import's, then the worker's dry run), `GET sites/import/{id}` (counts and errors per row),
 * `POST sites/import/{id}/apply` (one transaction: missing sites, units and slots created, existing
 * slots updated, the 5,000-slot limit, one audit entry, `programme.changed` per site touched) and
 * `GET sites/export` in the same columns. Company admins for their company; superadmins name one.
 */
@Injectable()
export class SitesImportService {
  private readonly logger = new Logger(SitesImportService.name);

  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The company a call is about: a superadmin's `companyId` (which must exist), else the caller's. */
  private async companyOf(user: RequestUser, companyId: string | undefined): Promise<string> {
    if (!isSuperadmin(user)) {
      if (!user.companyId) throw new ApiException(403, PROGRAMME_MSG.companyNotFound);
      // Another company's id from an admin reads like an unknown one.
      if (companyId && companyId.toLowerCase() !== user.companyId)
        throw new ApiException(404, PROGRAMME_MSG.companyNotFound);
      return user.companyId;
    }
    if (!companyId)
      throw new ApiException(400, PROGRAMME_MSG.companyRequired, { companyId: PROGRAMME_MSG.companyRequired });
    if (!isUuid(companyId) || !(await repo.companyExists(this.db, companyId.toLowerCase())))
      throw new ApiException(404, PROGRAMME_MSG.companyNotFound);
    return companyId.toLowerCase();
  }

  private async reachable(
    user: RequestUser,
    id: string,
    lock = false,
    db: DataSource | import('typeorm').EntityManager = this.db,
  ) {
    const imp = await findSitesImport(db, id.toLowerCase(), lock);
    if (!imp) throw new ApiException(404, M.notFound);
    requireAccess(user, { companies: [imp.company_id] }, new ApiException(404, M.notFound));
    return imp;
  }

  /** `POST sites/import`: 202 with the queued import; the worker runs the dry run. */
  async start(user: RequestUser, req: FastifyRequest) {
    const sheet = await receiveSheet(req, this.env.FILES_DIR, 'programme');
    try {
      const companyId = await this.companyOf(user, sheet.fields.companyId?.trim() || undefined);
      await this.db.transaction(async (m) => {
        await insertSitesImport(m, {
          id: sheet.id,
          companyId,
          fileName: sheet.name,
          format: sheet.kind,
          storageName: sheet.storageName,
          size: sheet.size,
          rows: sheet.rows,
          startedBy: { id: user.id, username: user.username, email: user.email, role: user.role },
        });
        await commitChange(m, user.actor, {
          events: [
            { type: 'programme.import_requested', payload: { importId: sheet.id, fileName: sheet.name, companyId } },
          ],
        });
      });
      return { status: 202, message: M.queued, data: { _id: sheet.id, status: 'queued' } };
    } catch (err) {
      await fs.rm(sheet.file, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  private async view(imp: SitesImportRow, q: SitesImportQuery): Promise<SitesImportView> {
    const [errors, total] = await Promise.all([
      sitesImportErrors(this.db, imp.id, q.errorsLimit, (q.errorsPage - 1) * q.errorsLimit),
      countSitesImportErrors(this.db, imp.id),
    ]);
    return {
      _id: imp.id,
      company_id: imp.company_id,
      status: imp.status,
      file_name: imp.file_name,
      message: imp.message,
      started_by: imp.started_by_name,
      created_at: iso(imp.created_at)!,
      validated_at: iso(imp.validated_at),
      applied_at: iso(imp.applied_at),
      done: imp.done_rows,
      total: imp.total_rows,
      counts: {
        sites_created: imp.sites_created,
        units_created: imp.units_created,
        slots_created: imp.slots_created,
        slots_updated: imp.slots_updated,
        slots_unchanged: imp.slots_unchanged,
        errors: imp.error_count,
      },
      errors,
      errors_total: total,
      errors_page: q.errorsPage,
      errors_limit: q.errorsLimit,
    };
  }

  async get(user: RequestUser, id: string, q: SitesImportQuery) {
    return { status: 200, data: await this.view(await this.reachable(user, id), q) };
  }

  /**
   * `POST sites/import/{id}/apply`: the staged rows applied to the programme as it is now, in one
   * transaction under the company's slot lock. Rows that already match write nothing.
   */
  async apply(user: RequestUser, id: string) {
    await this.db.transaction(async (m) => {
      const imp = await this.reachable(user, id, true, m);
      if (imp.status === 'invalid') throw new ApiException(400, M.cannotApplyInvalid);
      if (imp.status !== 'ready') throw new ApiException(409, M.cannotApplyStatus(imp.status));
      await repo.lockAndCountSlots(m, imp.company_id);
      const done = await applySitesImport(m, imp.id, imp.company_id, this.env.SUPPLIER_TZ);
      if ((await repo.lockAndCountSlots(m, imp.company_id)) > MAX_SLOTS_PER_COMPANY)
        throw new ApiException(400, PROGRAMME_MSG.tooManySlots(MAX_SLOTS_PER_COMPANY));
      await moveSitesImport(m, imp.id, ['ready'], 'applied');
      const counts = {
        sites_created: done.sites.length,
        units_created: done.units.length,
        slots_created: done.created.length,
        slots_updated: done.updated.length,
      };
      const siteIds = [
        ...new Set([
          ...done.sites.map((s) => s.id),
          ...done.units.map((u) => u.site_id),
          ...done.created.map((s) => s.site_id),
          ...done.updated.map((s) => s.site_id),
        ]),
      ];
      // One audit entry for the apply; `programme.changed` once for each site it touched.
      await commitChange(
        m,
        user.actor,
        programmeChange({
          companyId: imp.company_id,
          siteIds,
          audit: [
            {
              action: 'sites.imported',
              entity: 'sites_import',
              entityId: imp.id,
              companyId: imp.company_id,
              after: { file_name: imp.file_name, ...counts, site_codes: done.sites.map((s) => s.code) },
            },
          ],
        }),
      );
    });
    const imp = (await findSitesImport(this.db, id.toLowerCase()))!;
    const data = await this.view(imp, { errorsPage: 1, errorsLimit: 50 });
    return { status: 200, message: M.applied, data };
  }

  /** `GET sites/export`: the company's live slots in the import's columns (re-imports unchanged). */
  async export(user: RequestUser, reply: FastifyReply, format: 'csv' | 'xlsx', companyId: string | undefined) {
    const company = await this.companyOf(
      user,
      companyId ?? (isSuperadmin(user) ? undefined : (user.companyId ?? undefined)),
    );
    const rows = await repo.exportRows(this.db, company);
    const table = tableWriter(format, {
      columns: PROGRAMME_COLUMNS,
      sheetName: 'Programme',
      widths: { 'site name': 28, 'unit label': 16, 'part number or size': 26, 'last changed': 14 },
    });
    void reply
      .header('content-type', SHEET_MIME[format])
      .header('content-disposition', `attachment; filename="filter-programme.${format}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(table.output);
    try {
      await table.write(
        rows.map((r) => [
          neutraliseCell(r.site_code),
          neutraliseCell(r.site_name),
          neutraliseCell(r.unit_label),
          r.stage,
          // A part number where there is one (a catalogue part, an agreed item the company or the office
          // numbered), else the size: the import reads either back to the same filter.
          neutraliseCell(
            r.part_number ??
              (r.width !== null
                ? sizeString(Number(r.width), Number(r.height), Number(r.depth), r.measure)
                : (r.agreed_description ?? '')),
          ),
          format === 'csv' ? String(r.quantity) : r.quantity,
          formatInterval({ unit: r.interval_unit, count: r.interval_count }),
          r.anchor_date,
        ]),
      );
      await table.end();
    } catch (err) {
      this.logger.warn(`programme export failed: ${(err as Error).message}`);
      table.output.destroy(err as Error);
    }
  }
}
