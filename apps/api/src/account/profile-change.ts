import type { EntityManager } from 'typeorm';
import { commitChange, type Actor } from '@portal/db';
import type { AccountUser } from './account.repository';

/** A changed username or (confirmed) email: its audit entry and the `account.profile_updated` event. */
export async function commitProfileChange(
  m: EntityManager,
  actor: Actor,
  after: AccountUser,
  field: 'username' | 'email',
  previous: string,
): Promise<void> {
  await commitChange(m, actor, {
    events: [
      {
        type: 'account.profile_updated',
        payload: {
          userId: after.id,
          username: after.username,
          email: after.email,
          companyId: after.company_id,
          changed: [field],
          previousEmail: field === 'email' ? previous : null,
        },
      },
    ],
    audit: [
      {
        action: 'user.updated',
        entity: 'user',
        entityId: after.id,
        companyId: after.company_id,
        before: { [field]: previous },
        after: { [field]: after[field] },
      },
    ],
  });
}
