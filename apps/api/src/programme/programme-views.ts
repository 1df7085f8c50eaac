import { customSizeText, isOverdue, todayIn, type IntervalUnit } from '@portal/domain';
import type { ChangeRow, SiteRow, SiteSummaryRow, SlotRow, UnitRow } from './programme.repository';

/** How sites, units, slots and changes travel (house conventions: `_id`, snake_case). */

export function siteView(s: SiteRow) {
  return {
    _id: s.id,
    company_id: s.company_id,
    company_name: s.company_name,
    name: s.name,
    code: s.code,
    address_line1: s.address_line1,
    address_line2: s.address_line2,
    city: s.city,
    region: s.region,
    postal_code: s.postal_code,
    country: s.country,
    delivery_notes: s.delivery_notes,
    time_zone: s.time_zone,
    contacts: s.contacts.map((c) => c._id),
    contact_users: s.contacts,
    status: s.status,
    version: s.version,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export function siteSummaryView(s: SiteSummaryRow) {
  return {
    ...siteView(s),
    unit_count: s.unit_count,
    slot_count: s.slot_count,
    due_this_month: s.due_this_month,
    overdue_count: s.overdue_count,
  };
}

export function fittedText(
  s: Pick<
    SlotRow,
    | 'fitted_kind'
    | 'part_number'
    | 'agreed_part_number'
    | 'agreed_description'
    | 'width'
    | 'height'
    | 'depth'
    | 'measure'
  >,
): string {
  if (s.fitted_kind === 'catalogue') return s.part_number ?? '';
  if (s.fitted_kind === 'agreed_item') return s.agreed_part_number ?? s.agreed_description ?? '';
  return customSizeText({
    width: Number(s.width),
    height: Number(s.height),
    depth: Number(s.depth),
    measure: s.measure ?? 'nominal',
  });
}

export function slotView(s: SlotRow, now: Date) {
  const today = todayIn(s.time_zone, now);
  return {
    _id: s.id,
    unit_id: s.unit_id,
    site_id: s.site_id,
    stage: s.stage,
    fitted:
      s.fitted_kind === 'catalogue'
        ? {
            kind: 'catalogue' as const,
            variant_id: s.variant_id,
            part_number: s.part_number,
            product_name: s.product_name,
            merv: s.merv,
            efficiency_class: s.efficiency_class,
          }
        : s.fitted_kind === 'agreed_item'
          ? {
              kind: 'agreed_item' as const,
              agreed_item_id: s.agreed_item_id!,
              part_number: s.agreed_part_number,
              description: s.agreed_description ?? '',
            }
          : {
              kind: 'custom_size' as const,
              catalogue_id: s.catalogue_id,
              catalogue_name: s.catalogue_name,
              width: Number(s.width),
              height: Number(s.height),
              depth: Number(s.depth),
              measure: s.measure,
              size: fittedText(s),
            },
    quantity: s.quantity,
    interval_unit: s.interval_unit as IntervalUnit,
    interval_count: s.interval_count,
    anchor_date: s.anchor_date,
    notice_days: s.notice_days,
    override_note: s.override_note,
    next_due: s.next_due,
    overdue: isOverdue(s.next_due, today),
    last_changed_on: s.last_changed_on,
    version: s.version,
  };
}

export function unitView(u: UnitRow, slots: SlotRow[], now: Date) {
  return {
    _id: u.id,
    site_id: u.site_id,
    label: u.label,
    kind: u.kind,
    location_note: u.location_note,
    min_merv: u.min_merv,
    max_merv: u.max_merv,
    version: u.version,
    slots: slots.filter((s) => s.unit_id === u.id).map((s) => slotView(s, now)),
  };
}

export function changeView(c: ChangeRow) {
  return {
    _id: c.id,
    slot_id: c.slot_id,
    changed_on: c.changed_on,
    quantity: c.quantity,
    variant_id: c.variant_id,
    fitted: c.fitted,
    merv: c.merv,
    efficiency_class: c.efficiency_class,
    pressure_drop_in_wc: c.pressure_drop_in_wc === null ? null : Number(c.pressure_drop_in_wc),
    note: c.note,
    recorded_by: c.recorded_by ? { _id: c.recorded_by, username: c.recorded_by_name } : null,
    recorded_by_name: c.recorded_by_name,
    created_at: c.created_at,
  };
}
