import type { DataSource } from 'typeorm';
import {
  DEPTH_TOLERANCE,
  MAX_IMPORT_ROWS,
  MAX_SLOTS_PER_COMPANY,
  PROGRAMME_MSG,
  SITES_IMPORT_MSG as M,
  due,
  importedSlotAction,
  looksLikeSize,
  parseInterval,
  parseLastChanged,
  parseQuantity,
  parseSizeString,
  parseStage,
  partKey,
  programmeColumns,
  restoreCell,
  sizeString,
  textCell,
  todayIn,
  unitKindFromLabel,
  IMPORT_MSG,
  type ProgrammeColumn,
} from '@portal/domain';
import {
  companyProgramme,
  customSizeCatalogue,
  insertSitesImportErrors,
  insertStagedSlotRows,
  lookUpPartKeys,
  type PartMatch,
  type ProgrammeSlotRow,
  type SitesImportCounts,
  type SitesImportError,
  type StagedSlotRow,
} from '@portal/db';
import type { Cell, SheetRow } from '@portal/platform';

export const SITES_BATCH_ROWS = 1000;
/** Errors kept per import for display; the count covers all of them. */
export const MAX_STORED_SITES_ERRORS = 10_000;
/** The latest "today" anywhere: a change dated today in any time zone is not in the future. */
const LATEST_ZONE = 'Etc/GMT-14';

type Fitted =
  | { kind: 'part'; raw: string; key: string }
  | {
      kind: 'size';
      raw: string;
      width: number;
      height: number;
      depth: number;
      measure: 'nominal' | 'exact';
      sizeType: string | null;
    };

interface PendingRow {
  line: number;
  siteCode: string;
  siteName: string;
  unitLabel: string;
  stage: string;
  fitted: Fitted;
  quantity: number;
  interval: { unit: 'day' | 'week' | 'month'; count: number };
  anchor: string;
}

export interface SitesDryRunResult {
  status: 'ready' | 'invalid' | 'failed';
  counts: SitesImportCounts;
  rows: number;
  message: string | null;
}

const text = (c: Cell | undefined): string =>
  c === null || c === undefined ? '' : typeof c === 'string' ? restoreCell(c).trim() : String(c);
const lower = (s: string) => s.toLowerCase();
const num = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * The programme import's dry run: streams the file, checks each row (site code, unit label, stage,
 * part number or size, quantity, interval, last changed), resolves part numbers as the find box does
 * (a batch at a time) and sizes by the odd-size rules, compares every row with the company's
 * programme and stages what applying would do. Nothing in the programme changes.
 */
export class SitesDryRun {
  private errors = 0;
  private errorSeq = 0;
  private errorBuf: SitesImportError[] = [];
  private staged: StagedSlotRow[] = [];
  private readonly counts = {
    sites_created: 0,
    units_created: 0,
    slots_created: 0,
    slots_updated: 0,
    slots_unchanged: 0,
  };
  private readonly seenSlots = new Map<string, number>();
  private readonly newSites = new Set<string>();
  private readonly newUnits = new Set<string>();
  private readonly catalogueFor = new Map<string, string | null>();
  private programme!: Awaited<ReturnType<typeof companyProgramme>>;
  private siteByCode = new Map<string, { id: string; status: string }>();
  private unitByKey = new Map<string, { id: string; min_merv: number | null; max_merv: number | null }>();
  private slotByKey = new Map<string, ProgrammeSlotRow>();
  private readonly today: string;

  constructor(
    private readonly db: DataSource,
    private readonly imp: { id: string; company_id: string },
    private readonly source: AsyncIterable<SheetRow>,
    private readonly onProgress: (done: number) => Promise<void>,
    now: Date,
  ) {
    this.today = todayIn(LATEST_ZONE, now);
  }

  private error(line: number | null, column: string | null, message: string): void {
    this.errors++;
    if (this.errorSeq >= MAX_STORED_SITES_ERRORS) return;
    this.errorBuf.push({ seq: ++this.errorSeq, line, column, message: line === null ? message : M.row(line, message) });
  }

  private async load(): Promise<void> {
    this.programme = await companyProgramme(this.db, this.imp.company_id);
    const siteCode = new Map<string, string>();
    for (const s of this.programme.sites) {
      this.siteByCode.set(lower(s.code), s);
      siteCode.set(s.id, lower(s.code));
    }
    const unitKey = new Map<string, string>();
    for (const u of this.programme.units) {
      const key = `${siteCode.get(u.site_id)}|${lower(u.label)}`;
      this.unitByKey.set(key, u);
      unitKey.set(u.id, key);
    }
    for (const s of this.programme.slots) this.slotByKey.set(`${unitKey.get(s.unit_id)}|${s.stage}`, s);
  }

