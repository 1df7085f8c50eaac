import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditEntry } from '@portal/db';
import { commitChange, isUniqueViolation, programmeChange } from '@portal/db';
import {
  DEFAULT_REMINDER_NOTICE_DAYS,
  MAX_SLOTS_PER_COMPANY,
  PROGRAMME_MSG as M,
  customSize,
  due,
  isIntervalInRange,
  reanchor,
  skipIndex,
  todayIn,
  type CreateSiteInput,
  type CreateSlotInput,
  type CreateUnitInput,
  type FittedInput,
  type Interval,
  type RecordChangeInput,
  type SiteListQuery,
  type UpdateSiteInput,
  type UpdateSlotInput,
  type UpdateUnitInput,
} from '@portal/domain';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import { isSuperadmin, requireAccess } from '../common/access';
import type { RequestUser } from '../common/request-user';
import * as repo from './programme.repository';
import { changeView, fittedText, siteSummaryView, siteView, slotView, unitView } from './programme-views';

type Tx = EntityManager;

const notFound = (message: string) => new ApiException(404, message);
const conflict = () => new ApiException(409, M.versionConflict);

/** Changed fields only, for an audit entry. */
function diff(before: object, after: object): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined) continue;
    const old = (before as Record<string, unknown>)[k];
    if (JSON.stringify(old ?? null) !== JSON.stringify(v ?? null)) {
      b[k] = old ?? null;
      a[k] = v;
    }
  }
  return { before: b, after: a };
}

/**
 * Sites, units, filter slots and recorded changes. Company admins manage; a site's contacts and the
 * company's admins record changes and skips; other employees read; superadmins reach every company
 * (building a programme for one during onboarding). Every change leaves through the exit with
 * `programmeChange`: audit entries and `programme.changed`, in the change's transaction.
 */
@Injectable()
export class SitesService {
  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The clock every "today" of the programme is read from (one place to replace). */
  now(): Date {
    return new Date();
  }

  /* ---------------------------------------------------------------- access */

  private async site(db: DataSource | Tx, user: RequestUser, id: string, lock = false): Promise<repo.SiteRow> {
    const row = await repo.findSite(db, id.toLowerCase(), lock);
    if (!row) throw notFound(M.siteNotFound);
    requireAccess(user, { companies: [row.company_id] }, notFound(M.siteNotFound));
    return row;
  }

  private async unit(db: DataSource | Tx, user: RequestUser, id: string, lock = false) {
    const unit = await repo.findUnit(db, id.toLowerCase(), lock);
    if (!unit) throw notFound(M.unitNotFound);
    requireAccess(user, { companies: [unit.company_id] }, notFound(M.unitNotFound));
    const site = (await repo.findSite(db, unit.site_id))!;
    return { unit, site };
  }

  private async slot(db: DataSource | Tx, user: RequestUser, id: string, lock = false) {
    const slot = await repo.findSlot(db, id.toLowerCase(), lock);
    if (!slot) throw notFound(M.slotNotFound);
    requireAccess(user, { companies: [slot.company_id] }, notFound(M.slotNotFound));
    const site = (await repo.findSite(db, slot.site_id))!;
    return { slot, site };
  }

  private canManage(user: RequestUser, site: { company_id: string }): boolean {
    return isSuperadmin(user) || (user.role === 'admin' && user.companyId === site.company_id);
  }

  private requireManage(user: RequestUser, site: { company_id: string }): void {
    if (!this.canManage(user, site)) throw new ApiException(403, M.manageForbidden);
  }

  private canRecord(user: RequestUser, site: repo.SiteRow): boolean {
    return this.canManage(user, site) || site.contacts.some((c) => c._id === user.id);
  }

  private requireActive(site: repo.SiteRow): void {
    if (site.status !== 'active') throw new ApiException(409, M.siteArchived);
  }

  private allowedActions(user: RequestUser, site: repo.SiteRow): string[] {
    const actions: string[] = [];
    if (this.canManage(user, site)) actions.push('manage');
    if (this.canRecord(user, site) && site.status === 'active') actions.push('record', 'skip', 'request');
    return actions;
  }

  private async commit(m: Tx, user: RequestUser, companyId: string, siteIds: string[], audit: AuditEntry[]) {
    await commitChange(m, user.actor, programmeChange({ companyId, siteIds, audit }));
  }

  /* ---------------------------------------------------------------- sites */

