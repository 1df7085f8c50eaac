import { EVENT_JOBS } from './events';
import { CHANGE_PUSHES, LIVE_CHANGE_TYPES, assertPushRoutesComplete, audienceRooms, type PushRoutes } from './pushes';

describe('push-route table', () => {
  it('routes every outbox event and live change (the start-up check passes)', () => {
    expect(() => assertPushRoutesComplete()).not.toThrow();
    for (const type of [...Object.keys(EVENT_JOBS), ...LIVE_CHANGE_TYPES]) {
      expect(typeof CHANGE_PUSHES[type as keyof PushRoutes]).toBe('function');
    }
  });

  it('fails start-up when an event has no route', () => {
    const { ['company.updated']: _gone, ...missing } = CHANGE_PUSHES;
    expect(() => assertPushRoutesComplete(missing)).toThrow(/change 'company.updated' has no push route/);
  });

  it('fails start-up when a new event type is added without a route', () => {
    const types = [...Object.keys(EVENT_JOBS), ...LIVE_CHANGE_TYPES, 'quote.requested'];
    expect(() => assertPushRoutesComplete(CHANGE_PUSHES, types)).toThrow(/'quote.requested' has no push route/);
  });

  it('fails when the table routes something that is neither an event nor a live change', () => {
    expect(() => assertPushRoutesComplete({ ...CHANGE_PUSHES, 'nothing.happened': () => [] })).toThrow(
      /routes 'nothing.happened'/,
    );
  });
});

describe('who hears a price change', () => {
  const actor = { id: 'u1', username: 'Root', email: 'r@x.com', role: 'superadmin' as const };
  const rooms = (pushes: readonly { to: readonly Parameters<typeof audienceRooms>[0][] }[]) =>
    pushes.map((p) => p.to.flatMap(audienceRooms));

  it("a company's multiplier reaches only that company's room as kind 'prices'", () => {
    const pushes = CHANGE_PUSHES['company.updated']({
      companyId: 'c1',
      name: 'Acme',
      actor,
      changes: [{ field: 'minipro_percentage', label: 'Minipro Multiplier', from: '0.5', to: '0.4' }],
    });
    const prices = pushes.filter((p) => p.event === 'catalogue.changed');
    expect(prices).toHaveLength(1);
    expect(prices[0].data).toEqual({ categoryId: null, productId: null, kind: 'prices' });
    expect(rooms(prices)).toEqual([['company:c1']]);
  });

  it('a rename moves no price', () => {
    const pushes = CHANGE_PUSHES['company.updated']({
      companyId: 'c1',
      name: 'Acme 2',
      actor,
      changes: [{ field: 'name', label: 'Name', from: '"Acme"', to: '"Acme 2"' }],
    });
    expect(pushes.map((p) => p.event)).toEqual(['org.changed']);
  });

  it('a list-price save, a product line and an applied import reach every company', () => {
    const everyone = ['role:superadmin', 'role:admin', 'role:employee'];
    const saved = CHANGE_PUSHES['catalogue.variants_saved']({
      productId: 'p1',
      productName: 'P',
      categoryId: 'k1',
      subcategoryId: null,
      added: 0,
      updated: 1,
      deleted: 0,
      priceChanges: 1,
      actor,
    });
    expect(saved[0].data).toEqual({ categoryId: 'k1', productId: 'p1', kind: 'prices' });
    expect(rooms(saved)).toEqual([everyone]);
    const line = CHANGE_PUSHES['category.updated']({ categoryId: 'k1', productLineChanged: true });
    expect(line[0].data).toEqual({ categoryId: 'k1', productId: null, kind: 'prices' });
    expect(rooms(line)).toEqual([everyone]);
    const counts = { create: 0, update: 1, unchanged: 0, delete: 0, errors: 0 };
    const finished = { importId: 'i1', fileName: 'f.csv', counts, message: null, actor };
    const applied = CHANGE_PUSHES['catalogue.import_finished']({ ...finished, phase: 'apply', status: 'applied' });
    expect(applied[0].data).toEqual({ categoryId: null, productId: null, kind: 'prices' });
    expect(rooms(applied)).toEqual([everyone]);
    expect(CHANGE_PUSHES['catalogue.import_finished']({ ...finished, phase: 'dry_run', status: 'ready' })).toEqual([]);
  });
});
