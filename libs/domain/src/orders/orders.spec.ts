import fc from 'fast-check';
import { ORDER_ACTIONS, ORDER_STATUSES, type OrderStatus } from '@portal/contracts';
import { TEXT_MSG } from '../text';
import {
  ORDER_FINAL_STATUSES,
  ORDER_MSG,
  ORDER_TRANSITIONS,
  agreedItemPatchSchema,
  allowedOrderActions,
  cancelOrderSchema,
  companyOrderingSchema,
  createOrderRequestSchema,
  decideOrderAction,
  mergeOrderLines,
  submitStatus,
  type OrderParty,
} from '.';

const V = '0b8e3f7c-3c55-4a54-9d0e-3b2f7b0f0a11';
const PARTIES: OrderParty[][] = [['superadmin'], ['requester'], ['company_admin'], ['requester', 'company_admin'], []];

describe('order state table', () => {
  it('submit: an admin is never held, an employee over the threshold is', () => {
    expect(submitStatus('admin', 10_000_00, 100)).toBe('submitted');
    expect(submitStatus('employee', 100, 100)).toBe('submitted');
    expect(submitStatus('employee', 101, 100)).toBe('pending_approval');
    expect(submitStatus('employee', 10_000_00, null)).toBe('submitted');
  });

  it('approve: a company admin, never the requester', () => {
    expect(decideOrderAction('pending_approval', 'approve', ['company_admin'])).toMatchObject({
      ok: true,
      to: 'submitted',
    });
    expect(decideOrderAction('pending_approval', 'approve', ['requester', 'company_admin'])).toEqual({
      ok: false,
      reason: 'forbidden',
    });
    expect(decideOrderAction('pending_approval', 'approve', ['superadmin'])).toEqual({
      ok: false,
      reason: 'forbidden',
    });
    expect(decideOrderAction('submitted', 'approve', ['company_admin'])).toEqual({ ok: false, reason: 'state' });
  });

  it('cancel: the customer before the office acts, the office until shipped (with a reason)', () => {
    expect(decideOrderAction('pending_approval', 'cancel', ['requester'])).toMatchObject({ ok: true });
    expect(decideOrderAction('acknowledged', 'cancel', ['requester'])).toEqual({ ok: false, reason: 'state' });
    const office = decideOrderAction('confirmed', 'cancel', ['superadmin']);
    expect(office).toMatchObject({ ok: true, to: 'cancelled', transition: { reasonRequired: true } });
    expect(decideOrderAction('pending_approval', 'cancel', ['superadmin'])).toEqual({ ok: false, reason: 'state' });
    expect(decideOrderAction('shipped', 'cancel', ['superadmin'])).toEqual({ ok: false, reason: 'state' });
  });

  it('office steps in order', () => {
    expect(allowedOrderActions('submitted', ['superadmin'])).toEqual(['acknowledge', 'cancel']);
    expect(allowedOrderActions('acknowledged', ['superadmin'])).toEqual(['confirm', 'cancel']);
    expect(allowedOrderActions('confirmed', ['superadmin'])).toEqual(['ship', 'cancel']);
    expect(allowedOrderActions('pending_approval', ['company_admin'])).toEqual(['approve', 'reject', 'cancel']);
    expect(allowedOrderActions('pending_approval', ['requester', 'company_admin'])).toEqual(['cancel']);
  });

  it('random actions by random parties never leave the table', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.array(fc.tuple(fc.constantFrom(...ORDER_ACTIONS), fc.constantFrom(...PARTIES)), { maxLength: 20 }),
        (start, steps) => {
          let status: OrderStatus = start;
          for (const [action, parties] of steps) {
            const d = decideOrderAction(status, action, parties);
            const allowed = allowedOrderActions(status, parties);
            expect(allowed.includes(action)).toBe(d.ok);
            if (!d.ok) continue;
            const row = ORDER_TRANSITIONS.find(
              (t) =>
                t.action === action &&
                t.from.includes(status) &&
                t.to === d.to &&
                t.who.some((w) => parties.includes(w)),
            );
            expect(row).toBeDefined();
            expect(ORDER_FINAL_STATUSES).not.toContain(status);
            status = d.to;
          }
          expect(ORDER_STATUSES).toContain(status);
        },
      ),
    );
  });
});

