import { AUDIT_MAX_PAGE_SIZE, AUDIT_MSG, auditQuerySchema } from './index';

const parse = (q: Record<string, unknown>) => auditQuerySchema.safeParse(q);
const firstMessage = (q: Record<string, unknown>) => {
  const r = parse(q);
  return r.success ? null : r.error.issues[0].message;
};

describe('auditQuerySchema', () => {
  it('defaults, blank filters ignored, ids lower-cased, limit capped', () => {
    const r = parse({ entity: '', company_id: 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA', limit: '5000' });
    expect(r.success && r.data).toMatchObject({
      page: 1,
      limit: AUDIT_MAX_PAGE_SIZE,
      entity: undefined,
      company_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    });
  });

  it('a date-only "to" includes that whole day; date-times are taken as given', () => {
    const r = parse({ from: '2026-01-01', to: '2026-01-31' });
    expect(r.success && r.data.from).toEqual({ at: '2026-01-01T00:00:00.000Z', exclusive: false });
    expect(r.success && r.data.to).toEqual({ at: '2026-02-01T00:00:00.000Z', exclusive: true });
    const t = parse({ to: '2026-01-31T12:00:00Z' });
    expect(t.success && t.data.to).toEqual({ at: '2026-01-31T12:00:00.000Z', exclusive: false });
  });

  it.each([
    [{ from: 'last week' }, AUDIT_MSG.invalidDate],
    [{ from: '0000-01-01T00:00:00Z' }, AUDIT_MSG.invalidDate],
    [{ to: '2026-02-30x' }, AUDIT_MSG.invalidDate],
    [{ from: '2026-03-01', to: '2026-02-01' }, AUDIT_MSG.badRange],
    [{ entity: 'invoice' }, AUDIT_MSG.invalidEntity],
    [{ actor_id: "1' OR '1'='1" }, AUDIT_MSG.invalidId],
    [{ action: 'company.updated; DROP' }, AUDIT_MSG.invalidAction],
    [{ page: '-1' }, AUDIT_MSG.invalidQuery],
    [{ limit: '1.5' }, AUDIT_MSG.invalidQuery],
  ])('refuses %j', (q, message) => {
    expect(firstMessage(q)).toBe(message);
  });
});