  async listSites(user: RequestUser, query: SiteListQuery) {
    const companyId = isSuperadmin(user) ? (query.companyId ?? null) : user.companyId;
    if (!isSuperadmin(user) && !companyId) throw new ApiException(403, M.companyNotFound);
    const rows = await repo.listSites(this.db, companyId, query.status);
    return { status: 200, data: { list: rows.map(siteSummaryView), total: rows.length } };
  }

  async detail(user: RequestUser, id: string) {
    const site = await this.site(this.db, user, id);
    return { status: 200, data: await this.siteAnswer(this.db, user, site) };
  }

  private async siteAnswer(db: DataSource | Tx, user: RequestUser, site: repo.SiteRow) {
    const [units, slots, hasChanges] = await Promise.all([
      repo.listUnits(db, site.id),
      repo.listSlots(db, site.id),
      repo.siteHasChanges(db, site.id),
    ]);
    const now = this.now();
    return {
      ...siteView(site),
      has_changes: hasChanges,
      today: todayIn(site.time_zone, now),
      allowed_actions: this.allowedActions(user, site),
      units: units.map((u) => unitView(u, slots, now)),
    };
  }

  private async checkContacts(db: DataSource | Tx, companyId: string, contacts: string[] | undefined) {
    if (!contacts?.length) return;
    const unique = [...new Set(contacts)];
    const found = await repo.companyUsers(db, companyId, unique);
    if (found.size !== unique.length) {
      throw new ApiException(400, M.contactsNotInCompany, { contacts: M.contactsNotInCompany });
    }
  }

  private codeTaken(err: unknown): never {
    if (isUniqueViolation(err, 'sites_company_code_key'))
      throw new ApiException(409, M.codeTaken, { code: M.codeTaken });
    throw err;
  }

  async createSite(user: RequestUser, input: CreateSiteInput) {
    let companyId = user.companyId;
    if (isSuperadmin(user)) {
      if (!input.company_id) throw new ApiException(400, M.companyRequired, { company_id: M.companyRequired });
      if (!(await repo.companyExists(this.db, input.company_id))) throw notFound(M.companyNotFound);
      companyId = input.company_id;
    }
    if (!companyId) throw new ApiException(403, M.companyNotFound);
    const company = companyId;
    const { company_id: _ignored, contacts, ...fields } = input;
    const values = { ...fields, time_zone: fields.time_zone ?? this.env.SUPPLIER_TZ };
    try {
      const id = await this.db.transaction(async (m) => {
        await this.checkContacts(m, company, contacts);
        const siteId = await repo.insertSite(m, company, values);
        if (contacts?.length) await repo.replaceContacts(m, siteId, [...new Set(contacts)]);
        await this.commit(
          m,
          user,
          company,
          [siteId],
          [
            {
              action: 'site.created',
              entity: 'site',
              entityId: siteId,
              companyId: company,
              after: { ...values, contacts: contacts ?? [] },
            },
          ],
        );
        return siteId;
      });
      const site = (await repo.findSite(this.db, id))!;
      return { status: 201, message: 'Site created', data: await this.siteAnswer(this.db, user, site) };
    } catch (err) {
      this.codeTaken(err);
    }
  }

  async updateSite(user: RequestUser, id: string, input: UpdateSiteInput) {
    try {
      await this.db.transaction(async (m) => {
        const site = await this.site(m, user, id, true);
        this.requireManage(user, site);
        const { version, contacts, ...fields } = input;
        if (site.version !== version) throw conflict();
        await this.checkContacts(m, site.company_id, contacts);
        const { before, after } = diff(site as unknown as Record<string, unknown>, fields);
        const contactsBefore = site.contacts.map((c) => c._id).sort();
        const contactsAfter = contacts ? [...new Set(contacts)].sort() : contactsBefore;
        if (contacts && JSON.stringify(contactsBefore) !== JSON.stringify(contactsAfter)) {
          before.contacts = contactsBefore;
          after.contacts = contactsAfter;
          await repo.replaceContacts(m, site.id, contactsAfter);
        }
        if (!(await repo.updateSite(m, site.id, version, fields))) throw conflict();
        const action =
          after.status === 'archived' ? 'site.archived' : after.status === 'active' ? 'site.restored' : 'site.updated';
        await this.commit(
          m,
          user,
          site.company_id,
          [site.id],
          [{ action, entity: 'site', entityId: site.id, companyId: site.company_id, before, after }],
        );
      });
    } catch (err) {
      this.codeTaken(err);
    }
    return this.detail(user, id);
  }

