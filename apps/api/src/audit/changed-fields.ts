import type { AuditValues } from '@portal/contracts';

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
