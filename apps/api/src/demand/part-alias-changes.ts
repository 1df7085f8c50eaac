import type { Change } from '@portal/db';
import type { PartAliasRow } from './demand.repository';

/**
 * An alias change, for the exit: its audit entry (no event, no push). The catalogue version moves
 * by trigger (cached look-ups never answer with a removed alias).
 */
export function partAliasChange(
  action: 'part_alias.created' | 'part_alias.deleted',
  alias: PartAliasRow,
  extra: Record<string, unknown> = {},
): Change {
  const values = {
    alias: alias.alias,
    variant_id: alias.variant_id,
    part_number: alias.part_number,
    source: alias.source,
    brand: alias.brand,
    note: alias.note,
    ...extra,
  };
  return {
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
  };
}