  async deleteSite(user: RequestUser, id: string) {
    await this.db.transaction(async (m) => {
      const site = await this.site(m, user, id, true);
      this.requireManage(user, site);
      if (await repo.siteHasChanges(m, site.id)) throw new ApiException(409, M.siteHasChanges);
      await this.commit(
        m,
        user,
        site.company_id,
        [site.id],
        [
          {
            action: 'site.deleted',
            entity: 'site',
            entityId: site.id,
            companyId: site.company_id,
            before: { name: site.name, code: site.code },
          },
        ],
      );
      await repo.deleteSite(m, site.id);
    });
    return { status: 200, message: 'Site deleted', data: { _id: id.toLowerCase() } };
  }

  /* ---------------------------------------------------------------- units */

  async listUnits(user: RequestUser, siteId: string) {
    const site = await this.site(this.db, user, siteId);
    const [units, slots] = await Promise.all([repo.listUnits(this.db, site.id), repo.listSlots(this.db, site.id)]);
    const now = this.now();
    return { status: 200, data: { list: units.map((u) => unitView(u, slots, now)) } };
  }

  private labelTaken(err: unknown): never {
    if (isUniqueViolation(err, 'site_units_label_key'))
      throw new ApiException(409, M.labelTaken, { label: M.labelTaken });
    throw err;
  }

  async createUnit(user: RequestUser, siteId: string, input: CreateUnitInput) {
    try {
      const id = await this.db.transaction(async (m) => {
        const site = await this.site(m, user, siteId, true);
        this.requireManage(user, site);
        this.requireActive(site);
        const unitId = await repo.insertUnit(m, site, input);
        await this.commit(
          m,
          user,
          site.company_id,
          [site.id],
          [
            {
              action: 'site_unit.created',
              entity: 'site_unit',
              entityId: unitId,
              companyId: site.company_id,
              after: { site_id: site.id, ...input },
            },
          ],
        );
        return unitId;
      });
      return { status: 201, message: 'Unit added', data: await this.unitAnswer(id) };
    } catch (err) {
      this.labelTaken(err);
    }
  }

  private async unitAnswer(id: string) {
    const unit = (await repo.findUnit(this.db, id))!;
    return unitView(unit, await repo.listSlots(this.db, unit.site_id), this.now());
  }

  async updateUnit(user: RequestUser, id: string, input: UpdateUnitInput) {
    try {
      await this.db.transaction(async (m) => {
        const { unit, site } = await this.unit(m, user, id, true);
        this.requireManage(user, site);
        this.requireActive(site);
        const { version, ...fields } = input;
        if (unit.version !== version) throw conflict();
        const min = fields.min_merv !== undefined ? fields.min_merv : unit.min_merv;
        const max = fields.max_merv !== undefined ? fields.max_merv : unit.max_merv;
        if (min != null && max != null && min > max)
          throw new ApiException(400, M.mervRange, { min_merv: M.mervRange });
        const { before, after } = diff(unit as unknown as Record<string, unknown>, fields);
        if (!(await repo.updateUnit(m, unit.id, version, fields))) throw conflict();
        await this.commit(
          m,
          user,
          site.company_id,
          [site.id],
          [
            {
              action: 'site_unit.updated',
              entity: 'site_unit',
              entityId: unit.id,
              companyId: site.company_id,
              before,
              after,
            },
          ],
        );
      });
    } catch (err) {
      this.labelTaken(err);
    }
    return { status: 200, data: await this.unitAnswer(id.toLowerCase()) };
  }

  /* ---------------------------------------------------------------- slots */

  /**
   * The fitted filter as columns, checked against the catalogue or the company's agreed items (400
   * naming the field; another company's agreed item reads as an unknown one).
   */
  /** The company's own agreed item, still offered at its agreed price; another company's reads as unknown. */
  private async activeAgreedItem(db: Tx, companyId: string, id: string, field: string): Promise<repo.AgreedItemInfo> {
    const a = await repo.findCompanyAgreedItem(db, companyId, id);
    if (!a) throw new ApiException(400, M.agreedItemUnknown, { [field]: M.agreedItemUnknown });
    if (a.withdrawn || a.price_held_until < todayIn(this.env.SUPPLIER_TZ, this.now()))
      throw new ApiException(400, M.agreedItemInactive, { [field]: M.agreedItemInactive });
    return a;
  }

