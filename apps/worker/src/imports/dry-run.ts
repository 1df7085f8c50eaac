import type { DataSource } from 'typeorm';
import {
  IMPORT_COLUMNS,
  IMPORT_MSG,
  VARIANT_DATA_FIELDS,
  MAX_IMPORT_ROWS,
  centsToDecimalString,
  partKey,
  productNameProblem,
  restoreCell,
  splitAliases,
  suggestMapping,
  validateVariantRow,
  type ImportColumn,
  type VariantDataField,
  type VariantInput,
} from '@portal/domain';
import { readRows, type Cell, type SheetRow } from '@portal/platform';
import {
  insertChanges,
  insertErrors,
  loadCatalogueNodes,
  missingVariants,
  partNumberKeys,
  variantsByPartNumber,
  type ChangeRow,
  type CurrentVariant,
  type FieldDiff,
  type ImportRow,
  type StagedError,
} from './imports.repository';

export const BATCH_ROWS = 1000;
/** Errors kept per import for display; the count covers all of them. */
export const MAX_STORED_ERRORS = 10_000;

interface PendingRow {
  line: number;
  cells: Partial<Record<ImportColumn, Cell>>;
  categoryId: string;
  subcategoryId: string | null;
  product: string;
  pnKey: string;
}

export interface DryRunResult {
  status: 'ready' | 'invalid' | 'failed';
  counts: { create: number; update: number; unchanged: number; delete: number; errors: number };
  rows: number;
  message: string | null;
}

const text = (c: Cell | undefined): string =>
  c === null || c === undefined ? '' : typeof c === 'string' ? restoreCell(c).trim() : String(c);
const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const numText = (v: string | null) => (v === null ? null : String(Number(v)));
const blankNull = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : v);

/** A current variant's value of a variant field, in the form the validator accepts. */
function currentValue(cur: CurrentVariant, f: VariantDataField): unknown {
  if (f === 'list_price') return centsToDecimalString(cur.list_price_cents);
  if (f === 'odd_size_type') return cur.odd_size_type ?? '';
  if (f === 'merv') return cur.merv === null ? '' : String(cur.merv);
  return cur[f];
}

/**
 * Streams the file, validates each row with the grid's rules, diffs it against the catalogue in
 * batches and stores errors and planned changes. Nothing in the catalogue changes. Memory stays
 * flat: one batch of rows plus a set of the part numbers seen (for duplicates and deleteMissing).
 */
export class DryRun {
  private seqErrors = 0;
  private seqChanges = 0;
  private errors = 0;
  private counts = { create: 0, update: 0, unchanged: 0, delete: 0 };
  private errorBuf: StagedError[] = [];
  private changeBuf: ChangeRow[] = [];
  private readonly seen = new Map<string, number>();
  private readonly scopes = new Map<string, { category: string; subcategory: string | null }>();
  private categories = new Map<string, { id: string; name: string }>();
  private categoryNames = new Map<string, string>();
  private subcategories = new Map<string, { id: string; name: string }>();
  private subcategoryNames = new Map<string, string>();
  private products = new Map<string, string>();

  constructor(
    private readonly db: DataSource,
    private readonly imp: ImportRow,
    private readonly file: string,
    private readonly onProgress: (done: number) => Promise<void>,
    /** The file's rows (default: read here; the worker reads them in a disposable process). */
    private readonly source: AsyncIterable<SheetRow> = readRows(file, imp.format),
  ) {}

  private error(line: number, column: string, message: string): void {
    this.errors++;
    if (this.seqErrors >= MAX_STORED_ERRORS) return;
    this.errorBuf.push({ seq: ++this.seqErrors, line, column, message });
  }

  private async loadNodes(): Promise<void> {
    const nodes = await loadCatalogueNodes(this.db);
    for (const c of nodes.categories) {
      this.categories.set(c.name.trim().toLowerCase(), c);
      this.categoryNames.set(c.id, c.name);
    }
    for (const s of nodes.subcategories) {
      this.subcategories.set(`${s.category_id}|${s.name.trim().toLowerCase()}`, s);
      this.subcategoryNames.set(s.id, s.name);
    }
    for (const p of nodes.products)
      this.products.set(`${p.category_id}|${p.subcategory_id ?? ''}|${p.key.trim()}`, p.id);
  }

