import { commitChange } from '@portal/db';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  FIND_MSG,
  partKey,
  type DemandResolveInput,
  type PartAliasCreateInput,
  type PartAliasListQuery,
} from '@portal/domain';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  aliasPreconditions,
  commonRawForm,
  deleteAlias,
  insertAlias,
  listAliases,
  zeroResultSearches,
  type PartAliasRow,
} from './demand.repository';
import { partAliasChange } from './part-alias-changes';

/** Cross-reference numbers (superadmin): other people's part numbers for our variants. */
@Injectable()
export class PartAliasesService {
  constructor(private readonly db: DataSource) {}

  /** Creates an alias, audited, in one transaction: 400 own part number / unknown variant, 409 repeat. */
  private create(user: RequestUser, input: PartAliasCreateInput, extra: Record<string, unknown> = {}) {
    return this.db.transaction(async (m) => {
      const pre = await aliasPreconditions(m, input.variantId, input.alias);
      if (!pre.variant_exists)
        throw new ApiException(400, FIND_MSG.unknownVariant, { variantId: FIND_MSG.unknownVariant });
      if (pre.is_part_number)
        throw new ApiException(400, FIND_MSG.alreadyPartNumber, { alias: FIND_MSG.alreadyPartNumber });
      const row = await insertAlias(m, input, user.id);
      if (!row) throw new ApiException(409, FIND_MSG.duplicateAlias, { alias: FIND_MSG.duplicateAlias });
      await commitChange(m, user.actor, partAliasChange('part_alias.created', row, extra));
      return row;
    });
  }

  async add(user: RequestUser, input: PartAliasCreateInput) {
    const row = await this.create(user, input);
    return { status: 201, message: FIND_MSG.aliasCreated, data: toView(row) };
  }

  async list(q: PartAliasListQuery) {
    const rows = await listAliases(this.db, { ...q, offset: (q.page - 1) * q.limit });
    return { status: 200, data: { list: rows.map(toView), total: rows[0]?.total ?? 0 } };
  }

  async remove(user: RequestUser, id: string) {
    const row = await this.db.transaction(async (m) => {
      const deleted = await deleteAlias(m, id);
      if (!deleted) throw new ApiException(404, FIND_MSG.aliasNotFound);
      await commitChange(m, user.actor, partAliasChange('part_alias.deleted', deleted));
      return deleted;
    });
    return { status: 200, message: FIND_MSG.aliasDeleted, data: toView(row) };
  }

  /**
   * `POST demand/parts/resolve`: the zero-result key becomes an alias of the variant (typed the way
   * buyers typed it most often), and says how many logged searches it would have answered.
   */
  async resolve(user: RequestUser, input: DemandResolveInput) {
    const key = partKey(input.key);
    const alias = (await commonRawForm(this.db, key)) ?? input.key;
    const wouldHaveMatched = await zeroResultSearches(this.db, key);
    const row = await this.create(
      user,
      { alias, variantId: input.variantId, source: input.source, brand: input.brand, note: null },
      { resolved_from: key, would_have_matched: wouldHaveMatched },
    );
    return { status: 201, data: { alias: toView(row), would_have_matched: wouldHaveMatched } };
  }
}

function toView(r: PartAliasRow) {
  return {
    _id: r._id,
    alias: r.alias,
    alias_key: r.alias_key,
    variant_id: r.variant_id,
    part_number: r.part_number,
    odd_size: r.odd_size,
    source: r.source,
    brand: r.brand,
    note: r.note,
    created_by: r.created_by,
    created_at: r.created_at,
  };
}
