import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PricelistFormat, PricelistScope, PricelistStatus, PricelistView } from '@portal/contracts';
import {
  MAX_ACTIVE_PRICELISTS,
  PRICELIST_MSG,
  isUuid,
  pricelistFileName,
  type CreatePricelistInput,
} from '@portal/domain';
import { publishEvent } from '@portal/db';
import { auditActor, recordAudit } from '../audit/audit.sql';
import { PRICELIST_MIME, pricelistFilePath, type Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { COMPANY_NOT_FOUND } from '../catalogue/catalogue.service';
import { actorOf } from '../common/actor';
import {
  COMPANY_SQL,
  INSERT_SQL,
  LIST_SQL,
  COUNT_ACTIVE_SQL,
  LOCK_REQUESTER_SQL,
  ONE_SQL,
  SCOPE_SQL,
} from './pricelists.sql';

interface PricelistRow {
  id: string;
  status: PricelistStatus;
  format: PricelistFormat;
  rows: number;
  total: number | null;
  scope: PricelistScope;
  scope_name: string;
  company_id: string;
  company_name: string;
  error: string | null;
  storage_name: string | null;
  size: string | null;
  created_at: Date;
  expires_at: Date;
}

function toView(r: PricelistRow): PricelistView {
  const created = new Date(r.created_at);
  return {
    _id: r.id,
    status: r.status,
    format: r.format,
    rows: r.rows,
    total: r.total,
    scope: r.scope,
    scope_name: r.scope_name,
    company_id: r.company_id,
    company_name: r.company_name,
    file_name: pricelistFileName(r.company_name, r.scope === 'catalogue' ? null : r.scope_name, created, r.format),
    error: r.error,
    created_at: created.toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
  };
}

/** `Content-Disposition: attachment` with an ASCII name and the RFC 5987 UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface PricelistDownload {
  stream: NodeJS.ReadableStream;
  size: number;
  mime: string;
  disposition: string;
}

/**
 * Customer price lists: requests are recorded with their outbox event in one transaction (the
 * worker's `pricelists` queue builds the file); reads and downloads are the requester's own (and
 * any superadmin's) — everyone else gets 404, like an unknown id.
 */
@Injectable()
export class PricelistsService {
  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async create(user: RequestUser, input: CreatePricelistInput) {
    const superadmin = user.role === 'superadmin';
    const companyId = superadmin ? input.companyId : user.companyId;
    if (!companyId)
      throw superadmin
        ? new ApiException(400, PRICELIST_MSG.companyRequired)
        : new ApiException(403, COMPANY_NOT_FOUND);
    const [company] = (await this.db.query(COMPANY_SQL, [companyId])) as { id: string; name: string }[];
    if (!company)
      throw new ApiException(superadmin ? 404 : 403, superadmin ? PRICELIST_MSG.companyNotFound : COMPANY_NOT_FOUND);
    let scope: { scope: PricelistScope; id: string | null; name: string } = {
      scope: 'catalogue',
      id: null,
      name: PRICELIST_MSG.wholeCatalogue,
    };
    if (input.catalogueId) {
      const [node] = (await this.db.query(SCOPE_SQL, [input.catalogueId])) as {
        scope: 'category' | 'subcategory';
        id: string;
        name: string;
        category_name: string;
      }[];
      if (!node) throw new ApiException(404, PRICELIST_MSG.scopeNotFound);
      scope = {
        scope: node.scope,
        id: node.id,
        name: node.scope === 'subcategory' ? `${node.category_name} – ${node.name}` : node.name,
      };
    }
    const created = await this.db.transaction(async (m) => {
      await m.query(LOCK_REQUESTER_SQL, [user.id]);
      const [{ active }] = (await m.query(COUNT_ACTIVE_SQL, [user.id])) as { active: number }[];
      if (active >= MAX_ACTIVE_PRICELISTS) throw new ApiException(429, PRICELIST_MSG.tooMany(MAX_ACTIVE_PRICELISTS));
      const [row] = (await m.query(INSERT_SQL, [
        user.id,
        company.id,
        input.format,
        scope.scope,
        scope.id,
        scope.name,
      ])) as {
        id: string;
        status: 'queued';
      }[];
      await publishEvent(
        m,
        'pricelist.requested',
        {
          pricelistId: row.id,
          companyId: company.id,
          companyName: company.name,
          format: input.format,
          scope: scope.scope,
          scopeName: scope.name,
          actor: actorOf(user),
        },
        user.id,
      );
      await recordAudit(m, auditActor(user), [
        {
          action: 'pricelist.requested',
          entity: 'pricelist',
          entityId: row.id,
          companyId: company.id,
          after: { format: input.format, scope: scope.scope, scope_name: scope.name, company_name: company.name },
        },
      ]);
      return row;
    });
    return { status: 202, message: PRICELIST_MSG.queued, data: { _id: created.id, status: created.status } };
  }

  async list(user: RequestUser, companyId: string | undefined) {
    const rows = (await this.db.query(LIST_SQL, [user.id, companyId ?? null])) as PricelistRow[];
    return { status: 200, data: rows.map(toView) };
  }

  private async row(user: RequestUser, id: string): Promise<PricelistRow> {
    if (!isUuid(id)) throw new ApiException(404, PRICELIST_MSG.notFound);
    const [row] = (await this.db.query(ONE_SQL, [
      id.toLowerCase(),
      user.id,
      user.role === 'superadmin',
    ])) as PricelistRow[];
    if (!row) throw new ApiException(404, PRICELIST_MSG.notFound);
    return row;
  }

  async get(user: RequestUser, id: string) {
    return { status: 200, data: toView(await this.row(user, id)) };
  }

  async open(user: RequestUser, id: string): Promise<PricelistDownload> {
    const row = await this.row(user, id);
    if (row.status !== 'ready') throw new ApiException(409, PRICELIST_MSG.notReady);
    const file = pricelistFilePath(this.env.FILES_DIR, row.storage_name);
    const size = file
      ? await fs.stat(file).then(
          (s) => s.size,
          () => null,
        )
      : null;
    if (!file || size === null) throw new ApiException(404, PRICELIST_MSG.notFound);
    return {
      stream: createReadStream(file),
      size,
      mime: PRICELIST_MIME[row.format],
      disposition: attachment(toView(row).file_name),
    };
  }
}