  async run(): Promise<DryRunResult> {
    await this.loadNodes();
    let columns: Partial<Record<ImportColumn, number>> | null = null;
    let batch: PendingRow[] = [];
    let rows = 0;
    for await (const r of this.source) {
      if ('error' in r) {
        if (columns) rows++;
        this.error(r.line, '', IMPORT_MSG.brokenRow(r.error));
        continue;
      }
      if (!columns) {
        columns = this.header(r.line, r.cells);
        if (!columns) break;
        continue;
      }
      if (r.cells.every((c) => text(c) === '')) continue;
      rows++;
      if (rows > MAX_IMPORT_ROWS) {
        return { status: 'failed', counts: this.result(), rows, message: IMPORT_MSG.tooManyRows };
      }
      const pending = this.precheck(r.line, r.cells, columns);
      if (pending) batch.push(pending);
      if (batch.length >= BATCH_ROWS) {
        await this.diffBatch(batch);
        batch = [];
        await this.flush();
        await this.onProgress(rows);
      }
    }
    if (!columns && this.errors === 0) {
      return { status: 'failed', counts: this.result(), rows: 0, message: IMPORT_MSG.empty };
    }
    if (batch.length) await this.diffBatch(batch);
    if (this.imp.delete_missing && this.errors === 0) await this.planDeletes();
    await this.flush();
    await this.onProgress(rows);
    return { status: this.errors ? 'invalid' : 'ready', counts: this.result(), rows, message: null };
  }

  private result() {
    return { ...this.counts, errors: this.errors };
  }

  /** Column index per import column, from the stored mapping or suggested from the header names. */
  private header(line: number, cells: Cell[]): Partial<Record<ImportColumn, number>> | null {
    const headers = cells.map((c) => text(c));
    const mapping = this.imp.mapping ?? suggestMapping(headers);
    const out: Partial<Record<ImportColumn, number>> = {};
    headers.forEach((h, i) => {
      const col = mapping[h];
      if (col && (IMPORT_COLUMNS as readonly string[]).includes(col) && out[col as ImportColumn] === undefined) {
        out[col as ImportColumn] = i;
      }
    });
    let ok = true;
    for (const col of ['category', 'product', 'part_number', 'list_price'] as const) {
      if (out[col] === undefined) {
        this.error(line, col, IMPORT_MSG.missingColumn(col));
        ok = false;
      }
    }
    return ok ? out : null;
  }

  /** Checks that need no database: names, nodes, duplicates in the file, display order. */
  private precheck(line: number, raw: Cell[], columns: Partial<Record<ImportColumn, number>>): PendingRow | null {
    const cells: Partial<Record<ImportColumn, Cell>> = {};
    for (const [col, i] of Object.entries(columns) as [ImportColumn, number][]) {
      const c = raw[i];
      cells[col] = typeof c === 'string' ? restoreCell(c) : (c ?? null);
    }
    let ok = true;
    const pn = text(cells.part_number);
    const pnKey = pn.toLowerCase();
    if (pnKey) {
      const first = this.seen.get(pnKey);
      if (first !== undefined) {
        this.error(line, 'part_number', IMPORT_MSG.duplicatePartNumber(first));
        ok = false;
      } else this.seen.set(pnKey, line);
    }
    const categoryName = text(cells.category);
    const category = this.categories.get(categoryName.toLowerCase());
    if (!categoryName) {
      this.error(line, 'category', IMPORT_MSG.categoryRequired);
      ok = false;
    } else if (!category) {
      this.error(line, 'category', IMPORT_MSG.unknownCategory(categoryName));
      ok = false;
    }
    const subName = text(cells.subcategory);
    const sub = category && subName ? this.subcategories.get(`${category.id}|${subName.toLowerCase()}`) : undefined;
    if (category && subName && !sub) {
      this.error(line, 'subcategory', IMPORT_MSG.unknownSubcategory(subName));
      ok = false;
    }
    const product = text(cells.product);
    // The product form's rules (the part number gets the grid's, in validateVariantRow).
    const productProblem = product ? productNameProblem(product) : IMPORT_MSG.productRequired;
    if (productProblem) {
      this.error(line, 'product', product.length > 300 ? IMPORT_MSG.productTooLong : productProblem);
      ok = false;
    }
    const order = text(cells.display_order);
    if (order && !/^\d{1,9}$/.test(order)) {
      this.error(line, 'display_order', IMPORT_MSG.displayOrderInvalid);
      ok = false;
    }
    if (!ok || !category) return null;
    return { line, cells, categoryId: category.id, subcategoryId: sub?.id ?? null, product, pnKey };
  }