  private async fitted(
    db: Tx,
    companyId: string,
    fitted: FittedInput,
  ): Promise<{ write: repo.SlotWrite; merv: number | null }> {
    if (fitted.kind === 'agreed_item') {
      const a = await this.activeAgreedItem(db, companyId, fitted.agreed_item_id, 'fitted.agreed_item_id');
      return {
        write: {
          fitted_kind: 'agreed_item',
          agreed_item_id: a.id,
          variant_id: null,
          catalogue_id: null,
          width: null,
          height: null,
          depth: null,
          measure: null,
        },
        merv: null,
      };
    }
    if (fitted.kind === 'catalogue') {
      const v = await repo.findVariant(db, fitted.variant_id);
      if (!v) throw new ApiException(400, M.variantNotFound, { 'fitted.variant_id': M.variantNotFound });
      return {
        write: {
          fitted_kind: 'catalogue',
          variant_id: v.id,
          agreed_item_id: null,
          catalogue_id: null,
          width: null,
          height: null,
          depth: null,
          measure: null,
        },
        merv: v.merv,
      };
    }
    if (!(await repo.categoryExists(db, fitted.catalogue_id)))
      throw new ApiException(400, M.catalogueNotFound, { 'fitted.catalogue_id': M.catalogueNotFound });
    const r = customSize(fitted.width, fitted.height, fitted.depth, fitted.measure);
    if (!r.ok) throw new ApiException(400, r.message, { [`fitted.${r.field}`]: r.message });
    return {
      write: {
        fitted_kind: 'custom_size',
        variant_id: null,
        agreed_item_id: null,
        catalogue_id: fitted.catalogue_id,
        width: r.size.width,
        height: r.size.height,
        depth: r.size.depth,
        measure: r.size.measure,
      },
      merv: null,
    };
  }

  /** 400 "MERV 10 is below this unit's minimum of 13" unless an override note is given. */
  private checkMerv(unit: repo.UnitRow, merv: number | null, overrideNote: string | null | undefined, field: string) {
    if (merv === null || overrideNote) return;
    if (unit.min_merv !== null && merv < unit.min_merv) {
      const msg = M.mervBelow(merv, unit.min_merv);
      throw new ApiException(400, msg, { [field]: msg });
    }
    if (unit.max_merv !== null && merv > unit.max_merv) {
      const msg = M.mervAbove(merv, unit.max_merv);
      throw new ApiException(400, msg, { [field]: msg });
    }
  }

  private schedule(interval: Interval, anchor: string, dueIndex = 1) {
    return { anchor_date: anchor, due_index: dueIndex, next_due: due(anchor, interval, dueIndex) };
  }

  async createSlot(user: RequestUser, unitId: string, input: CreateSlotInput) {
    const id = await this.db.transaction(async (m) => {
      const { unit, site } = await this.unit(m, user, unitId, true);
      this.requireManage(user, site);
      this.requireActive(site);
      if ((await repo.lockAndCountSlots(m, site.company_id)) >= MAX_SLOTS_PER_COMPANY)
        throw new ApiException(400, M.tooManySlots(MAX_SLOTS_PER_COMPANY));
      const { write, merv } = await this.fitted(m, site.company_id, input.fitted);
      this.checkMerv(unit, merv, input.override_note, 'fitted.variant_id');
      const interval: Interval = { unit: input.interval_unit, count: input.interval_count };
      const values: repo.SlotWrite = {
        stage: input.stage,
        ...write,
        quantity: input.quantity,
        interval_unit: input.interval_unit,
        interval_count: input.interval_count,
        notice_days: input.notice_days ?? DEFAULT_REMINDER_NOTICE_DAYS,
        override_note: input.override_note ?? null,
        ...this.schedule(interval, input.anchor_date),
      };
      const slotId = await repo.insertSlot(m, unit, values);
      await this.commit(
        m,
        user,
        site.company_id,
        [site.id],
        [
          {
            action: 'filter_slot.created',
            entity: 'filter_slot',
            entityId: slotId,
            companyId: site.company_id,
            after: { unit_id: unit.id, ...values },
          },
        ],
      );
      return slotId;
    });
    return { status: 201, message: 'Filter slot added', data: await this.slotAnswer(id) };
  }

  private async slotAnswer(id: string) {
    return slotView((await repo.findSlot(this.db, id))!, this.now());
  }