  async run(): Promise<SitesDryRunResult> {
    await this.load();
    let columns: Partial<Record<ProgrammeColumn, number>> | null = null;
    let batch: PendingRow[] = [];
    let rows = 0;
    for await (const r of this.source) {
      if ('error' in r) {
        if (columns) rows++;
        this.error(r.line, null, r.error);
        continue;
      }
      if (!columns) {
        const found = programmeColumns(r.cells.map((c) => text(c)));
        for (const col of found.missing) this.error(null, col, M.missingColumn(col));
        if (found.missing.length) break;
        columns = found.columns;
        continue;
      }
      if (r.cells.every((c) => text(c) === '')) continue;
      rows++;
      if (rows > MAX_IMPORT_ROWS) return this.result('failed', rows, IMPORT_MSG.tooManyRows);
      const pending = this.precheck(r.line, r.cells, columns);
      if (pending) batch.push(pending);
      if (batch.length >= SITES_BATCH_ROWS) {
        await this.resolveBatch(batch);
        batch = [];
        await this.flush();
        await this.onProgress(rows);
      }
    }
    if (!columns) {
      await this.flush();
      return this.errors ? this.result('invalid', 0, null) : this.result('failed', 0, M.empty);
    }
    if (batch.length) await this.resolveBatch(batch);
    await this.flush();
    await this.onProgress(rows);
    if (rows === 0) return this.result('failed', 0, M.empty);
    return this.result(this.errors ? 'invalid' : 'ready', rows, null);
  }

  private result(status: SitesDryRunResult['status'], rows: number, message: string | null): SitesDryRunResult {
    return { status, rows, message, counts: { ...this.counts, errors: this.errors } };
  }

  /** Checks that need no database. */
  private precheck(line: number, raw: Cell[], columns: Partial<Record<ProgrammeColumn, number>>): PendingRow | null {
    const cell = (col: ProgrammeColumn) => (columns[col] === undefined ? '' : text(raw[columns[col]]));
    let ok = true;
    const take = <T>(col: ProgrammeColumn, r: { ok: true; value: T } | { ok: false; message: string }): T | null => {
      if (r.ok) return r.value;
      this.error(line, col, r.message);
      ok = false;
      return null;
    };
    const siteCode = take('site code', textCell('site code', cell('site code'), 32, true));
    const siteName = take('site name', textCell('site name', cell('site name'), 80, false));
    const unitLabel = take('unit label', textCell('unit label', cell('unit label'), 80, true));
    const stage = take('stage', parseStage(cell('stage')));
    const quantity = take('quantity', parseQuantity(cell('quantity')));
    const interval = take('interval', parseInterval(cell('interval')));
    const anchor = take('last changed', parseLastChanged(cell('last changed'), this.today));
    const fittedText = cell('part number or size');
    let fitted: Fitted | null = null;
    if (!fittedText) {
      this.error(line, 'part number or size', M.required('part number or size'));
      ok = false;
    } else if (looksLikeSize(fittedText)) {
      const size = take('part number or size', parseSizeString(fittedText)!);
      if (size) fitted = { kind: 'size', raw: fittedText, ...size, sizeType: size.size_type };
    } else fitted = { kind: 'part', raw: fittedText, key: partKey(fittedText) };
    if (siteCode && unitLabel && stage) {
      const key = `${lower(siteCode)}|${lower(unitLabel)}|${stage}`;
      const first = this.seenSlots.get(key);
      if (first !== undefined) {
        this.error(line, 'unit label', M.duplicateSlot(first));
        ok = false;
      } else this.seenSlots.set(key, line);
      const site = this.siteByCode.get(lower(siteCode));
      if (site && site.status !== 'active') {
        this.error(line, 'site code', M.siteArchived(siteCode));
        ok = false;
      }
    }
    if (!ok || !siteCode || !unitLabel || !stage || !quantity || !interval || !anchor || !fitted) return null;
    return { line, siteCode, siteName: siteName || siteCode, unitLabel, stage, fitted, quantity, interval, anchor };
  }

  private async resolveBatch(batch: PendingRow[]): Promise<void> {
    const keys = [...new Set(batch.flatMap((r) => (r.fitted.kind === 'part' ? [r.fitted.key] : [])))];
    const matches = await lookUpPartKeys(this.db, this.imp.company_id, keys);
    for (const row of batch) {
      const fitted = await this.fittedColumns(row, matches);
      if (fitted) this.diffRow(row, fitted);
    }
  }

  private async catalogueForSize(sizeType: string | null, depth: number): Promise<string | null> {
    const key = `${sizeType}|${depth}`;
    if (!this.catalogueFor.has(key))
      this.catalogueFor.set(key, await customSizeCatalogue(this.db, sizeType, depth, DEPTH_TOLERANCE));
    return this.catalogueFor.get(key)!;
  }