  private async diffBatch(batch: PendingRow[]): Promise<void> {
    const keys = batch.map((r) => r.pnKey).filter((k) => k);
    const current = await variantsByPartNumber(this.db, keys);
    const byKey = new Map(current.map((v) => [v.key, v]));
    const ourNumbers = await partNumberKeys(
      this.db,
      batch.flatMap((r) => ('aliases' in r.cells ? splitAliases(text(r.cells.aliases)).map(partKey) : [])),
    );
    for (const row of batch) {
      if (this.aliasesOk(row, ourNumbers)) this.diffRow(row, byKey.get(row.pnKey));
    }
  }

  /** The `aliases` cell (when mapped): each 1-100 characters with letters or digits, none of our part numbers. */
  private aliasesOk(row: PendingRow, ourNumbers: Set<string>): boolean {
    if (!('aliases' in row.cells)) return true;
    const own = partKey(text(row.cells.part_number));
    let ok = true;
    for (const alias of splitAliases(text(row.cells.aliases))) {
      const key = partKey(alias);
      if (alias.length > 100 || !/[\p{L}\p{N}]/u.test(key)) {
        this.error(row.line, 'aliases', IMPORT_MSG.aliasInvalid(alias));
        ok = false;
      } else if (key === own || ourNumbers.has(key)) {
        this.error(row.line, 'aliases', IMPORT_MSG.aliasIsPartNumber(alias));
        ok = false;
      }
    }
    return ok;
  }

