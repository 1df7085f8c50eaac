import type { EntityManager } from 'typeorm';
import { commitChange } from '@portal/db';
import type { RequestUser } from '../common/request-user';
import type { PartAliasRow } from './demand.repository';

/**
 * The one place an alias change leaves its traces (its audit entry, through the exit
 * `commitChange`; no event, no push). Runs in the change's transaction. The catalogue version
 * moves by trigger (cached look-ups never answer with a removed alias).
 */
export async function recordPartAliasChange(
  m: EntityManager,
  user: RequestUser,
  action: 'part_alias.created' | 'part_alias.deleted',
  alias: PartAliasRow,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const values = {
    alias: alias.alias,
    variant_id: alias.variant_id,
    part_number: alias.part_number,
    source: alias.source,
    brand: alias.brand,
    note: alias.note,
    ...extra,
  };
  await commitChange(m, user.actor, {
    audit: [
      {
        action,
        entity: 'part_alias',
        entityId: alias._id,
        companyId: null,
        before: action === 'part_alias.deleted' ? values : null,
        after: action === 'part_alias.created' ? values : null,
      },
    ],
  });
}
