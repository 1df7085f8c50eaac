import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROGRAMME_MSG as M, addDays, addMonthsClamped, todayIn } from '../../../libs/domain/src';
import { type ApiClient, createCompany, startTestApi, type TestApi } from '../../../test/api';
import { addSite, addUnit, seedProgrammeCompanies } from './support/programme';

const TZ = 'America/New_York';
type Who = 'adminA' | 'contactA' | 'adminB';
const WHO: Who[] = ['adminA', 'contactA', 'adminB'];

describe('filter slots fitted with an agreed item', () => {
  let api: TestApi;
  let companyA: string;
  let companyB: string;
  let as: Record<Who, ApiClient>;
  let ids: Record<Who, string>;
  let categoryId: string;
  let seq = 0;

  const today = () => todayIn(TZ);
  const nextMonth = () => addMonthsClamped(`${today().slice(0, 7)}-01`, 1).slice(0, 7);

  /** An agreed item of `companyId` (a custom size priced in an accepted quote). */
  async function agreedItem(
    companyId: string,
    extra: { customer_part_no?: string | null; withdrawn?: boolean; price_cents?: number } = {},
  ): Promise<string> {
    const [row] = await api.db.query(
      `INSERT INTO agreed_items (company_id, kind, description, customer_part_no, catalogue_id, width, height, depth,
                                 measure, price_cents, price_held_until, withdrawn)
       VALUES ($1, 'custom_size', $2, $3, $4, 16.375, 20.25, 1, 'exact', $5, current_date + 365, $6) RETURNING id`,
      [
        companyId,
        `16 3/8 x 20 1/4 x 1 pleated #${++seq}`,
        extra.customer_part_no === undefined ? `ACME-${seq}` : extra.customer_part_no,
        categoryId,
        extra.price_cents ?? 1840,
        extra.withdrawn ?? false,
      ],
    );
    return row.id;
  }

  async function unitOfNewSite() {
    seq++;
    const site = await addSite(as.adminA, { name: `Wing ${seq}`, code: `W${seq}`, contacts: [ids.contactA] });
    const unit = await addUnit(as.adminA, site._id, { label: 'AHU-2', kind: 'ahu' });
    return { site: site as { _id: string; name: string }, unitId: unit._id };
  }

  const slotBody = (agreedItemId: string, extra: Record<string, unknown> = {}) => ({
    stage: 'final',
    fitted: { kind: 'agreed_item', agreed_item_id: agreedItemId },
    quantity: 3,
    interval_unit: 'month',
    interval_count: 1,
    anchor_date: `${today().slice(0, 7)}-01`,
    ...extra,
  });

  beforeAll(async () => {
    api = await startTestApi({ SUPPLIER_TZ: TZ });
    ({ companyA, companyB, as, ids, categoryId } = await seedProgrammeCompanies(api, WHO));
  });
  afterAll(async () => {
    await api?.close();
  });

  it('an admin fits a slot with the company’s agreed item; the answer names it by the company’s part number; audited', async () => {
    const item = await agreedItem(companyA);
    const { unitId } = await unitOfNewSite();
    const res = await as.adminA.request('POST', `units/${unitId}/slots`, slotBody(item));
    expect(res.status).toBe(201);
    expect(res.body.data.fitted).toEqual({
      kind: 'agreed_item',
      agreed_item_id: item,
      part_number: `ACME-${seq - 1}`,
      description: expect.stringContaining('pleated'),
    });
    const [audit] = await api.db.query(
      `SELECT after FROM audit_log WHERE entity_id = $1 AND action = 'filter_slot.created'`,
      [res.body.data._id],
    );
    expect(audit.after).toMatchObject({ fitted_kind: 'agreed_item', agreed_item_id: item });
  });

  it('another company’s agreed item reads like an unknown one (400 naming the field); a withdrawn one is refused; nothing written', async () => {
    const foreign = await agreedItem(companyB);
    const withdrawn = await agreedItem(companyA, { withdrawn: true });
    const { unitId } = await unitOfNewSite();
    const [{ n: before }] = await api.db.query(`SELECT count(*)::int AS n FROM filter_slots`);
    for (const id of [foreign, '00000000-0000-4000-8000-000000000000']) {
      const res = await as.adminA.request('POST', `units/${unitId}/slots`, slotBody(id));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ 'fitted.agreed_item_id': M.agreedItemUnknown });
    }
    const off = await as.adminA.request('POST', `units/${unitId}/slots`, slotBody(withdrawn));
    expect(off.status).toBe(400);
    expect(off.body.errors).toEqual({ 'fitted.agreed_item_id': M.agreedItemInactive });
    const bad = await as.adminA.request('POST', `units/${unitId}/slots`, slotBody('nope'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'fitted.agreed_item_id': M.agreedItemInvalid });
    const [{ n: after }] = await api.db.query(`SELECT count(*)::int AS n FROM filter_slots`);
    expect(after).toBe(before);
    // Company B's admin cannot fit company A's item either.
    const b = await addSite(as.adminB, { name: 'Beta Hall', code: 'BH' });
    const bUnit = await addUnit(as.adminB, b._id, { label: 'RTU-1', kind: 'rtu' });
    const cross = await as.adminB.request('POST', `units/${bUnit._id}/slots`, slotBody(await agreedItem(companyA)));
    expect(cross.status).toBe(400);
    expect(cross.body.errors).toEqual({ 'fitted.agreed_item_id': M.agreedItemUnknown });
  });

  it('a slot switches from a catalogue part to an agreed item and back (PATCH)', async () => {
    const item = await agreedItem(companyA);
    const { unitId } = await unitOfNewSite();
    const [v] = await api.db.query(`SELECT id FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 1`);
    const created = await as.adminA.request('POST', `units/${unitId}/slots`, {
      ...slotBody(item),
      fitted: { kind: 'catalogue', variant_id: v.id },
    });
    const patched = await as.adminA.request('PATCH', `slots/${created.body.data._id}`, {
      fitted: { kind: 'agreed_item', agreed_item_id: item },
      version: created.body.data.version,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.fitted).toMatchObject({ kind: 'agreed_item', agreed_item_id: item });
    const [row] = await api.db.query(`SELECT variant_id, agreed_item_id FROM filter_slots WHERE id = $1`, [
      created.body.data._id,
    ]);
    expect(row).toEqual({ variant_id: null, agreed_item_id: item });
    const back = await as.adminA.request('PATCH', `slots/${created.body.data._id}`, {
      fitted: { kind: 'catalogue', variant_id: v.id },
      version: patched.body.data.version,
    });
    expect(back.status).toBe(200);
    expect(back.body.data.fitted).toMatchObject({ kind: 'catalogue', variant_id: v.id });
    const [again] = await api.db.query(`SELECT variant_id, agreed_item_id FROM filter_slots WHERE id = $1`, [
      created.body.data._id,
    ]);
    expect(again).toEqual({ variant_id: v.id, agreed_item_id: null });
  });

  it('an agreed item whose price is no longer held needs a quote: the month’s request asks for it in the quote request', async () => {
    const item = await agreedItem(companyA, { customer_part_no: 'ACME-OLD' });
    const { site, unitId } = await unitOfNewSite();
    expect((await as.adminA.request('POST', `units/${unitId}/slots`, slotBody(item))).status).toBe(201);
    await api.db.query(`UPDATE agreed_items SET price_held_until = current_date - 30 WHERE id = $1`, [item]);
    const month = nextMonth();
    const due = await as.adminA.request('GET', `programme/due?from=${month}&to=${month}&siteId=${site._id}`);
    expect(due.body.data.months[0].sites[0].lines).toEqual([
      expect.objectContaining({ kind: 'agreed_item', part_number: 'ACME-OLD', unit_price: null, needs_quote: true }),
    ]);
    const res = await as.adminA.request('POST', 'programme/requests', { site_id: site._id, month });
    expect(res.status).toBe(201);
    expect(res.body.data.order_request).toBeNull();
    const quoteLines = await api.db.query(
      `SELECT kind, width::float AS width, quantity FROM quote_request_lines WHERE quote_request_id = $1`,
      [res.body.data.quote_request._id],
    );
    expect(quoteLines).toEqual([{ kind: 'custom_size', width: 16.375, quantity: 3 }]);
  });

  it('the due view prices it at the agreed price, part number = the company’s part number or the description; requesting the month orders it', async () => {
    const named = await agreedItem(companyA, { price_cents: 2250 });
    const unnamed = await agreedItem(companyA, { customer_part_no: null, price_cents: 990 });
    const { site, unitId } = await unitOfNewSite();
    await as.adminA.request('POST', `units/${unitId}/slots`, slotBody(named));
    await as.adminA.request('POST', `units/${unitId}/slots`, slotBody(unnamed, { stage: 'pre', quantity: 5 }));
    const month = nextMonth();
    const due = await as.contactA.request('GET', `programme/due?from=${month}&to=${month}&siteId=${site._id}`);
    expect(due.status).toBe(200);
    const lines = due.body.data.months[0].sites[0].lines as Record<string, unknown>[];
    const [{ description }] = await api.db.query(`SELECT description FROM agreed_items WHERE id = $1`, [unnamed]);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'agreed_item',
          part_number: expect.stringMatching(/^ACME-/),
          unit_price: 22.5,
          needs_quote: false,
          quantity: 3,
        }),
        expect.objectContaining({ kind: 'agreed_item', part_number: description, unit_price: 9.9, quantity: 5 }),
      ]),
    );
    expect(due.body.data.months[0].sites[0].total).toBe(22.5 * 3 + 9.9 * 5);

    const res = await as.contactA.request('POST', 'programme/requests', { site_id: site._id, month });
    expect(res.status).toBe(201);
    expect(res.body.data.quote_request).toBeNull();
    const orderLines = await api.db.query(
      `SELECT kind, agreed_item_id, quantity, unit_price_cents::int AS cents FROM order_request_lines
        WHERE order_request_id = $1 ORDER BY position`,
      [res.body.data.order_request._id],
    );
    expect(orderLines).toEqual(
      expect.arrayContaining([
        { kind: 'agreed_item', agreed_item_id: named, quantity: 3, cents: 2250 },
        { kind: 'agreed_item', agreed_item_id: unnamed, quantity: 5, cents: 990 },
      ]),
    );
  });

  it('the records PDF names the agreed item a change was made with (pdftotext)', async () => {
    const item = await agreedItem(companyA, { customer_part_no: 'ACME-REC-7' });
    const { site, unitId } = await unitOfNewSite();
    const slot = await as.adminA.request('POST', `units/${unitId}/slots`, slotBody(item));
    const change = await as.contactA.request('POST', `slots/${slot.body.data._id}/changes`, {
      changed_on: addDays(today(), -3),
      pressure_drop_in_wc: 0.5,
    });
    expect(change.status).toBe(201);
    const [x] = await api.db.query(`SELECT fitted, agreed_item_id FROM filter_changes WHERE slot_id = $1`, [
      slot.body.data._id,
    ]);
    expect(x).toEqual({ fitted: 'ACME-REC-7', agreed_item_id: item });
    const res = await fetch(`${api.baseUrl}/api/sites/${site._id}/records.pdf`, {
      headers: { authorization: `Bearer ${as.adminA.token}` },
    });
    expect(res.status).toBe(200);
    const file = path.join(os.tmpdir(), `records-agreed-${site._id}.pdf`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    fs.rmSync(file);
    expect(text).toContain('ACME-REC-7');
    expect(text).toContain('0.5');
  });

  it('a change may re-fit the slot with the company’s agreed item: the slot, the change, the audit and the records PDF name it', async () => {
    const item = await agreedItem(companyA, { customer_part_no: 'ACME-REFIT-9' });
    const { site, unitId } = await unitOfNewSite();
    const [v] = await api.db.query(
      `SELECT id, part_number FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 1`,
    );
    const slot = await as.adminA.request('POST', `units/${unitId}/slots`, {
      ...slotBody(item),
      fitted: { kind: 'catalogue', variant_id: v.id },
    });
    expect(slot.status).toBe(201);
    const changedOn = addDays(today(), -2);
    const res = await as.contactA.request('POST', `slots/${slot.body.data._id}/changes`, {
      changed_on: changedOn,
      agreed_item_id: item,
      pressure_drop_in_wc: 0.7,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.fitted).toMatchObject({
      kind: 'agreed_item',
      agreed_item_id: item,
      part_number: 'ACME-REFIT-9',
    });
    expect(res.body.data.last_changed_on).toBe(changedOn);
    const [row] = await api.db.query(`SELECT fitted_kind, variant_id, agreed_item_id FROM filter_slots WHERE id = $1`, [
      slot.body.data._id,
    ]);
    expect(row).toEqual({ fitted_kind: 'agreed_item', variant_id: null, agreed_item_id: item });
    const [x] = await api.db.query(
      `SELECT fitted, variant_id, agreed_item_id, merv FROM filter_changes WHERE slot_id = $1`,
      [slot.body.data._id],
    );
    expect(x).toEqual({ fitted: 'ACME-REFIT-9', variant_id: null, agreed_item_id: item, merv: null });
    const [audit] = await api.db.query(
      `SELECT after FROM audit_log WHERE entity_id = $1 AND action = 'filter_slot.change_recorded'`,
      [slot.body.data._id],
    );
    expect(audit.after).toMatchObject({ fitted: 'ACME-REFIT-9', agreed_item_id: item, changed_on: changedOn });

    const pdf = await fetch(`${api.baseUrl}/api/sites/${site._id}/records.pdf`, {
      headers: { authorization: `Bearer ${as.adminA.token}` },
    });
    expect(pdf.status).toBe(200);
    const file = path.join(os.tmpdir(), `records-refit-${site._id}.pdf`);
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    fs.rmSync(file);
    expect(text).toContain('ACME-REFIT-9');
    expect(text).not.toContain(v.part_number);
  });

  it('a change naming another company’s, an unknown, a withdrawn or a malformed agreed item is refused (400 naming agreed_item_id); nothing written', async () => {
    const foreign = await agreedItem(companyB);
    const withdrawn = await agreedItem(companyA, { withdrawn: true });
    const own = await agreedItem(companyA);
    const { unitId } = await unitOfNewSite();
    const [v] = await api.db.query(`SELECT id FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 1`);
    const slot = await as.adminA.request('POST', `units/${unitId}/slots`, {
      ...slotBody(own),
      fitted: { kind: 'catalogue', variant_id: v.id },
    });
    const url = `slots/${slot.body.data._id}/changes`;
    const state = async () => ({
      slot: (
        await api.db.query(
          `SELECT fitted_kind, variant_id, agreed_item_id, anchor_date, version FROM filter_slots WHERE id = $1`,
          [slot.body.data._id],
        )
      )[0],
      changes: (
        await api.db.query(`SELECT count(*)::int AS n FROM filter_changes WHERE slot_id = $1`, [slot.body.data._id])
      )[0].n,
      audits: (
        await api.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1`, [slot.body.data._id])
      )[0].n,
    });
    const before = await state();
    const cases: [Record<string, unknown>, string][] = [
      [{ agreed_item_id: foreign }, M.agreedItemUnknown],
      [{ agreed_item_id: '00000000-0000-4000-8000-000000000000' }, M.agreedItemUnknown],
      [{ agreed_item_id: withdrawn }, M.agreedItemInactive],
      [{ agreed_item_id: 'nope' }, M.agreedItemInvalid],
      [{ agreed_item_id: own, variant_id: v.id }, M.changeFittedBoth],
    ];
    for (const [extra, message] of cases) {
      const res = await as.adminA.request('POST', url, { changed_on: today(), ...extra });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ agreed_item_id: message });
    }
    expect(await state()).toEqual(before);
    // Company B's admin cannot reach company A's slot at all.
    const cross = await as.adminB.request('POST', url, { changed_on: today(), agreed_item_id: foreign });
    expect(cross.status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('the export names an agreed-item slot by the company’s part number, and by its size when it has none', async () => {
    const numbered = await agreedItem(companyA, { customer_part_no: 'ACME-EXPORT-1' });
    const unnumbered = await agreedItem(companyA, { customer_part_no: null });
    const { unitId } = await unitOfNewSite();
    const site = `W${seq}`;
    expect((await as.adminA.request('POST', `units/${unitId}/slots`, slotBody(numbered))).status).toBe(201);
    const pre = slotBody(unnumbered, { stage: 'pre' });
    expect((await as.adminA.request('POST', `units/${unitId}/slots`, pre)).status).toBe(201);
    const res = await fetch(`${api.baseUrl}/api/sites/export?format=csv`, {
      headers: { authorization: `Bearer ${as.adminA.token}` },
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split(/\r?\n/).filter((l) => l.startsWith(`${site},`));
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${site},Wing \\d+,AHU-2,pre,16 3/8 x 20 1/4 x 1 exact,3,`)),
      expect.stringMatching(new RegExp(`^${site},Wing \\d+,AHU-2,final,ACME-EXPORT-1,3,`)),
    ]);
  });

  it('deleting a company removes its agreed items together with the slots fitted with them and their record', async () => {
    const doomed = await createCompany(api.db, 'Gone Ltd');
    const [site] = await api.db.query(
      `INSERT INTO sites (company_id, name, code, time_zone) VALUES ($1, 'G', 'G1', $2) RETURNING id`,
      [doomed, TZ],
    );
    const [unit] = await api.db.query(
      `INSERT INTO site_units (site_id, company_id, label, kind) VALUES ($1, $2, 'AHU-1', 'ahu') RETURNING id`,
      [site.id, doomed],
    );
    const item = await agreedItem(doomed);
    await api.db.query(
      `INSERT INTO filter_slots (unit_id, site_id, company_id, stage, fitted_kind, agreed_item_id, quantity, interval_unit,
         interval_count, anchor_date, next_due)
       VALUES ($1, $2, $3, 'single', 'agreed_item', $4, 1, 'month', 3, current_date, current_date + 90) RETURNING id`,
      [unit.id, site.id, doomed, item],
    );
    await api.db.query(
      `INSERT INTO filter_changes (slot_id, site_id, company_id, changed_on, quantity, agreed_item_id, fitted, recorded_by_name)
       SELECT id, site_id, company_id, current_date, 1, agreed_item_id, 'G-1', 'tech' FROM filter_slots WHERE agreed_item_id = $1`,
      [item],
    );
    await api.db.query(`DELETE FROM companies WHERE id = $1`, [doomed]);
    const [{ n }] = await api.db.query(`SELECT count(*)::int AS n FROM agreed_items WHERE id = $1`, [item]);
    expect(n).toBe(0);
  });
});