  /** What the row fits, as slot columns (with the variant's MERV), or null after a row error. */
  private async fittedColumns(
    row: PendingRow,
    matches: Map<string, PartMatch[]>,
  ): Promise<
    | (Pick<
        StagedSlotRow,
        'fitted_kind' | 'variant_id' | 'catalogue_id' | 'width' | 'height' | 'depth' | 'measure' | 'fitted'
      > & { merv: number | null })
    | null
  > {
    const col = 'part number or size';
    const custom = async (
      w: number,
      h: number,
      d: number,
      measure: string,
      sizeType: string | null,
      catalogueId: string | null,
    ) => {
      const existing = this.slotByKey.get(this.slotKey(row));
      const sameSize =
        existing?.fitted_kind === 'custom_size' &&
        num(existing.width) === w &&
        num(existing.height) === h &&
        num(existing.depth) === d &&
        existing.measure === measure;
      // An existing slot of this size keeps the category it was filed under.
      const catalogue = sameSize ? existing.catalogue_id : (catalogueId ?? (await this.catalogueForSize(sizeType, d)));
      if (!catalogue) {
        this.error(row.line, col, M.noCatalogue);
        return null;
      }
      return {
        fitted_kind: 'custom_size' as const,
        variant_id: null,
        catalogue_id: catalogue,
        width: w,
        height: h,
        depth: d,
        measure,
        fitted: sizeString(w, h, d, measure as 'nominal' | 'exact'),
        merv: null,
      };
    };
    const f = row.fitted;
    if (f.kind === 'size') return custom(f.width, f.height, f.depth, f.measure, f.sizeType, null);
    const found = matches.get(f.key) ?? [];
    if (!found.length) {
      this.error(row.line, col, M.partUnknown(f.raw));
      return null;
    }
    if (found.length > 1) {
      this.error(row.line, col, M.partAmbiguous(f.raw, found.map((m) => m.part_number).slice(0, 5)));
      return null;
    }
    const m = found[0];
    if (m.via !== 'agreed_item') {
      return {
        fitted_kind: 'catalogue',
        variant_id: m.id,
        catalogue_id: null,
        width: null,
        height: null,
        depth: null,
        measure: null,
        fitted: m.part_number,
        merv: m.merv,
      };
    }
    if (m.agreed_kind !== 'custom_size' || m.width === null || m.height === null || m.depth === null) {
      this.error(row.line, col, M.agreedItemUnlisted(f.raw));
      return null;
    }
    const w = Number(m.width);
    const d = Number(m.depth);
    return custom(w, Number(m.height), d, m.measure ?? 'nominal', null, m.catalogue_id);
  }

  private slotKey(row: Pick<PendingRow, 'siteCode' | 'unitLabel' | 'stage'>): string {
    return `${lower(row.siteCode)}|${lower(row.unitLabel)}|${row.stage}`;
  }

  private diffRow(row: PendingRow, fitted: NonNullable<Awaited<ReturnType<SitesDryRun['fittedColumns']>>>): void {
    const siteKey = lower(row.siteCode);
    const unitKey = `${siteKey}|${lower(row.unitLabel)}`;
    const unit = this.unitByKey.get(unitKey);
    if (unit && fitted.merv !== null) {
      if (unit.min_merv !== null && fitted.merv < unit.min_merv) {
        this.error(row.line, 'part number or size', M.mervBelow(fitted.merv, unit.min_merv, row.unitLabel));
        return;
      }
      if (unit.max_merv !== null && fitted.merv > unit.max_merv) {
        this.error(row.line, 'part number or size', M.mervAbove(fitted.merv, unit.max_merv, row.unitLabel));
        return;
      }
    }
    const existing = this.slotByKey.get(this.slotKey(row));
    const next = {
      fitted_kind: fitted.fitted_kind,
      variant_id: fitted.variant_id,
      catalogue_id: fitted.catalogue_id,
      width: fitted.width,
      height: fitted.height,
      depth: fitted.depth,
      measure: fitted.measure,
      quantity: row.quantity,
      interval_unit: row.interval.unit,
      interval_count: row.interval.count,
      anchor_date: row.anchor,
    };
    const action: StagedSlotRow['action'] = importedSlotAction(existing, next);
    if (action === 'create' && this.programme.liveSlots + this.counts.slots_created + 1 > MAX_SLOTS_PER_COMPANY) {
      this.error(row.line, null, PROGRAMME_MSG.tooManySlots(MAX_SLOTS_PER_COMPANY));
      return;
    }
    if (!this.siteByCode.has(siteKey) && !this.newSites.has(siteKey)) {
      this.newSites.add(siteKey);
      this.counts.sites_created++;
    }
    if (!unit && !this.newUnits.has(unitKey)) {
      this.newUnits.add(unitKey);
      this.counts.units_created++;
    }
    if (action === 'create') this.counts.slots_created++;
    else if (action === 'update') this.counts.slots_updated++;
    else this.counts.slots_unchanged++;
    this.staged.push({
      line: row.line,
      action,
      site_code: row.siteCode,
      site_name: row.siteName,
      unit_label: row.unitLabel,
      unit_kind: unitKindFromLabel(row.unitLabel),
      stage: row.stage,
      ...next,
      fitted: fitted.fitted,
      next_due: due(row.anchor, row.interval, 1),
    });
  }

  private async flush(): Promise<void> {
    const errors = this.errorBuf;
    const staged = this.staged;
    this.errorBuf = [];
    this.staged = [];
    await insertSitesImportErrors(this.db, this.imp.id, errors);
    await insertStagedSlotRows(this.db, this.imp.id, staged);
  }
}