describe('order request body', () => {
  const parse = (b: unknown) => createOrderRequestSchema.safeParse(b);
  const errors = (b: unknown) => {
    const r = parse(b);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('names the field', () => {
    expect(errors({ lines: [] })).toEqual({ lines: ORDER_MSG.linesRequired });
    expect(errors({})).toEqual({ lines: ORDER_MSG.linesRequired });
    expect(errors({ lines: [{ kind: 'catalogue', variant_id: V, quantity: 0 }] })).toEqual({
      'lines.0.quantity': ORDER_MSG.quantityInvalid,
    });
    expect(errors({ lines: [{ kind: 'catalogue', variant_id: V, quantity: 100_001 }] })).toEqual({
      'lines.0.quantity': ORDER_MSG.quantityInvalid,
    });
    expect(errors({ lines: Array(501).fill({ kind: 'catalogue', variant_id: V, quantity: 1 }) })).toEqual({
      lines: ORDER_MSG.tooManyLines(500),
    });
    const line = { kind: 'catalogue', variant_id: V, quantity: 1 };
    expect(errors({ lines: [line], po_number: 'x'.repeat(36) })).toEqual({ po_number: ORDER_MSG.poNumberTooLong });
    expect(errors({ lines: [line], po_number: 'PO\u00071' })).toEqual({ po_number: ORDER_MSG.poNumberInvalid });
    expect(errors({ lines: [line], expected_total: '1.234' })).toEqual({
      expected_total: ORDER_MSG.expectedTotalInvalid,
    });
    expect(errors({ lines: [line], from: { order_request_id: V } })).toEqual({ from: ORDER_MSG.fromOrLines });
  });

  it('one-line fields refuse control and bidi characters; notes and reasons keep their line breaks', () => {
    const line = { kind: 'catalogue', variant_id: V, quantity: 1 };
    expect(errors({ lines: [line], po_number: 'PO\u202e1' })).toEqual({ po_number: ORDER_MSG.poNumberInvalid });
    expect(errors({ lines: [line], customer_reference: 'Ref\n2' })).toEqual({
      customer_reference: TEXT_MSG.controlChars('Your reference'),
    });
    expect(errors({ lines: [line], note: 'a\u0007b' })).toEqual({ note: TEXT_MSG.multilineControlChars('Note') });
    const ok = parse({ lines: [line], note: 'Dock 4\r\nafter 2 pm' });
    expect(ok.success && ok.data.note).toBe('Dock 4\nafter 2 pm');
    const patch = agreedItemPatchSchema.safeParse({ customer_part_no: 'AB\u200f12' });
    expect(patch.success ? null : patch.error.issues[0].message).toBe(TEXT_MSG.controlChars('Your part number'));
    expect(agreedItemPatchSchema.parse({ customer_part_no: ' AB-12 ' }).customer_part_no).toBe('AB-12');
    expect(cancelOrderSchema.parse({ version: 1, reason: 'Wrong size\nsorry' }).reason).toBe('Wrong size\nsorry');
    expect(cancelOrderSchema.safeParse({ version: 1, reason: 'x\u202ey' }).success).toBe(false);
  });

  it('money in integer cents', () => {
    const r = parse({ lines: [{ kind: 'agreed_item', agreed_item_id: V, quantity: '3' }], expected_total: '1,234.50' });
    expect(r.success && r.data.expected_total).toBe(123450);
    expect(companyOrderingSchema.parse({ approval_threshold: 500 })).toEqual({ approval_threshold: 50000 });
    expect(companyOrderingSchema.parse({ approval_threshold: null })).toEqual({ approval_threshold: null });
    expect(companyOrderingSchema.safeParse({}).success).toBe(false);
  });

  it('merges identical lines', () => {
    const { lines, tooLarge } = mergeOrderLines([
      { kind: 'catalogue', variant_id: V, quantity: 2 },
      { kind: 'agreed_item', agreed_item_id: V, quantity: 1 },
      { kind: 'catalogue', variant_id: V, quantity: 3 },
    ]);
    expect(lines).toEqual([
      { kind: 'catalogue', variant_id: V, quantity: 5 },
      { kind: 'agreed_item', agreed_item_id: V, quantity: 1 },
    ]);
    expect(tooLarge).toBeNull();
  });
});
