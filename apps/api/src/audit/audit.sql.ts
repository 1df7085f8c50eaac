import type { AuditActor } from '@portal/db';
import type { AuditValues } from '@portal/contracts';
import type { RequestUser } from '../common/request-user';

export { recordAudit, SYSTEM_ACTOR, type AuditActor, type AuditEntry } from '@portal/db';

export function auditActor(user: RequestUser): AuditActor {
  return { id: user.id, username: user.username, role: user.role, ip: user.ip ?? null };
}

/**
 * Only the fields whose value differs, as `{ before, after }`; null when nothing changed.
 * Numbers compare by value; `undefined` in `next` means "not part of this change".
 */
export function changedFields<T extends object>(
  prev: T,
  next: Partial<T>,
  fields: readonly (keyof T & string)[],
): { before: AuditValues; after: AuditValues } | null {
  const before: AuditValues = {};
  const after: AuditValues = {};
  for (const f of fields) {
    const n = next[f];
    if (n === undefined) continue;
    const p = prev[f] ?? null;
    if (p === n || (typeof p === 'number' && typeof n === 'number' && Number(p) === Number(n))) continue;
    if (p !== null && n !== null && typeof p === 'object' && JSON.stringify(p) === JSON.stringify(n)) continue;
    before[f] = p;
    after[f] = n ?? null;
  }
  return Object.keys(after).length ? { before, after } : null;
}
