import type { RealtimeMessage } from '@portal/contracts';
import { commitChange } from './commit-change';
import type { Actor } from './actor';

/** A transaction that records what the exit ran: statements, and the NOTIFY messages it queued. */
function fakeTransaction() {
  const statements: { sql: string; params: unknown[] }[] = [];
  const messages: RealtimeMessage[] = [];
  let seq = 0;
  return {
    statements,
    messages,
    async query(sql: string, params: unknown[] = []) {
      statements.push({ sql, params });
      if (sql.includes('pg_notify')) {
        messages.push(JSON.parse(params[1] as string) as RealtimeMessage);
        return [];
      }
      if (sql.includes('INSERT INTO outbox')) {
        return (params[0] as string[]).map(() => ({ id: `e${++seq}`, seq: String(seq) }));
      }
      return [];
    },
  };
}

const root: Actor = { id: 'u1', username: 'Root', email: 'root@x.com', role: 'superadmin', ip: '10.0.0.1' };

describe('commitChange (the exit)', () => {
  it('writes audit and outbox in the transaction, stamps the actor, and sends one message per audience', async () => {
    const m = fakeTransaction();
    const ids = await commitChange(m, root, {
      events: [
        {
          type: 'catalogue.variants_saved',
          payload: {
            productId: 'p1',
            productName: 'P',
            categoryId: 'k1',
            subcategoryId: null,
            added: 0,
            updated: 2,
            deleted: 0,
            priceChanges: 1,
          },
        },
      ],
      audit: [
        { action: 'variant.updated', entity: 'variant', entityId: 'v1', companyId: null, after: { price: 1 } },
        { action: 'variant.updated', entity: 'variant', entityId: 'v2', companyId: null, after: { price: 2 } },
      ],
    });
    expect(ids).toEqual(['e1']);
    const audit = m.statements.filter((s) => s.sql.includes('INSERT INTO audit_log'));
    expect(audit).toHaveLength(1); // one statement for all entries
    expect(audit[0].params.slice(6)).toEqual(['u1', 'Root', 'superadmin', '10.0.0.1']);
    const outbox = m.statements.find((s) => s.sql.includes('INSERT INTO outbox'))!;
    expect(JSON.parse((outbox.params[1] as string[])[0])).toMatchObject({
      productId: 'p1',
      actor: { id: 'u1', username: 'Root', email: 'root@x.com', role: 'superadmin' },
    });
    expect(outbox.params[2]).toBe('u1');

    // Superadmins: ONE message with both pushes; every company: one message to both role rooms.
    expect(m.messages).toHaveLength(2);
    const toSuperadmins = m.messages.find((x) => x.room === 'role:superadmin')!;
    expect(toSuperadmins.event).toBe('batch');
    expect(toSuperadmins.data).toEqual({
      events: [
        { event: 'catalogue.changed', data: { categoryId: 'k1', productId: 'p1', kind: 'prices' } },
        { event: 'audit.created', data: { count: 2, entities: ['variant'] } },
      ],
    });
    const toCompanies = m.messages.find((x) => x !== toSuperadmins)!;
    expect(toCompanies).toEqual({
      room: ['role:admin', 'role:employee'],
      event: 'catalogue.changed',
      data: { categoryId: 'k1', productId: 'p1', kind: 'prices' },
    });
  });

  it('sends a push heard twice in one change once (bulk delete in one company)', async () => {
    const m = fakeTransaction();
    const ref = { role: 'employee' as const, companyId: 'c1', companyName: 'Acme' };
    await commitChange(m, root, {
      events: [
        { type: 'user.deleted', payload: { userId: 'a', username: 'A', email: 'a@x.com', ...ref } },
        { type: 'user.deleted', payload: { userId: 'b', username: 'B', email: 'b@x.com', ...ref } },
      ],
    });
    expect(m.messages).toEqual([
      {
        room: ['role:superadmin', 'company:c1'],
        event: 'org.changed',
        data: { entity: 'user', action: 'deleted', companyId: 'c1' },
      },
    ]);
    const outbox = m.statements.find((s) => s.sql.includes('INSERT INTO outbox'))!;
    expect(outbox.params[0]).toEqual(['user.deleted', 'user.deleted']); // two events, one statement
  });

  it('writes no outbox row for a live-only change, and closes revoked sessions apart from the rest', async () => {
    const m = fakeTransaction();
    await commitChange(m, root, {
      events: [{ type: 'session.revoked', payload: { sessionIds: ['s1', 's2'], reason: 'disabled' } }],
      audit: [{ action: 'session.revoked', entity: 'session', entityId: 's1', companyId: null }],
    });
    expect(m.statements.some((s) => s.sql.includes('INSERT INTO outbox'))).toBe(false);
    expect(m.messages).toEqual([
      { room: ['session:s1'], event: 'session.revoked', data: { reason: 'disabled' }, disconnect: true },
      { room: ['session:s2'], event: 'session.revoked', data: { reason: 'disabled' }, disconnect: true },
      { room: 'role:superadmin', event: 'audit.created', data: { count: 1, entities: ['session'] } },
    ]);
  });

  it('an audit-only change tells only the audit screens; an empty change does nothing', async () => {
    const m = fakeTransaction();
    await commitChange(m, root, {
      audit: [{ action: 'auth.login', entity: 'session', entityId: 's9', companyId: 'c1' }],
    });
    expect(m.messages).toEqual([
      { room: 'role:superadmin', event: 'audit.created', data: { count: 1, entities: ['session'] } },
    ]);
    const empty = fakeTransaction();
    await commitChange(empty, root, { audit: [] });
    expect(empty.statements).toEqual([]);
  });

  it('runs a builder with its own transaction and actor, then commits what it built', async () => {
    const m = fakeTransaction();
    const seen: { m: unknown; actor: Actor }[] = [];
    await commitChange(m, root, async (tx, actor) => {
      seen.push({ m: tx, actor });
      await tx.query('SELECT 1');
      return {
        audit: [{ action: 'site.updated', entity: 'site', entityId: 's1', companyId: 'c1', after: { name: 'B' } }],
      };
    });
    expect(seen).toEqual([{ m, actor: root }]);
    expect(m.statements[0].sql).toBe('SELECT 1'); // the builder's read comes first, in the same transaction
    const audit = m.statements.filter((s) => s.sql.includes('INSERT INTO audit_log'));
    expect(audit).toHaveLength(1);
    expect(audit[0].params[0]).toEqual(['site.updated']);
  });
});
