import { describe, expect, it } from 'vitest';
import type { AuditEntryView } from '@portal/contracts';
import { multiplierRows } from '../companies/components/MultiplierHistory';
import { fieldChanges } from './format';

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  _id: 'e1',
  action: 'company.updated',
  entity: 'company',
  entity_id: 'c1',
  actor: { _id: 'u1', username: 'Root', role: 'superadmin' },
  company_id: 'c1',
  before: null,
  after: null,
  ip: '127.0.0.1',
  created_at: '2026-01-02T03:04:05.000Z',
  ...over,
});

describe('audit formatting', () => {
  it('shows multipliers as the multipliers people type, status as words', () => {
    expect(
      fieldChanges({ discount_percentage: 100, status: true }, { discount_percentage: 45.67, status: false }),
    ).toEqual([
      { field: 'discount_percentage', label: 'Price Multiplier', before: '1.0000', after: '0.4567' },
      { field: 'status', label: 'status', before: 'Active', after: 'Inactive' },
    ]);
    expect(fieldChanges(null, { customer_price: 12.5 })).toEqual([
      { field: 'customer_price', label: 'customer_price', before: null, after: '12.5' },
    ]);
  });

  it('multiplier history: one row per changed multiplier; other fields and actions ignored', () => {
    const rows = multiplierRows([
      entry({
        _id: 'a',
        before: { name: 'Old', rigidflow_percentage: 50 },
        after: { name: 'New', rigidflow_percentage: 40 },
      }),
      entry({ _id: 'b', action: 'company.status_changed', before: { status: true }, after: { status: false } }),
      entry({ _id: 'c', action: 'company.created', after: { name: 'Old', discount_percentage: 100 } }),
    ]);
    expect(rows.map(({ label, from, to }) => [label, from, to])).toEqual([
      ['Rigidflow Multiplier', '0.5000', '0.4000'],
      ['Price Multiplier', '—', '1.0000'],
    ]);
  });
});