  async updateSlot(user: RequestUser, id: string, input: UpdateSlotInput) {
    await this.db.transaction(async (m) => {
      const { slot, site } = await this.slot(m, user, id, true);
      this.requireManage(user, site);
      this.requireActive(site);
      const { version, fitted, ...fields } = input;
      if (slot.version !== version) throw conflict();
      const unit = (await repo.findUnit(m, slot.unit_id))!;
      const values: repo.SlotWrite = {};
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) (values as Record<string, unknown>)[k] = v;
      let merv = slot.merv;
      if (fitted) {
        const f = await this.fitted(m, site.company_id, fitted);
        Object.assign(values, f.write);
        merv = f.merv;
      }
      const overrideNote = input.override_note !== undefined ? input.override_note : slot.override_note;
      if (fitted || input.override_note !== undefined) this.checkMerv(unit, merv, overrideNote, 'fitted.variant_id');
      const interval: Interval = {
        unit: input.interval_unit ?? slot.interval_unit,
        count: input.interval_count ?? slot.interval_count,
      };
      if (input.interval_unit !== undefined || input.interval_count !== undefined || input.anchor_date !== undefined) {
        if (!isIntervalInRange(interval))
          throw new ApiException(400, M.intervalInvalid, { interval_count: M.intervalInvalid });
        // A new anchor starts over; a new interval keeps the anchor and the next change it is at.
        const dueIndex = input.anchor_date !== undefined ? 1 : slot.due_index;
        Object.assign(values, this.schedule(interval, input.anchor_date ?? slot.anchor_date, dueIndex));
      }
      const { before, after } = diff(slot as unknown as Record<string, unknown>, values);
      if (!(await repo.updateSlot(m, slot.id, version, values))) throw conflict();
      await this.commit(
        m,
        user,
        site.company_id,
        [site.id],
        [
          {
            action: 'filter_slot.updated',
            entity: 'filter_slot',
            entityId: slot.id,
            companyId: site.company_id,
            before,
            after,
          },
        ],
      );
    });
    return { status: 200, data: await this.slotAnswer(id.toLowerCase()) };
  }

  async deleteSlot(user: RequestUser, id: string) {
    await this.db.transaction(async (m) => {
      const { slot, site } = await this.slot(m, user, id, true);
      this.requireManage(user, site);
      await repo.removeSlot(m, slot.id);
      await this.commit(
        m,
        user,
        site.company_id,
        [site.id],
        [
          {
            action: 'filter_slot.removed',
            entity: 'filter_slot',
            entityId: slot.id,
            companyId: site.company_id,
            before: { unit_id: slot.unit_id, fitted: fittedText(slot), quantity: slot.quantity },
          },
        ],
      );
    });
    return { status: 200, message: 'Filter slot removed', data: { _id: id.toLowerCase() } };
  }

  /* ---------------------------------------------------------------- changes and skips */

  async recordChange(user: RequestUser, id: string, input: RecordChangeInput) {
    await this.db.transaction(async (m) => {
      const { slot, site } = await this.slot(m, user, id, true);
      if (!this.canRecord(user, site)) throw new ApiException(403, M.recordForbidden);
      this.requireActive(site);
      const today = todayIn(site.time_zone, this.now());
      if (input.changed_on > today) throw new ApiException(400, M.changedOnFuture, { changed_on: M.changedOnFuture });
      const unit = (await repo.findUnit(m, slot.unit_id))!;
      let variant: repo.VariantInfo | null = null;
      const values: repo.SlotWrite = {};
      if (input.variant_id && input.variant_id !== slot.variant_id) {
        variant = await repo.findVariant(m, input.variant_id);
        if (!variant) throw new ApiException(400, M.variantNotFound, { variant_id: M.variantNotFound });
        this.checkMerv(unit, variant.merv, input.override_note, 'variant_id');
        Object.assign(values, {
          fitted_kind: 'catalogue',
          variant_id: variant.id,
          agreed_item_id: null,
          catalogue_id: null,
          width: null,
          height: null,
          depth: null,
          measure: null,
        });
        if (input.override_note) values.override_note = input.override_note;
      }
      let agreed: repo.AgreedItemInfo | null = null;
      if (input.agreed_item_id && input.agreed_item_id !== slot.agreed_item_id) {
        agreed = await this.activeAgreedItem(m, site.company_id, input.agreed_item_id, 'agreed_item_id');
        Object.assign(values, {
          fitted_kind: 'agreed_item',
          agreed_item_id: agreed.id,
          variant_id: null,
          catalogue_id: null,
          width: null,
          height: null,
          depth: null,
          measure: null,
        });
      }
      const quantity = input.quantity ?? slot.quantity;
      if (input.quantity !== undefined) values.quantity = input.quantity;
      const interval: Interval = { unit: slot.interval_unit, count: slot.interval_count };
      // A back-dated change older than the latest one keeps the anchor at the latest.
      const anchor =
        slot.last_changed_on && slot.last_changed_on > input.changed_on ? null : reanchor(input.changed_on);
      if (anchor) Object.assign(values, this.schedule(interval, anchor.anchor_date, anchor.due_index));
      const fitted = variant
        ? variant.part_number
        : agreed
          ? (agreed.part_number ?? agreed.description)
          : fittedText(slot);
      const refitted = variant !== null || agreed !== null;
      const changeId = await repo.insertChange(m, slot, {
        changed_on: input.changed_on,
        quantity,
        variant_id: refitted ? (variant?.id ?? null) : slot.variant_id,
        agreed_item_id: refitted ? (agreed?.id ?? null) : slot.agreed_item_id,
        fitted,
        merv: refitted ? (variant?.merv ?? null) : slot.merv,
        efficiency_class: refitted ? (variant?.efficiency_class ?? null) : slot.efficiency_class,
        pressure_drop_in_wc: input.pressure_drop_in_wc ?? null,
        note: input.note ?? null,
        recorded_by: user.id,
        recorded_by_name: user.username,
      });
      await repo.updateSlot(m, slot.id, null, values);
      await this.commit(
        m,
        user,
        site.company_id,
        [site.id],
        [
          {
            action: 'filter_slot.change_recorded',
            entity: 'filter_slot',
            entityId: slot.id,
            companyId: site.company_id,
            before: { anchor_date: slot.anchor_date, next_due: slot.next_due },
            after: {
              change_id: changeId,
              changed_on: input.changed_on,
              quantity,
              fitted,
              ...(agreed ? { agreed_item_id: agreed.id } : {}),
              ...(input.pressure_drop_in_wc !== undefined ? { pressure_drop_in_wc: input.pressure_drop_in_wc } : {}),
              ...(input.override_note ? { override_note: input.override_note } : {}),
              next_due: values.next_due ?? slot.next_due,
            },
          },
        ],
      );
    });
    return { status: 201, message: M.recorded, data: await this.slotAnswer(id.toLowerCase()) };
  }

  async skip(user: RequestUser, id: string) {
    await this.db.transaction(async (m) => {
      const { slot, site } = await this.slot(m, user, id, true);
      if (!this.canRecord(user, site)) throw new ApiException(403, M.recordForbidden);
      this.requireActive(site);
      const today = todayIn(site.time_zone, this.now());
      const interval: Interval = { unit: slot.interval_unit, count: slot.interval_count };
      const n = skipIndex({ anchor_date: slot.anchor_date, interval, due_index: slot.due_index }, today);
      const next = due(slot.anchor_date, interval, n);
      await repo.updateSlot(m, slot.id, null, { due_index: n, next_due: next });
      await this.commit(
        m,
        user,
        site.company_id,
        [site.id],
        [
          {
            action: 'filter_slot.skipped',
            entity: 'filter_slot',
            entityId: slot.id,
            companyId: site.company_id,
            before: { next_due: slot.next_due },
            after: { next_due: next },
          },
        ],
      );
    });
    return { status: 200, message: M.skipped, data: await this.slotAnswer(id.toLowerCase()) };
  }

  /** The site and its recorded changes between two dates, for the records PDF. */
  async records(user: RequestUser, id: string, from: string | null, to: string | null) {
    if (from && to && from > to) throw new ApiException(400, M.monthRange, { to: M.monthRange });
    const site = await this.site(this.db, user, id);
    return { site, rows: await repo.siteRecords(this.db, site.id, from, to) };
  }

  async history(user: RequestUser, id: string) {
    const owner = await repo.findSlotOwner(this.db, id.toLowerCase());
    if (!owner) throw notFound(M.slotNotFound);
    requireAccess(user, { companies: [owner.company_id] }, notFound(M.slotNotFound));
    const rows = await repo.listChanges(this.db, owner.id);
    return { status: 200, data: { list: rows.map(changeView) } };
  }
}