  private diffRow(row: PendingRow, cur: CurrentVariant | undefined): void {
    const { cells } = row;
    const input: VariantInput = { part_number: cells.part_number };
    for (const f of VARIANT_DATA_FIELDS) {
      if (f in cells) input[f] = cells[f];
      else if (cur) input[f] = currentValue(cur, f);
    }
    const { value, errors } = validateVariantRow(input);
    if (!value) {
      for (const [field, message] of Object.entries(errors)) this.error(row.line, field, message);
      return;
    }
    this.scopes.set(`${row.categoryId}|${row.subcategoryId ?? ''}`, {
      category: row.categoryId,
      subcategory: row.subcategoryId,
    });
    const productKey = `${row.categoryId}|${row.subcategoryId ?? ''}|${row.product.toLowerCase()}`;
    const orderText = text(cells.display_order);
    const displayOrder = orderText ? Number(orderText) : null;
    const next = {
      part_number: value.part_number,
      category: this.categoryNames.get(row.categoryId)!,
      subcategory: row.subcategoryId ? this.subcategoryNames.get(row.subcategoryId)! : null,
      product: row.product,
      size: value.size,
      actual_size: value.actual_size,
      depth: numText(value.depth),
      odd_size: yesNo(value.odd_size),
      odd_size_type: value.odd_size_type ?? null,
      min_area: numText(value.min_area),
      max_area: numText(value.max_area),
      out_of_stock: yesNo(value.out_of_stock),
      list_price: centsToDecimalString(value.list_price_cents),
      display_order: displayOrder === null ? null : String(displayOrder),
      merv: value.merv === null ? null : String(value.merv),
      efficiency_class: value.efficiency_class,
      // Only when the file maps the column; compared as the sorted, de-duplicated set.
      ...('aliases' in cells ? { aliases: splitAliases(text(cells.aliases)).join('; ') } : {}),
    };
    const fields: FieldDiff = {};
    let productId: string | null = this.products.get(productKey) ?? null;
    if (cur) {
      const samePlace =
        cur.category_id === row.categoryId &&
        (cur.subcategory_id ?? null) === row.subcategoryId &&
        cur.product_name.trim().toLowerCase() === row.product.toLowerCase();
      if (samePlace) productId = cur.product_id;
      const before: Record<string, string | null> = {
        part_number: cur.part_number,
        category: this.categoryNames.get(cur.category_id) ?? null,
        subcategory: cur.subcategory_id ? (this.subcategoryNames.get(cur.subcategory_id) ?? null) : null,
        product: cur.product_name,
        size: cur.size,
        actual_size: cur.actual_size,
        depth: numText(cur.depth),
        odd_size: yesNo(cur.odd_size),
        odd_size_type: cur.odd_size_type,
        min_area: numText(cur.min_area),
        max_area: numText(cur.max_area),
        out_of_stock: yesNo(cur.out_of_stock),
        list_price: centsToDecimalString(cur.list_price_cents),
        display_order: String(cur.display_order),
        merv: cur.merv === null ? null : String(cur.merv),
        efficiency_class: cur.efficiency_class,
        aliases: splitAliases(cur.aliases ?? '').join('; '),
      };
      for (const [k, to] of Object.entries(next)) {
        if (k === 'display_order' && to === null) continue;
        if (!samePlace && (k === 'category' || k === 'subcategory' || k === 'product')) {
          if (blankNull(before[k]) !== blankNull(to)) fields[k] = { from: blankNull(before[k]), to: blankNull(to) };
          continue;
        }
        if (samePlace && (k === 'category' || k === 'subcategory' || k === 'product')) continue;
        if (blankNull(before[k]) !== blankNull(to)) fields[k] = { from: blankNull(before[k]), to: blankNull(to) };
      }
      if (!samePlace && !fields.product) fields.product = { from: cur.product_name, to: row.product };
      if (Object.keys(fields).length === 0) {
        this.counts.unchanged++;
        return;
      }
      this.counts.update++;
    } else {
      for (const [k, to] of Object.entries(next)) if (blankNull(to) !== null) fields[k] = { from: null, to };
      this.counts.create++;
    }
    this.changeBuf.push({
      seq: ++this.seqChanges,
      line: row.line,
      kind: cur ? 'update' : 'create',
      part_number: value.part_number,
      variant_id: cur?.id ?? null,
      base_version: cur?.version ?? null,
      category_id: row.categoryId,
      subcategory_id: row.subcategoryId,
      product_id: productId,
      product_name: row.product,
      size: value.size,
      actual_size: value.actual_size,
      depth: value.depth,
      odd_size: value.odd_size,
      odd_size_type: value.odd_size_type,
      min_area: value.min_area,
      max_area: value.max_area,
      out_of_stock: value.out_of_stock,
      merv: value.merv,
      efficiency_class: value.efficiency_class,
      cents: value.list_price_cents,
      old_cents: cur ? Number(cur.list_price_cents) : null,
      display_order: displayOrder,
      fields,
    });
  }

  /** deleteMissing: variants of the file's nodes that the file no longer lists. */
  private async planDeletes(): Promise<void> {
    const scopes = [...this.scopes.values()];
    if (!scopes.length) return;
    const rows = await missingVariants(this.db, scopes, [...this.seen.keys()]);
    for (const v of rows) {
      this.counts.delete++;
      this.changeBuf.push({
        seq: ++this.seqChanges,
        line: null,
        kind: 'delete',
        part_number: v.part_number,
        variant_id: v.id,
        base_version: v.version,
        category_id: null,
        subcategory_id: null,
        product_id: null,
        product_name: v.product_name,
        size: null,
        actual_size: null,
        depth: null,
        odd_size: null,
        odd_size_type: null,
        min_area: null,
        max_area: null,
        out_of_stock: null,
        merv: null,
        efficiency_class: null,
        cents: null,
        old_cents: Number(v.list_price_cents),
        display_order: null,
        fields: {
          product: { from: v.product_name, to: null },
          list_price: { from: centsToDecimalString(v.list_price_cents), to: null },
        },
      });
      if (this.changeBuf.length >= BATCH_ROWS) await this.flush();
    }
  }

  /** Writes buffered errors and changes (one INSERT each). */
  private async flush(): Promise<void> {
    if (this.errorBuf.length) {
      const e = this.errorBuf;
      this.errorBuf = [];
      await insertErrors(this.db, this.imp.id, e);
    }
    if (this.changeBuf.length) {
      const c = this.changeBuf;
      this.changeBuf = [];
      await insertChanges(this.db, this.imp.id, c);
    }
  }
}
