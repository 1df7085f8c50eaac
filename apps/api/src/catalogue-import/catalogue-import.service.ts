import fs from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import {
  IMPORT_MSG,
  importMappingSchema,
  missingRequiredColumns,
  suggestMapping,
  type ImportMapping,
} from '@portal/domain';
import { commitChange } from '@portal/db';
import { type Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  fetchExportRows,
  findImport,
  importChanges,
  importErrors,
  insertImport,
  lockImport,
  nodeName,
  openExportCursor,
  setApplying,
} from './catalogue-import.repository';
import { csvWriter, xlsxWriter } from './export-writers';
import { readHeaderRow, receiveSheet } from '../common/sheet-upload';

const EXPORT_BATCH = 2000;
const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function parseMapping(raw: string | undefined): ImportMapping | null {
  if (raw === undefined || raw.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ApiException(400, IMPORT_MSG.badMapping, { mapping: IMPORT_MSG.badMapping });
  }
  const r = importMappingSchema.safeParse(json);
  if (!r.success) {
    const message = r.error.issues[0]?.message ?? IMPORT_MSG.badMapping;
    throw new ApiException(400, message, { mapping: message });
  }
  return r.data;
}

/** File-name part of a category or sub-category name: 'MERV 10 1"' → 'merv-10-1in'. */
const slug = (s: string) =>
  s
    .replace(/(\d)\s*(?:"|″|”|'')/g, '$1in')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'catalogue';

/**
 * Catalogue spreadsheets: streaming export, and imports that the worker dry-runs and applies.
 * The API only receives and checks the upload, records the import with its outbox event in one
 * transaction, and reads back what the worker found.
 */
@Injectable()
export class CatalogueImportService {
  private readonly logger = new Logger(CatalogueImportService.name);

  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** `POST catalogue/imports`: 202 with the queued import; the worker runs the dry run. */
  async start(user: RequestUser, req: FastifyRequest) {
    const sheet = await receiveSheet(req, this.env.FILES_DIR);
    try {
      const mapping = parseMapping(sheet.fields.mapping);
      const deleteMissing = sheet.fields.deleteMissing === 'true';
      const row = await this.db.transaction(async (m) => {
        const row = await insertImport(m, {
          id: sheet.id,
          name: sheet.name,
          kind: sheet.kind,
          storageName: sheet.storageName,
          size: sheet.size,
          mapping,
          deleteMissing,
          rows: sheet.rows,
          user,
        });
        await commitChange(m, user.actor, {
          events: [{ type: 'catalogue.import_requested', payload: { importId: sheet.id, fileName: sheet.name } }],
        });
        return row;
      });
      return { status: 202, message: IMPORT_MSG.queued, data: { _id: row.id, status: row.status } };
    } catch (err) {
      await fs.rm(sheet.file, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  /**
   * `POST catalogue/imports/preview`: the file's header row and a suggested mapping, so the wizard can
   * show the mapping step. Same checks as an import; the file is not kept.
   */
  async preview(req: FastifyRequest) {
    const sheet = await receiveSheet(req, this.env.FILES_DIR);
    try {
      const headers = await readHeaderRow(sheet.file, sheet.kind);
      if (!headers.length) throw new ApiException(400, IMPORT_MSG.empty);
      const mapping = suggestMapping(headers);
      return {
        status: 200,
        data: { format: sheet.kind, headers, mapping, missing: missingRequiredColumns(mapping), rows: sheet.rows },
      };
    } finally {
      await fs.rm(sheet.file, { force: true }).catch(() => undefined);
    }
  }

  /** `GET catalogue/imports/{id}`: status, counts, errors and the (paged) planned changes. */
  async get(id: string, q: { page: number; limit: number; errorsPage: number; errorsLimit: number }) {
    const r = await findImport(this.db, id);
    if (!r) throw new ApiException(404, IMPORT_MSG.notFound);
    const [errors, changes] = await Promise.all([
      importErrors(this.db, id, q.errorsLimit, (q.errorsPage - 1) * q.errorsLimit),
      importChanges(this.db, id, q.limit, (q.page - 1) * q.limit),
    ]);
    return {
      status: 200,
      data: {
        _id: r.id,
        status: r.status,
        file_name: r.file_name,
        format: r.format,
        delete_missing: r.delete_missing,
        message: r.message,
        started_by: r.started_by_name,
        created_at: new Date(r.created_at).toISOString(),
        validated_at: r.validated_at ? new Date(r.validated_at).toISOString() : null,
        applied_at: r.applied_at ? new Date(r.applied_at).toISOString() : null,
        done: r.done_rows,
        total: r.total_rows,
        counts: {
          create: r.create_count,
          update: r.update_count,
          unchanged: r.unchanged_count,
          delete: r.delete_count,
          errors: r.error_count,
        },
        errors,
        errors_total: r.error_rows,
        errors_page: q.errorsPage,
        errors_limit: q.errorsLimit,
        changes,
        changes_total: r.change_rows,
        page: q.page,
        limit: q.limit,
      },
    };
  }

  /** `POST catalogue/imports/{id}/apply`: 202 (the worker applies); invalid → 400; not ready → 409. */
  async apply(user: RequestUser, id: string) {
    return this.db.transaction(async (m) => {
      const r = await lockImport(m, id);
      if (!r) throw new ApiException(404, IMPORT_MSG.notFound);
      if (r.status === 'invalid') throw new ApiException(400, IMPORT_MSG.cannotApplyInvalid);
      if (r.status !== 'ready') throw new ApiException(409, IMPORT_MSG.cannotApplyStatus(r.status));
      await setApplying(m, id);
      await commitChange(m, user.actor, {
        events: [{ type: 'catalogue.import_apply_requested', payload: { importId: id, fileName: r.file_name } }],
      });
      return { status: 202, message: IMPORT_MSG.applyQueued, data: { _id: id, status: 'applying' } };
    });
  }

  /**
   * `GET catalogue/export`: streams the catalogue (or one category / sub-category) straight from a
   * Postgres cursor into the response, a batch at a time.
   */
  async export(reply: FastifyReply, format: 'csv' | 'xlsx', catalogueId: string | undefined): Promise<void> {
    let name = 'catalogue';
    if (catalogueId) {
      const found = await nodeName(this.db, catalogueId);
      if (found === null) throw new ApiException(404, IMPORT_MSG.catalogueNotFound);
      name = `catalogue-${slug(found)}`;
    }
    const file = `${name}-${new Date().toISOString().slice(0, 10)}.${format}`;
    const writer = format === 'csv' ? csvWriter() : xlsxWriter();
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      await openExportCursor(runner.manager, catalogueId ?? null);
    } catch (err) {
      await runner.release();
      throw err;
    }
    void reply
      .header('content-type', MIME[format])
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(writer.output);
    const pump = async () => {
      try {
        for (;;) {
          const rows = await fetchExportRows(runner.manager, EXPORT_BATCH);
          if (rows.length) await writer.write(rows);
          if (rows.length < EXPORT_BATCH) break;
        }
        await writer.end();
        await runner.commitTransaction();
      } catch (err) {
        this.logger.warn(`export failed: ${(err as Error).message}`);
        writer.output.destroy(err as Error);
        await runner.rollbackTransaction().catch(() => undefined);
      } finally {
        await runner.release();
      }
    };
    await pump();
  }
}
