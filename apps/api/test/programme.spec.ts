import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import {
  PROGRAMME_MSG as M,
  TEXT_MSG,
  addDays,
  addMonthsClamped,
  customerPriceCents,
  due,
  percentageForProductLine,
  todayIn,
} from '../../../libs/domain/src';
import { fillMervFromNames } from '../../../libs/db/src';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { connectSocket, signInAll } from './support';
import { addSite, addSlot, addUnit, catalogueSlot, seedProgrammeCompanies } from './support/programme';

const TZ = 'America/New_York';
type Who = 'root' | 'adminA' | 'contactA' | 'empA' | 'adminB' | 'empB';
const WHO: Who[] = ['root', 'adminA', 'contactA', 'empA', 'adminB', 'empB'];

describe('sites and the filter programme', () => {
  let api: TestApi;
  let companyA: string;
  let companyB: string;
  let as: Record<Who, ApiClient>;
  let ids: Record<Who, string>;
  const sockets: Socket[] = [];
  let variant: { id: string; part_number: string };
  let variant13: { id: string; part_number: string };
  let categoryId: string;
  let seq = 0;

  const today = () => todayIn(TZ);

  type Answer = Record<string, any>;

  async function newSite(who: ApiClient = as.adminA, extra: Record<string, unknown> = {}): Promise<Answer> {
    seq++;
    return addSite(who, { name: `Building ${seq}`, code: `B${seq}`, contacts: [ids.contactA], ...extra });
  }

  const newUnit = (siteId: string, extra: Record<string, unknown> = {}): Promise<Answer> =>
    addUnit(as.adminA, siteId, { label: `AHU-${++seq}`, kind: 'ahu', ...extra });

  const slotBody = (extra: Record<string, unknown> = {}) => catalogueSlot(variant.id, today(), extra);

  const newSlot = (unitId: string, extra: Record<string, unknown> = {}): Promise<Answer> =>
    addSlot(as.adminA, unitId, slotBody(extra));

  const audits = async (entityId: string) =>
    (await api.db.query(
      `SELECT action, actor_role, company_id, after FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id`,
      [entityId],
    )) as { action: string; actor_role: string; company_id: string; after: Record<string, unknown> | null }[];

  beforeAll(async () => {
    api = await startTestApi({ SUPPLIER_TZ: TZ });
    let variants: { id: string; part_number: string }[];
    ({ companyA, companyB, as, ids, variants, categoryId } = await seedProgrammeCompanies(api, WHO, { variants: 2 }));
    [variant, variant13] = variants;
    await api.db.query(`UPDATE variants SET merv = 10 WHERE id = $1`, [variant.id]);
    await api.db.query(`UPDATE variants SET merv = 13, efficiency_class = 'ePM1 50%' WHERE id = $1`, [variant13.id]);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await api?.close();
  });

  describe('sites', () => {
    it('an admin creates a site in their company with the supplier time zone by default; audited', async () => {
      const site = await newSite(as.adminA, { country: 'us', city: 'Boston', delivery_notes: 'Dock 3' });
      expect(site).toMatchObject({
        company_id: companyA,
        country: 'US',
        time_zone: TZ,
        status: 'active',
        version: 1,
        contacts: [ids.contactA],
        units: [],
        allowed_actions: ['manage', 'record', 'skip', 'request'],
      });
      expect(await audits(site._id)).toMatchObject([
        { action: 'site.created', actor_role: 'admin', company_id: companyA },
      ]);
    });

    it('bad input is a 400 naming the field; a duplicate code 409', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '', code: 'X1' }, 'name', M.nameRequired],
        [{ name: 'x'.repeat(81), code: 'X1' }, 'name', M.nameTooLong],
        [{ name: 'A', code: 'x'.repeat(33) }, 'code', M.codeTooLong],
        [{ name: 'A', code: 'X1', time_zone: 'Mars/Olympus' }, 'time_zone', M.timeZoneInvalid],
        [{ name: 'A', code: 'X1', country: 'XX' }, 'country', M.countryInvalid],
        [{ name: 'A', code: 'X1', country: 'USA' }, 'country', M.countryInvalid],
        [{ name: 'A', code: 'X1', delivery_notes: 'x'.repeat(501) }, 'delivery_notes', M.deliveryNotesTooLong],
        [{ name: 'A', code: 'X1', contacts: ['nope'] }, 'contacts.0', M.contactsInvalid],
        [{ name: 'Plant\r\nBilling: paid', code: 'X1' }, 'name', TEXT_MSG.controlChars('Site name')],
        [{ name: 'A', code: 'X\u202e1' }, 'code', TEXT_MSG.controlChars('Site code')],
        [{ name: 'A', code: 'X1', city: 'Spring\tfield' }, 'city', TEXT_MSG.controlChars('City')],
        [
          { name: 'A', code: 'X1', delivery_notes: 'Dock 3\u0007' },
          'delivery_notes',
          TEXT_MSG.multilineControlChars('Delivery notes'),
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await as.adminA.request('POST', 'sites', body);
        expect({ field, status: res.status, message: res.body.message, error: res.body.errors?.[field] }).toEqual({
          field,
          status: 400,
          message,
          error: message,
        });
      }
      // Notes keep their line breaks (CRLF read as LF).
      const notes = await as.adminA.request('POST', 'sites', {
        name: 'Notes',
        code: 'N1',
        delivery_notes: 'Gate B\r\nRing twice',
      });
      expect(notes.status).toBe(201);
      expect(notes.body.data.delivery_notes).toBe('Gate B\nRing twice');
      expect((await as.adminA.request('DELETE', `sites/${notes.body.data._id}`)).status).toBe(200);
      const foreignContact = await as.adminA.request('POST', 'sites', { name: 'A', code: 'X1', contacts: [ids.empB] });
      expect(foreignContact.status).toBe(400);
      expect(foreignContact.body.errors.contacts).toBe(M.contactsNotInCompany);
      const site = await newSite();
      const dup = await as.adminA.request('POST', 'sites', { name: 'Other', code: site.code.toLowerCase() });
      expect(dup.status).toBe(409);
      expect(dup.body.errors.code).toBe(M.codeTaken);
      // Another company may use the same code.
      expect((await as.adminB.request('POST', 'sites', { name: 'Other', code: site.code })).status).toBe(201);
    });

    it('employees read but do not manage; another company’s site is 404; a superadmin names the company', async () => {
      const site = await newSite();
      expect((await as.empA.request('GET', `sites/${site._id}`)).body.data.allowed_actions).toEqual([]);
      expect((await as.contactA.request('GET', `sites/${site._id}`)).body.data.allowed_actions).toEqual([
        'record',
        'skip',
        'request',
      ]);
      expect((await as.empA.request('POST', 'sites', { name: 'E', code: 'E1' })).status).toBe(403);
      for (const who of [as.adminB, as.empB]) {
        expect((await who.request('GET', `sites/${site._id}`)).status).toBe(404);
        // An employee's write is refused by role first (403); an admin of another company sees no such site.
        expect((await who.request('PATCH', `sites/${site._id}`, { name: 'x', version: 1 })).status).toBe(
          who === as.adminB ? 404 : 403,
        );
        expect((await who.request('GET', `sites/${site._id}/units`)).status).toBe(404);
      }
      const listB = (await as.adminB.request('GET', 'sites')).body.data.list as { _id: string }[];
      expect(listB.map((s) => s._id)).not.toContain(site._id);
      const noCompany = await as.root.request('POST', 'sites', { name: 'R', code: 'R1' });
      expect(noCompany.status).toBe(400);
      expect(noCompany.body.errors.company_id).toBe(M.companyRequired);
      const onboarding = await as.root.request('POST', 'sites', { name: 'R', code: 'R1', company_id: companyB });
      expect(onboarding.status).toBe(201);
      expect(await audits(onboarding.body.data._id)).toMatchObject([
        { action: 'site.created', actor_role: 'superadmin', company_id: companyB },
      ]);
      const all = (await as.root.request('GET', `sites?companyId=${companyB}`)).body.data.list as {
        company_id: string;
      }[];
      expect(all.length).toBeGreaterThan(0);
      expect(all.every((s) => s.company_id === companyB)).toBe(true);
    });

    it('PATCH checks the version; archive and restore are audited', async () => {
      const site = await newSite();
      const stale = await as.adminA.request('PATCH', `sites/${site._id}`, { name: 'New', version: 7 });
      expect(stale.status).toBe(409);
      const res = await as.adminA.request('PATCH', `sites/${site._id}`, { name: 'New name', version: 1 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'New name', version: 2 });
      const archived = await as.adminA.request('PATCH', `sites/${site._id}`, { status: 'archived', version: 2 });
      expect(archived.body.data.status).toBe('archived');
      const unit = await as.adminA.request('POST', `sites/${site._id}/units`, { label: 'AHU-1', kind: 'ahu' });
      expect(unit.status).toBe(409);
      expect(unit.body.message).toBe(M.siteArchived);
      expect((await audits(site._id)).map((a) => a.action)).toEqual(['site.created', 'site.updated', 'site.archived']);
    });

    it('DELETE: a site without recorded changes goes; one with changes is 409 saying so', async () => {
      const empty = await newSite();
      expect((await as.adminA.request('DELETE', `sites/${empty._id}`)).status).toBe(200);
      expect((await as.adminA.request('GET', `sites/${empty._id}`)).status).toBe(404);
      const site = await newSite();
      const unit = await newUnit(site._id);
      const slot = await newSlot(unit._id);
      expect((await as.contactA.request('POST', `slots/${slot._id}/changes`, { changed_on: today() })).status).toBe(
        201,
      );
      const res = await as.adminA.request('DELETE', `sites/${site._id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(M.siteHasChanges);
      expect((await as.adminA.request('GET', `sites/${site._id}`)).status).toBe(200);
    });
  });

  describe('units and slots', () => {
    it('a slot answers next_due one interval after the anchor (31 Aug + 1 month = 30 Sep), overdue and last_changed_on', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id);
      const slot = await newSlot(unit._id, { anchor_date: '2031-08-31', interval_count: 1 });
      expect(slot).toMatchObject({
        next_due: '2031-09-30',
        overdue: false,
        last_changed_on: null,
        notice_days: 14,
        quantity: 4,
        fitted: { kind: 'catalogue', variant_id: variant.id, part_number: variant.part_number, merv: 10 },
      });
      const old = await newSlot(unit._id, {
        anchor_date: addDays(today(), -120),
        interval_unit: 'day',
        interval_count: 90,
      });
      expect(old.next_due).toBe(addDays(today(), -30));
      expect(old.overdue).toBe(true);
      const edge = await newSlot(unit._id, {
        anchor_date: addDays(today(), -97),
        interval_unit: 'day',
        interval_count: 90,
      });
      expect(edge.overdue).toBe(false);
      const detail = (await as.empA.request('GET', `sites/${site._id}`)).body.data;
      expect(detail.units[0].slots.map((s: { _id: string }) => s._id).sort()).toEqual(
        [slot._id, old._id, edge._id].sort(),
      );
    });

    it('a custom size follows the odd-size rules; it is stored exact when fractional', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id);
      const slot = await newSlot(unit._id, {
        fitted: { kind: 'custom_size', catalogue_id: categoryId, width: '16 3/8', height: '20 1/4', depth: 1 },
      });
      expect(slot.fitted).toMatchObject({
        kind: 'custom_size',
        width: 16.375,
        height: 20.25,
        depth: 1,
        measure: 'exact',
      });
      const bad = await as.adminA.request(
        'POST',
        `units/${unit._id}/slots`,
        slotBody({ fitted: { kind: 'custom_size', catalogue_id: categoryId, width: 'abc', height: 20, depth: 1 } }),
      );
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['fitted.width']);
    });

    it('interval outside 7–730 days, quantity outside 1–500, bad dates are 400 naming the field', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ interval_unit: 'day', interval_count: 6 }, 'interval_count', M.intervalInvalid],
        [{ interval_unit: 'day', interval_count: 731 }, 'interval_count', M.intervalInvalid],
        [{ interval_unit: 'week', interval_count: 105 }, 'interval_count', M.intervalInvalid],
        [{ interval_unit: 'month', interval_count: 25 }, 'interval_count', M.intervalInvalid],
        [{ interval_unit: 'year' }, 'interval_unit', M.intervalUnitInvalid],
        [{ quantity: 0 }, 'quantity', M.quantityInvalid],
        [{ quantity: 501 }, 'quantity', M.quantityInvalid],
        [{ anchor_date: '2026-02-30' }, 'anchor_date', M.dateInvalid],
        [{ notice_days: 61 }, 'notice_days', M.noticeDaysInvalid],
        [{ stage: 'middle' }, 'stage', M.stageInvalid],
      ];
      for (const [extra, field, message] of cases) {
        const res = await as.adminA.request('POST', `units/${unit._id}/slots`, slotBody(extra));
        expect({ field, status: res.status, error: res.body.errors?.[field] }).toEqual({
          field,
          status: 400,
          error: message,
        });
      }
    });

    it('MERV outside the unit’s range is 400 unless override_note is given (kept and audited)', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id, { min_merv: 13, max_merv: 14 });
      const low = await as.adminA.request('POST', `units/${unit._id}/slots`, slotBody());
      expect(low.status).toBe(400);
      expect(low.body.message).toBe("MERV 10 is below this unit's minimum of 13");
      const ok = await newSlot(unit._id, { fitted: { kind: 'catalogue', variant_id: variant13.id } });
      expect(ok.fitted.merv).toBe(13);
      const overridden = await newSlot(unit._id, { override_note: 'Owner approved until the retrofit' });
      expect(overridden.override_note).toBe('Owner approved until the retrofit');
      const [entry] = await audits(overridden._id);
      expect(entry.after).toMatchObject({ override_note: 'Owner approved until the retrofit' });
      const badRange = await as.adminA.request('POST', `sites/${site._id}/units`, {
        label: 'X',
        kind: 'ahu',
        min_merv: 14,
        max_merv: 8,
      });
      expect(badRange.status).toBe(400);
      expect(badRange.body.errors.min_merv).toBe(M.mervRange);
      const badMerv = await as.adminA.request('POST', `sites/${site._id}/units`, {
        label: 'X',
        kind: 'ahu',
        min_merv: 17,
      });
      expect(badMerv.body.errors.min_merv).toBe(M.mervInvalid('min_merv'));
    });

    it('more than 5,000 slots for one company is 400 saying the limit', async () => {
      const company = await createCompany(api.db, 'Big Campus');
      await createUser(api.db, { email: 'admin@big.com', role: 'admin', companyId: company });
      const { big } = await signInAll(api, { big: 'admin@big.com' });
      const site = (await big.request('POST', 'sites', { name: 'Campus', code: 'C' })).body.data;
      const unit = (await big.request('POST', `sites/${site._id}/units`, { label: 'AHU', kind: 'ahu' })).body.data;
      await api.db.query(
        `INSERT INTO filter_slots (unit_id, site_id, company_id, stage, fitted_kind, variant_id, quantity, interval_unit,
           interval_count, anchor_date, next_due)
         SELECT $1, $2, $3, 'single', 'catalogue', $4, 1, 'month', 3, current_date, current_date + 90 FROM generate_series(1, 5000)`,
        [unit._id, site._id, company, variant.id],
      );
      const res = await big.request('POST', `units/${unit._id}/slots`, slotBody());
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('A company may have at most 5,000 filter slots');
    });

    it('PATCH slot: a new interval keeps the anchor; version conflicts 409; DELETE keeps a slot with changes for the record', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id);
      const slot = await newSlot(unit._id, { anchor_date: '2031-01-31', interval_count: 1 });
      const res = await as.adminA.request('PATCH', `slots/${slot._id}`, { interval_count: 2, version: slot.version });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ anchor_date: '2031-01-31', next_due: '2031-03-31', interval_count: 2 });
      expect(
        (await as.adminA.request('PATCH', `slots/${slot._id}`, { quantity: 2, version: slot.version })).status,
      ).toBe(409);
      expect((await as.empA.request('PATCH', `slots/${slot._id}`, { quantity: 2, version: 2 })).status).toBe(403);
      expect((await as.adminB.request('PATCH', `slots/${slot._id}`, { quantity: 2, version: 2 })).status).toBe(404);
      await as.adminA.request('POST', `slots/${slot._id}/changes`, { changed_on: today() });
      expect((await as.adminA.request('DELETE', `slots/${slot._id}`)).status).toBe(200);
      const [row] = await api.db.query(`SELECT removed_at FROM filter_slots WHERE id = $1`, [slot._id]);
      expect(row.removed_at).not.toBeNull();
      expect((await as.adminA.request('GET', `slots/${slot._id}/changes`)).body.data.list).toHaveLength(1);
      const plain = await newSlot(unit._id);
      await as.adminA.request('DELETE', `slots/${plain._id}`);
      expect(await api.db.query(`SELECT 1 FROM filter_slots WHERE id = $1`, [plain._id])).toHaveLength(0);
    });
  });

  describe('changes and skips', () => {
    it('a change is appended, re-anchors at changed_on, and is kept with who recorded it', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id);
      const slot = await newSlot(unit._id, {
        anchor_date: addDays(today(), -200),
        interval_unit: 'day',
        interval_count: 90,
      });
      const changedOn = addDays(today(), -3);
      const res = await as.contactA.request('POST', `slots/${slot._id}/changes`, {
        changed_on: changedOn,
        pressure_drop_in_wc: 0.45,
        note: 'Dirty',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        anchor_date: changedOn,
        next_due: addDays(changedOn, 90),
        last_changed_on: changedOn,
        overdue: false,
      });
      const history = (await as.empA.request('GET', `slots/${slot._id}/changes`)).body.data.list;
      expect(history).toMatchObject([
        {
          changed_on: changedOn,
          quantity: 4,
          fitted: variant.part_number,
          merv: 10,
          pressure_drop_in_wc: 0.45,
          note: 'Dirty',
          recorded_by: { _id: ids.contactA },
        },
      ]);
      await expect(api.db.query(`UPDATE filter_changes SET note = 'x' WHERE slot_id = $1`, [slot._id])).rejects.toThrow(
        /append-only/,
      );
      expect((await audits(slot._id)).map((a) => a.action)).toEqual([
        'filter_slot.created',
        'filter_slot.change_recorded',
      ]);
      const future = await as.contactA.request('POST', `slots/${slot._id}/changes`, {
        changed_on: addDays(today(), 2),
      });
      expect(future.status).toBe(400);
      expect(future.body.errors.changed_on).toBe(M.changedOnFuture);
      const drop = await as.contactA.request('POST', `slots/${slot._id}/changes`, {
        changed_on: today(),
        pressure_drop_in_wc: 30,
      });
      expect(drop.body.errors.pressure_drop_in_wc).toBe(M.pressureDropInvalid);
    });

    it('a change to a variant below the unit’s MERV needs an override note', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id, { min_merv: 13 });
      const slot = await newSlot(unit._id, { fitted: { kind: 'catalogue', variant_id: variant13.id } });
      const res = await as.contactA.request('POST', `slots/${slot._id}/changes`, {
        changed_on: today(),
        variant_id: variant.id,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("MERV 10 is below this unit's minimum of 13");
      const ok = await as.contactA.request('POST', `slots/${slot._id}/changes`, {
        changed_on: today(),
        variant_id: variant.id,
        override_note: 'Stock-out, temporary',
      });
      expect(ok.status).toBe(201);
      expect(ok.body.data.fitted.variant_id).toBe(variant.id);
      const entries = await audits(slot._id);
      expect(entries[entries.length - 1].after).toMatchObject({ override_note: 'Stock-out, temporary' });
    });

    it('skip moves to the next due(n) of the same anchor (31 Oct: 30 Nov → 31 Dec), never before today', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id);
      const slot = await newSlot(unit._id, { anchor_date: '2031-10-31', interval_count: 1 });
      expect(slot.next_due).toBe('2031-11-30');
      const res = await as.contactA.request('POST', `slots/${slot._id}/skip`, {});
      expect(res.status).toBe(200);
      expect(res.body.data.next_due).toBe('2031-12-31');
      const behind = await newSlot(unit._id, {
        anchor_date: addDays(today(), -400),
        interval_unit: 'day',
        interval_count: 30,
      });
      const skipped = (await as.adminA.request('POST', `slots/${behind._id}/skip`, {})).body.data;
      expect(skipped.next_due >= today()).toBe(true);
      expect(skipped.next_due < addDays(today(), 30)).toBe(true);
      expect(skipped.next_due).toBe(
        [...Array(40).keys()]
          .map((i) => due(behind.anchor_date, { unit: 'day', count: 30 }, i + 1))
          .find((d) => d >= today()),
      );
    });

    it('only the site’s contacts and the company’s admins record and skip', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id);
      const slot = await newSlot(unit._id);
      const res = await as.empA.request('POST', `slots/${slot._id}/changes`, { changed_on: today() });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(M.recordForbidden);
      expect((await as.empA.request('POST', `slots/${slot._id}/skip`, {})).status).toBe(403);
      expect((await as.empB.request('POST', `slots/${slot._id}/skip`, {})).status).toBe(404);
      expect((await as.adminB.request('POST', `slots/${slot._id}/changes`, { changed_on: today() })).status).toBe(404);
      expect((await as.empB.request('GET', `slots/${slot._id}/changes`)).status).toBe(404);
    });
  });

  describe('GET programme/due', () => {
    it('lists each month’s due lines per site, priced at today’s company price; custom sizes need a quote; overdue in this month', async () => {
      await api.db.query(`UPDATE companies SET discount_percentage = 45.55 WHERE id = $1`, [companyA]);
      const site = await newSite(as.adminA, { name: 'Due Hall' });
      const unit = await newUnit(site._id);
      const thisMonth = today().slice(0, 7);
      const nextMonth = addMonthsClamped(`${thisMonth}-01`, 1).slice(0, 7);
      const monthly = await newSlot(unit._id, { anchor_date: `${thisMonth}-01`, interval_count: 1, quantity: 3 });
      const custom = await newSlot(unit._id, {
        fitted: { kind: 'custom_size', catalogue_id: categoryId, width: 20, height: 25, depth: 1 },
        anchor_date: `${thisMonth}-01`,
        interval_count: 1,
        stage: 'pre',
      });
      const late = await newSlot(unit._id, {
        anchor_date: addDays(today(), -100),
        interval_unit: 'day',
        interval_count: 90,
      });
      const res = await as.empA.request('GET', `programme/due?from=${thisMonth}&to=${nextMonth}&siteId=${site._id}`);
      expect(res.status).toBe(200);
      const months = res.body.data.months as { month: string; sites: { _id: string; lines: any[]; total: number }[] }[];
      expect(months.map((m) => m.month)).toEqual([thisMonth, nextMonth]);
      const [company] = await api.db.query(
        `SELECT discount_percentage::text AS discount_percentage, rigidflow_percentage::text AS rigidflow_percentage,
                minipro_percentage::text AS minipro_percentage, polyroll_percentage::text AS polyroll_percentage FROM companies WHERE id = $1`,
        [companyA],
      );
      const [v] = await api.db.query(
        `SELECT v.list_price_cents::text AS cents, k.product_line FROM variants v JOIN products p ON p.id = v.product_id
           JOIN categories k ON k.id = p.category_id WHERE v.id = $1`,
        [variant.id],
      );
      const price = customerPriceCents(v.cents, percentageForProductLine(v.product_line, company)) / 100;
      const next = months[1].sites.find((s) => s._id === site._id)!;
      expect(next.lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            slot_id: monthly._id,
            due_on: `${nextMonth}-01`,
            quantity: 3,
            unit_price: price,
            needs_quote: false,
            overdue: false,
            part_number: variant.part_number,
          }),
          expect.objectContaining({
            slot_id: custom._id,
            kind: 'custom_size',
            unit_price: null,
            needs_quote: true,
            size: '20″ × 25″ × 1″ (nominal)',
          }),
        ]),
      );
      expect(next.total).toBe(Math.round(price * 3 * 100) / 100);
      const current = months[0].sites.find((s) => s._id === site._id)!;
      expect(current.lines.find((l) => l.slot_id === late._id)).toMatchObject({
        overdue: true,
        due_on: addDays(today(), -10),
      });
      const overdueOnly = await as.empA.request(
        'GET',
        `programme/due?from=${thisMonth}&status=overdue&siteId=${site._id}`,
      );
      expect(overdueOnly.body.data.months[0].sites[0].lines.map((l: { slot_id: string }) => l.slot_id)).toEqual([
        late._id,
      ]);
    });

    it('tenancy and bad input', async () => {
      const site = await newSite();
      expect((await as.adminB.request('GET', `programme/due?siteId=${site._id}`)).status).toBe(404);
      const other = (await as.adminB.request('GET', 'programme/due')).body.data.months[0].sites as { _id: string }[];
      expect(other.map((s) => s._id)).not.toContain(site._id);
      const bad = await as.adminA.request('GET', 'programme/due?from=2026-13');
      expect(bad.status).toBe(400);
      expect(bad.body.errors.from).toBe(M.monthInvalid);
      const back = await as.adminA.request('GET', 'programme/due?from=2026-05&to=2026-03');
      expect(back.body.errors.to).toBe(M.monthRange);
      expect((await as.adminA.request('GET', 'programme/due?status=late')).body.errors.status).toBe(M.dueStatusInvalid);
      expect((await as.root.request('GET', 'programme/due')).status).toBe(400);
      const root = await as.root.request('GET', `programme/due?companyId=${companyA}&siteId=${site._id}`);
      expect(root.status).toBe(200);
    });
  });

  describe('GET sites/{id}/records.pdf', () => {
    it('lists per unit and slot every change with filter, MERV, quantity, pressure drop and who recorded it (pdftotext)', async () => {
      const site = await newSite(as.adminA, { name: 'Records Wing', code: 'REC-1' });
      const unit = await newUnit(site._id, { label: 'AHU-7' });
      const slot = await newSlot(unit._id, {
        fitted: { kind: 'catalogue', variant_id: variant13.id },
        anchor_date: addDays(today(), -200),
      });
      await as.contactA.request('POST', `slots/${slot._id}/changes`, {
        changed_on: addDays(today(), -100),
        pressure_drop_in_wc: 0.45,
        quantity: 6,
      });
      await as.adminA.request('POST', `slots/${slot._id}/changes`, {
        changed_on: addDays(today(), -10),
        pressure_drop_in_wc: 0.6,
      });
      const res = await fetch(
        `${api.baseUrl}/api/sites/${site._id}/records.pdf?from=${addDays(today(), -365)}&to=${today()}`,
        {
          headers: { authorization: `Bearer ${as.empA.token}` },
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const file = path.join(os.tmpdir(), `records-${site._id}.pdf`);
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      fs.rmSync(file);
      expect(text).toContain('Filter replacement record — Records Wing (REC-1)');
      expect(text).toContain('AHU-7 (Air handler (AHU)) — Final filter');
      expect(text).toContain(variant13.part_number);
      expect(text).toContain('MERV 13 · ePM1 50%');
      expect(text).toContain(addDays(today(), -100));
      expect(text).toContain(addDays(today(), -10));
      expect(text).toContain('0.45');
      expect(text).toContain('0.6');
      expect(text).toMatch(/\b6\b/);
      expect(text).toContain('tech');
      expect(text).toContain('2 recorded changes');
      // The period filters the rows.
      const narrow = await fetch(`${api.baseUrl}/api/sites/${site._id}/records.pdf?from=${addDays(today(), -20)}`, {
        headers: { authorization: `Bearer ${as.empA.token}` },
      });
      const file2 = path.join(os.tmpdir(), `records2-${site._id}.pdf`);
      fs.writeFileSync(file2, Buffer.from(await narrow.arrayBuffer()));
      const text2 = execFileSync('pdftotext', ['-layout', file2, '-']).toString();
      fs.rmSync(file2);
      expect(text2).toContain('1 recorded change');
      expect(text2).not.toContain(addDays(today(), -100));
      const foreign = await fetch(`${api.baseUrl}/api/sites/${site._id}/records.pdf`, {
        headers: { authorization: `Bearer ${as.adminB.token}` },
      });
      expect(foreign.status).toBe(404);
    });
  });

  describe('GET sites/export and GET programme/forecast', () => {
    it('exports the programme in the import columns (part number or size string, interval, last changed)', async () => {
      const site = await newSite(as.adminA, { name: '=Export Hall', code: 'EXP-1' });
      const unit = await newUnit(site._id, { label: 'RTU-1' });
      await newSlot(unit._id, { anchor_date: '2031-02-01', interval_count: 3, quantity: 5 });
      await newSlot(unit._id, {
        stage: 'pre',
        fitted: { kind: 'custom_size', catalogue_id: categoryId, width: '16 3/8', height: '20 1/4', depth: 1 },
        interval_unit: 'day',
        interval_count: 90,
        anchor_date: '2031-02-01',
      });
      const res = await fetch(`${api.baseUrl}/api/sites/export`, {
        headers: { authorization: `Bearer ${as.adminA.token}` },
      });
      expect(res.status).toBe(200);
      const lines = (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('site code,site name,unit label,stage,part number or size,quantity,interval,last changed');
      expect(lines).toContain(`EXP-1,'=Export Hall,RTU-1,pre,16 3/8 x 20 1/4 x 1 exact,4,90 days,2031-02-01`);
      expect(lines).toContain(`EXP-1,'=Export Hall,RTU-1,final,${variant.part_number},5,3 months,2031-02-01`);
      const other = await fetch(`${api.baseUrl}/api/sites/export`, {
        headers: { authorization: `Bearer ${as.adminB.token}` },
      });
      expect(await other.text()).not.toContain('EXP-1');
      expect(
        (await fetch(`${api.baseUrl}/api/sites/export`, { headers: { authorization: `Bearer ${as.empA.token}` } }))
          .status,
      ).toBe(403);
    });

    it('forecast: per variant and custom size and month, the quantities due across companies (superadmin only)', async () => {
      const thisMonth = today().slice(0, 7);
      const next = addMonthsClamped(`${thisMonth}-01`, 1).slice(0, 7);
      const [{ id: freshVariant, part_number }] = await api.db.query(
        `SELECT id, part_number FROM variants WHERE NOT odd_size ORDER BY part_number DESC LIMIT 1`,
      );
      const a = await newSite();
      const unitA = await newUnit(a._id);
      await newSlot(unitA._id, {
        fitted: { kind: 'catalogue', variant_id: freshVariant },
        anchor_date: `${thisMonth}-01`,
        interval_count: 1,
        quantity: 3,
      });
      const b = await addSite(as.adminB, { name: 'Bravo Plant', code: 'BP-1' });
      const unitB = await addUnit(as.adminB, b._id, { label: 'AHU-1', kind: 'ahu' });
      await addSlot(
        as.adminB,
        unitB._id,
        slotBody({
          fitted: { kind: 'catalogue', variant_id: freshVariant },
          anchor_date: `${thisMonth}-01`,
          interval_count: 2,
          quantity: 7,
        }),
      );
      const res = await as.root.request('GET', 'programme/forecast?months=2');
      expect(res.status).toBe(200);
      expect(res.body.data.months).toEqual([thisMonth, next]);
      const row = res.body.data.rows.find((r: { variant_id: string }) => r.variant_id === freshVariant);
      // Company A: 3 next month (monthly); company B: nothing until two months on.
      expect(row).toMatchObject({ part_number, quantities: { [thisMonth]: 0, [next]: 3 }, total: 3 });
      const three = await as.root.request('GET', 'programme/forecast?months=3');
      const row3 = three.body.data.rows.find((r: { variant_id: string }) => r.variant_id === freshVariant);
      expect(row3.total).toBe(3 + 3 + 7);
      expect((await as.adminA.request('GET', 'programme/forecast')).status).toBe(403);
      expect((await as.root.request('GET', 'programme/forecast?months=25')).status).toBe(400);
    });

    it('forecast: weekly, daily and month-end schedules, overdue, skipped and agreed-item slots sum as their due dates say', async () => {
      const [{ id: variantId }] = await api.db.query(
        `SELECT id FROM variants WHERE NOT odd_size AND id <> ALL($1) ORDER BY part_number DESC OFFSET 1 LIMIT 1`,
        [[variant.id, variant13.id]],
      );
      const unit = await newUnit((await newSite())._id);
      const lastOfPreviousMonth = addDays(`${today().slice(0, 7)}-01`, -1);
      const slots = [
        // Overdue for weeks: every weekly date before the window counts in its first month.
        await newSlot(unit._id, {
          fitted: { kind: 'catalogue', variant_id: variantId },
          interval_unit: 'week',
          interval_count: 1,
          anchor_date: addDays(today(), -40),
          quantity: 2,
        }),
        await newSlot(unit._id, {
          stage: 'pre',
          fitted: { kind: 'catalogue', variant_id: variantId },
          interval_unit: 'day',
          interval_count: 90,
          anchor_date: addDays(today(), -10),
          quantity: 5,
        }),
        // Anchored on a month's last day: clamped every month, never drifting.
        await newSlot(unit._id, {
          stage: 'single',
          fitted: { kind: 'catalogue', variant_id: variantId },
          interval_unit: 'month',
          interval_count: 1,
          anchor_date: lastOfPreviousMonth,
          quantity: 3,
        }),
      ];
      const skipped = await newSlot(unit._id, {
        stage: 'pre',
        fitted: { kind: 'custom_size', catalogue_id: categoryId, width: '17 1/8', height: '23 5/8', depth: 2 },
        interval_unit: 'week',
        interval_count: 2,
        anchor_date: addDays(today(), -60),
        quantity: 7,
      });
      expect((await as.adminA.request('POST', `slots/${skipped._id}/skip`, {})).status).toBe(200);
      const [{ id: agreedId }] = await api.db.query(
        `INSERT INTO agreed_items (company_id, kind, description, customer_part_no, catalogue_id, width, height, depth,
                                   measure, price_cents, price_held_until)
         VALUES ($1, 'custom_size', 'Forecast pleat', 'FC-AGREED-1', $2, 16.375, 20.25, 1, 'exact', 1840, current_date + 365)
         RETURNING id`,
        [companyA, categoryId],
      );
      const agreed = await newSlot(unit._id, {
        stage: 'single',
        fitted: { kind: 'agreed_item', agreed_item_id: agreedId },
        interval_unit: 'week',
        interval_count: 3,
        anchor_date: addDays(today(), -30),
        quantity: 6,
      });

      /** The quantities per month by expanding each slot's due dates one by one with `due()`. */
      const expected = async (slotIds: string[], months: string[]) => {
        const out = Object.fromEntries(months.map((m) => [m, 0]));
        const first = `${months[0]}-01`;
        const last = addDays(addMonthsClamped(`${months[months.length - 1]}-01`, 1), -1);
        const rows = await api.db.query(
          `SELECT quantity, interval_unit, interval_count, to_char(anchor_date, 'YYYY-MM-DD') AS anchor,
                  due_index, to_char(next_due, 'YYYY-MM-DD') AS next_due
             FROM filter_slots WHERE id = ANY($1)`,
          [slotIds],
        );
        for (const r of rows) {
          for (let n = r.due_index; ; n++) {
            const on =
              n === r.due_index ? r.next_due : due(r.anchor, { unit: r.interval_unit, count: r.interval_count }, n);
            if (on > last) break;
            out[on < first ? months[0] : on.slice(0, 7)] += r.quantity;
          }
        }
        return out;
      };
      for (const months of [1, 6, 24]) {
        const res = await as.root.request('GET', `programme/forecast?months=${months}`);
        expect(res.status).toBe(200);
        const window: string[] = res.body.data.months;
        const row = res.body.data.rows.find((r: { variant_id: string }) => r.variant_id === variantId);
        expect(row.quantities).toEqual(
          await expected(
            slots.map((x) => x._id),
            window,
          ),
        );
        const custom = res.body.data.rows.find(
          (r: { kind: string; size: string }) => r.kind === 'custom_size' && r.size === '17 1/8 x 23 5/8 x 2 exact',
        );
        const customWanted = await expected([skipped._id], window);
        // Skipped to a date from today on: a short window may hold none of it (rows without demand are left out).
        if (Object.values(customWanted).every((q) => q === 0)) expect(custom).toBeUndefined();
        else expect(custom).toMatchObject({ quantities: customWanted, catalogue_id: categoryId });
        if (months === 24) expect(custom).toBeDefined();
        const agreedRow = res.body.data.rows.find((r: { key: string }) => r.key === `agreed|${agreedId}`);
        expect(agreedRow).toMatchObject({
          kind: 'agreed_item',
          part_number: 'FC-AGREED-1',
          product_name: 'Forecast pleat',
          catalogue_id: categoryId,
          size: '16 3/8 x 20 1/4 x 1 exact',
          quantities: await expected([agreed._id], window),
        });
      }
    });
  });

  it('variants take their MERV from names that say "MERV 13" (the migration’s rule, also run by the seed)', async () => {
    const [p] = await api.db.query(
      `SELECT p.id, p.name FROM products p WHERE p.name ~* 'MERV\\s*\\d' ORDER BY p.name LIMIT 1`,
    );
    const expected = Number(/MERV\s*(\d+)/i.exec(p.name)![1]);
    await api.db.query(`UPDATE variants SET merv = NULL WHERE product_id = $1`, [p.id]);
    expect(await fillMervFromNames(api.db)).toBeGreaterThan(0);
    const rows = await api.db.query(`SELECT DISTINCT merv FROM variants WHERE product_id = $1`, [p.id]);
    expect(rows).toEqual([{ merv: expected }]);
  });

  describe('programme.changed', () => {
    it('reaches the company’s admins and the site’s contacts, not the actor, no other employee, nothing to other companies', async () => {
      const site = await newSite();
      const unit = await newUnit(site._id);
      const heard: Record<string, string[]> = {};
      for (const who of ['root', 'adminA', 'contactA', 'empA', 'adminB', 'empB'] as Who[]) {
        heard[who] = [];
        const s = await connectSocket(api, as[who].token, { track: sockets });
        s.on('programme.changed', (m: { site_id: string }) => heard[who].push(m.site_id));
      }
      // An admin's change: the contact hears it, the admin (the actor) does not.
      await newSlot(unit._id);
      const slot = await newSlot(unit._id);
      // The contact's change: the admin hears it.
      await as.contactA.request('POST', `slots/${slot._id}/skip`, {});
      await new Promise((r) => setTimeout(r, 600));
      expect(heard.contactA.filter((id) => id === site._id)).toHaveLength(2);
      expect(heard.adminA.filter((id) => id === site._id)).toHaveLength(1);
      expect(heard.empA).toEqual([]);
      expect(heard.adminB).toEqual([]);
      expect(heard.empB).toEqual([]);
    });
  });
});
