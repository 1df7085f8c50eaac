import type { EntityManager } from 'typeorm';
import { publishEvent } from '@portal/db';
import { recordAudit, type AuditActor } from '../audit/audit.sql';
import type { AccountUser } from './account.repository';

/** A changed username or (confirmed) email: its audit entry and the `account.profile_updated` event. */
export async function recordProfileChange(
  m: EntityManager,
  actor: AuditActor,
  after: AccountUser,
  field: 'username' | 'email',
  previous: string,
): Promise<void> {
  await recordAudit(m, actor, [
    {
      action: 'user.updated',
      entity: 'user',
      entityId: after.id,
      companyId: after.company_id,
      before: { [field]: previous },
      after: { [field]: after[field] },
    },
  ]);
  await publishEvent(
    m,
    'account.profile_updated',
    {
      userId: after.id,
      username: after.username,
      email: after.email,
      companyId: after.company_id,
      changed: [field],
      previousEmail: field === 'email' ? previous : null,
    },
    after.id,
  );
}
