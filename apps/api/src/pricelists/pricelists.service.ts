import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PricelistScope } from '@portal/contracts';
import {
  CATALOGUE_MSG,
  MAX_ACTIVE_PRICELISTS,
  MAX_PRICELISTS_PER_DAY,
  PRICELIST_MSG,
  type CreatePricelistInput,
} from '@portal/domain';
import { commitChange } from '@portal/db';
import { PRICELIST_MIME, pricelistFilePath, type Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { isSuperadmin } from '../common/access';
import { reserveAttempt } from '../identity/throttle.repository';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  countActive,
  findCompany,
  findNoticeList,
  findPricelist,
  findScope,
  insertPricelist,
  listPricelists,
  lockRequester,
  toView,
  type PricelistRow,
} from './pricelists.repository';

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
    const superadmin = isSuperadmin(user);
    const companyId = superadmin ? input.companyId : user.companyId;
    if (!companyId)
      throw superadmin
        ? new ApiException(400, PRICELIST_MSG.companyRequired)
        : new ApiException(403, CATALOGUE_MSG.companyNotFound);
    const company = await findCompany(this.db, companyId);
    if (!company)
      throw new ApiException(
        superadmin ? 404 : 403,
        superadmin ? PRICELIST_MSG.companyNotFound : CATALOGUE_MSG.companyNotFound,
      );
    let scope: { scope: PricelistScope; id: string | null; name: string } = {
      scope: 'catalogue',
      id: null,
      name: PRICELIST_MSG.wholeCatalogue,
    };
    if (input.catalogueId) {
      const node = await findScope(this.db, input.catalogueId);
      if (!node) throw new ApiException(404, PRICELIST_MSG.scopeNotFound);
      scope = {
        scope: node.scope,
        id: node.id,
        name: node.scope === 'subcategory' ? `${node.category_name} – ${node.name}` : node.name,
      };
    }
    const created = await this.db.transaction(async (m) => {
      await lockRequester(m, user.id);
      const active = await countActive(m, user.id);
      if (active >= MAX_ACTIVE_PRICELISTS) throw new ApiException(429, PRICELIST_MSG.tooMany(MAX_ACTIVE_PRICELISTS));
      // A daily budget too (counted in this transaction: a refused or failed request spends nothing).
      const budget = await reserveAttempt(
        m,
        [{ key: `pricelist:user:${user.id}`, limit: MAX_PRICELISTS_PER_DAY }],
        24 * 60 * 60,
      );
      if (!budget) throw new ApiException(429, PRICELIST_MSG.tooManyToday(MAX_PRICELISTS_PER_DAY));
      const row = await insertPricelist(m, {
        requester: user.id,
        companyId: company.id,
        format: input.format,
        scope: scope.scope,
        scopeId: scope.id,
        scopeName: scope.name,
      });
      await commitChange(m, user.actor, {
        events: [
          {
            type: 'pricelist.requested',
            payload: {
              pricelistId: row.id,
              companyId: company.id,
              companyName: company.name,
              format: input.format,
              scope: scope.scope,
              scopeName: scope.name,
            },
          },
        ],
        audit: [
          {
            action: 'pricelist.requested',
            entity: 'pricelist',
            entityId: row.id,
            companyId: company.id,
            after: { format: input.format, scope: scope.scope, scope_name: scope.name, company_name: company.name },
          },
        ],
      });
      return row;
    });
    return { status: 202, message: PRICELIST_MSG.queued, data: { _id: created.id, status: created.status } };
  }

  async list(user: RequestUser, companyId: string | undefined) {
    const rows = await listPricelists(this.db, user.id, companyId ?? null);
    return { status: 200, data: rows.map(toView) };
  }

  private async row(user: RequestUser, id: string): Promise<PricelistRow> {
    // `id` is a UUID: the controller's pipe answered 404 for anything else.
    const row = await findPricelist(this.db, id, user.id, isSuperadmin(user));
    if (!row) throw new ApiException(404, PRICELIST_MSG.notFound);
    return row;
  }

  async get(user: RequestUser, id: string) {
    return { status: 200, data: toView(await this.row(user, id)) };
  }

  async open(user: RequestUser, id: string): Promise<PricelistDownload> {
    const row = await this.row(user, id);
    if (row.status !== 'ready') throw new ApiException(409, PRICELIST_MSG.notReady);
    return this.download(row);
  }

  /**
   * The list at an announced change's new prices, as built for the caller's company's notice: any of the
   * company's people may fetch it (the catalogue banner's link); another company's, or none yet, is 404.
   */
  async openNoticeList(user: RequestUser, priceChangeId: string): Promise<PricelistDownload> {
    const row = user.companyId ? await findNoticeList(this.db, priceChangeId, user.companyId) : null;
    if (!row) throw new ApiException(404, PRICELIST_MSG.notFound);
    return this.download(row);
  }

  private async download(row: PricelistRow): Promise<PricelistDownload> {
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
