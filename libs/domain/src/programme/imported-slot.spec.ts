import { importedSlotAction, type ExistingSlotFit, type ImportedSlotFit } from './imported-slot';

const row: ImportedSlotFit = {
  fitted_kind: 'custom_size',
  variant_id: null,
  catalogue_id: 'cat-1',
  width: 20.5,
  height: 25,
  depth: 1,
  measure: 'exact',
  quantity: 4,
  interval_unit: 'month',
  interval_count: 3,
  anchor_date: '2026-01-31',
};
// The same slot as Postgres answers it: sizes as numeric text.
const existing: ExistingSlotFit = { ...row, width: '20.50', height: '25.000', depth: '1' };

describe('importedSlotAction (a programme file row against the slot of its site, unit and stage)', () => {
  it('creates a missing slot and leaves one whose every field matches (sizes compared as numbers)', () => {
    expect(importedSlotAction(undefined, row)).toBe('create');
    expect(importedSlotAction(null, row)).toBe('create');
    expect(importedSlotAction(existing, row)).toBe('unchanged');
  });

  it('updates a slot when any one field differs', () => {
    const changes: Partial<ImportedSlotFit>[] = [
      { fitted_kind: 'catalogue', variant_id: 'v-1', catalogue_id: null },
      { width: 20.25 },
      { height: '24' },
      { depth: null },
      { measure: 'nominal' },
      { quantity: 5 },
      { interval_unit: 'week' },
      { interval_count: 6 },
      { anchor_date: '2026-02-01' },
    ];
    for (const change of changes)
      expect({ change, action: importedSlotAction(existing, { ...row, ...change }) }).toEqual({
        change,
        action: 'update',
      });
  });

  it('keeps a slot fitted with an agreed item as it is, whatever the row says', () => {
    const agreed: ExistingSlotFit = { ...existing, fitted_kind: 'agreed_item', catalogue_id: null, width: null };
    expect(importedSlotAction(agreed, row)).toBe('unchanged');
    expect(importedSlotAction(agreed, { ...row, quantity: 99, interval_count: 1 })).toBe('unchanged');
  });
});
