import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CATALOGUE_MSG,
  DEFAULT_PART_NUMBER,
  VARIANT_MSG,
  isNewRowId,
  parseIntField,
  TEXT_MSG,
  hasControlChars,
  unknownVariantFields,
  validateVariantBatch,
  validateVariantRow,
  type NormalizedVariant,
  type VariantInput,
} from '@portal/domain';
import { publishEvent, returnedRows } from '@portal/db';
import { actorOf } from '../common/actor';
import { broadcastCatalogueChanged } from './catalogue-events';
import { auditActor, recordAudit } from '../audit/audit.sql';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  DELETE_VARIANTS_SQL,
  INSERT_PRICE_HISTORY_SQL,
  INSERT_VARIANTS_SQL,
  LOCK_PRODUCT_SQL,
  NODE_SQL,
  PARK_PART_NUMBERS_SQL,
  PRODUCT_VARIANTS_SQL,
  REORDER_SQL,
  TAKEN_PART_NUMBERS_SQL,
  UPDATE_VARIANTS_SQL,
  VARIANT_COLUMNS,
  type ProductRow,
  type VariantRow,
} from './catalogue-editing.repository';
import { variantEntries } from './variant-audit';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_SAVE_ROWS = 10_000;

export const EDIT_MSG = {
  variantUpdated: 'Variant updated successfully',
  variantsAppended: 'Variants added successfully',
  variantDeleted: 'Variant deleted successfully',
  invalidBody: 'Invalid request body',
  invalidVariantId: 'Invalid variant ID',
  invalidCatalogueId: 'Invalid catalogue ID',
  catalogueNotFound: 'Catalogue not found',
  partNumberConflict: 'A part number in this save is already used elsewhere. Reload and try again.',
  tooManyRows: `A save may contain at most ${MAX_SAVE_ROWS} rows`,
  appendWithId: 'appendvarient adds new variants: leave _id out (or use a new_ id)',
} as const;

/** The message of a 400 with several field errors: the single one, or the generic grid text. */
function firstMessage(errors: Record<string, string>): string {
  const messages = [...new Set(Object.values(errors))];
  return messages.length === 1 ? messages[0]! : VARIANT_MSG.fixRows;
}

/**
 * A single-variant body may only carry variant fields, and an `_id` only if it is the variant in
 * the address: anything else would be dropped while the answer says "updated" (400 instead).
 */
function rejectIgnoredFields(row: VariantInput, variantId: string): void {
  const errors: Record<string, string> = {};
  for (const field of unknownVariantFields(row)) errors[field] = VARIANT_MSG.unknownField;
  if (
    row._id !== undefined &&
    row._id !== null &&
    (typeof row._id !== 'string' || row._id.toLowerCase() !== variantId.toLowerCase())
  ) {
    errors._id = VARIANT_MSG.idMismatch;
  }
  const fields = Object.keys(errors);
  if (!fields.length) return;
  const message = fields.includes('_id')
    ? VARIANT_MSG.idMismatch
    : `${VARIANT_MSG.unknownField} (${fields.join(', ')})`;
  throw new ApiException(400, message, errors);
}

/**
 * Rows whose `customer_price` (the spec's field) and `list_price` (the editor's) disagree. A client
 * sends back a row it fetched with one of the two edited, so the field that differs from the stored
 * price is the change and is applied; the other merely repeats the stored price. When both differ
 * (or the row is new), one of the changes would be dropped: both fields are named in a 400 instead.
 * Applies the winner to `values`; returns the errors keyed `<prefix><field>` or null.
 */
function resolvePriceFields(
  rows: readonly VariantInput[],
  conflicts: readonly ({ customerCents: number; listCents: number } | undefined)[],
  values: (NormalizedVariant | null)[],
  stored: (row: VariantInput) => VariantRow | undefined,
  prefix?: string,
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  conflicts.forEach((c, i) => {
    if (!c || !values[i]) return;
    const cur = stored(rows[i]!);
    const storedCents = cur ? Number(cur.list_price_cents) : null;
    if (storedCents === c.listCents) values[i]!.list_price_cents = c.customerCents;
    else if (storedCents === c.customerCents) values[i]!.list_price_cents = c.listCents;
    else {
      const p = prefix ?? `${i}.`;
      errors[`${p}customer_price`] = VARIANT_MSG.priceFieldsDisagree;
      errors[`${p}list_price`] = VARIANT_MSG.priceFieldsDisagree;
    }
  });
  return Object.keys(errors).length ? errors : null;
}

/** The superadmin view of a variant (the client fields plus list_price and version). */
export interface EditorVariant {
  _id: string;
  part_number: string;
  size: string;
  actual_size: string;
  depth: number | null;
  odd_size: boolean;
  odd_size_type: '' | 'SINGLE' | 'DOUBLE' | 'TRIPLE';
  min_area: number | null;
  max_area: number | null;
  out_of_stock: boolean;
  display_order: number;
  list_price: number;
  customer_price: number;
  version: number;
}

export interface EditorProduct {
  _id: string;
  name: string;
  catalogue_id: string;
  subcatalogue_id: string | null;
  image_path: string | null;
  variants: EditorVariant[];
}

export interface Conflict {
  _id: string;
  part_number: string;
  current: EditorVariant | null;
}

export type SaveResult =
  | { kind: 'ok'; body: { status: 200; message: string; data: EditorProduct } }
  | { kind: 'conflict'; body: { status: 409; message: string; conflicts: Conflict[] } };

const num = (v: string | null): number | null => (v === null ? null : Number(v));

export function toEditorVariant(r: VariantRow): EditorVariant {
  const price = Number(r.list_price_cents) / 100;
  return {
    _id: r.id,
    part_number: r.part_number,
    size: r.size,
    actual_size: r.actual_size,
    depth: num(r.depth),
    odd_size: r.odd_size,
    odd_size_type: (r.odd_size_type ?? '') as EditorVariant['odd_size_type'],
    min_area: num(r.min_area),
    max_area: num(r.max_area),
    out_of_stock: r.out_of_stock,
    display_order: r.display_order,
    list_price: price,
    customer_price: price,
    version: r.version,
  };
}

const sameNum = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b));

/** True when storing `next` at `order` would change the row. */
function differs(cur: VariantRow, next: NormalizedVariant, order: number): boolean {
  return (
    cur.part_number !== next.part_number ||
    cur.size !== next.size ||
    cur.actual_size !== next.actual_size ||
    !sameNum(cur.depth, next.depth) ||
    cur.odd_size !== next.odd_size ||
    (cur.odd_size_type ?? null) !== next.odd_size_type ||
    !sameNum(cur.min_area, next.min_area) ||
    !sameNum(cur.max_area, next.max_area) ||
    cur.out_of_stock !== next.out_of_stock ||
    Number(cur.list_price_cents) !== next.list_price_cents ||
    cur.display_order !== order
  );
}

interface RowWrite {
  id: string;
  value: NormalizedVariant;
  order: number;
}

/** Column arrays for the unnest() statements, in SQL parameter order $2..$13. */
function columns(rows: RowWrite[]): unknown[] {
  return [
    rows.map((r) => r.id),
    rows.map((r) => r.value.part_number),
    rows.map((r) => r.value.size),
    rows.map((r) => r.value.actual_size),
    rows.map((r) => r.value.depth),
    rows.map((r) => r.value.odd_size),
    rows.map((r) => r.value.odd_size_type),
    rows.map((r) => r.value.min_area),
    rows.map((r) => r.value.max_area),
    rows.map((r) => r.value.out_of_stock),
    rows.map((r) => String(r.value.list_price_cents)),
    rows.map((r) => r.order),
  ];
}

function isUniqueViolation(err: unknown): boolean {
  return (
    (err as { code?: string })?.code === '23505' ||
    (err as { driverError?: { code?: string } })?.driverError?.code === '23505'
  );
}

/**
 * Catalogue mutations and the grid's atomic save. Every write to a product first locks its
 * row (`SELECT … FOR UPDATE`), so concurrent saves of one product serialise and the version check
 * cannot race. Events and live pushes are written inside the transaction: they leave only on commit.
 */
@Injectable()
export class CatalogueEditingService {
  constructor(private readonly db: DataSource) {}

  checkUuid(id: string, message: string = CATALOGUE_MSG.invalidProductId): void {
    if (!UUID_RE.test(id)) throw new ApiException(400, message);
  }

  private async lockProduct(m: EntityManager, productId: string): Promise<ProductRow> {
    const rows: ProductRow[] = await m.query(LOCK_PRODUCT_SQL, [productId]);
    if (!rows[0]) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
    return rows[0];
  }

  private async variantsOf(m: EntityManager | DataSource, productId: string): Promise<VariantRow[]> {
    return m.query(PRODUCT_VARIANTS_SQL, [productId]);
  }

  async product(m: EntityManager | DataSource, p: ProductRow): Promise<EditorProduct> {
    const variants = await this.variantsOf(m, p.id);
    return {
      _id: p.id,
      name: p.name,
      catalogue_id: p.category_id,
      subcatalogue_id: p.subcategory_id,
      image_path: p.image_path,
      variants: variants.map(toEditorVariant),
    };
  }

  /** Row indexes (in `keys` order) whose part number is used by a row outside `exclude`. */
  private async takenPartNumbers(m: EntityManager, keys: string[], exclude: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows: { key: string }[] = await m.query(TAKEN_PART_NUMBERS_SQL, [keys, exclude]);
    return new Set(rows.map((r) => r.key));
  }

  private async recordPrices(
    m: EntityManager,
    productId: string,
    user: RequestUser,
    changes: { id: string; pn: string; old: number | null; next: number }[],
  ): Promise<void> {
    if (!changes.length) return;
    await m.query(INSERT_PRICE_HISTORY_SQL, [
      productId,
      user.id,
      user.username,
      changes.map((c) => c.id),
      changes.map((c) => c.pn),
      changes.map((c) => (c.old === null ? null : String(c.old))),
      changes.map((c) => String(c.next)),
    ]);
  }

  private async afterVariantsChange(
    m: EntityManager,
    p: ProductRow,
    user: RequestUser,
    counts: { added: number; updated: number; deleted: number; priceChanges: number },
  ): Promise<void> {
    await m.query(`UPDATE products SET updated_at = now() WHERE id = $1`, [p.id]);
    await publishEvent(
      m,
      'catalogue.variants_saved',
      {
        productId: p.id,
        productName: p.name,
        categoryId: p.category_id,
        subcategoryId: p.subcategory_id,
        ...counts,
        actor: actorOf(user),
      },
      user.id,
    );
    await broadcastCatalogueChanged(m, { categoryId: p.category_id, productId: p.id, kind: 'variants' });
  }

  /* ------------------------------------------------------------------ atomic save */

  /**
   * `PUT catalogue/product/{productId}/variants`: edits, additions, deletions and the new order of a
   * product in one transaction. Validation, version and uniqueness failures change nothing.
   */
  async saveVariants(user: RequestUser, productId: string, body: unknown): Promise<SaveResult> {
    this.checkUuid(productId);
    const b = (body ?? {}) as { variants?: unknown; deleted?: unknown; force?: unknown };
    if (!Array.isArray(b.variants) || (b.deleted !== undefined && b.deleted !== null && !Array.isArray(b.deleted))) {
      throw new ApiException(400, EDIT_MSG.invalidBody, { variants: 'variants must be an array' });
    }
    const input = b.variants as VariantInput[];
    const deletedInput = (Array.isArray(b.deleted) ? b.deleted : []) as { _id?: unknown; version?: unknown }[];
    if (input.length + deletedInput.length > MAX_SAVE_ROWS) throw new ApiException(400, EDIT_MSG.tooManyRows);
    if (
      input.some((r) => typeof r !== 'object' || r === null) ||
      deletedInput.some((r) => typeof r !== 'object' || r === null)
    ) {
      throw new ApiException(400, EDIT_MSG.invalidBody);
    }
    const force = b.force === true;

    // 1. Row rules (no I/O).
    const { values, errors, priceConflicts } = validateVariantBatch(input);
    const ids = new Set<string>();
    input.forEach((row, i) => {
      const id = row._id;
      if (id === undefined || id === null || id === '' || isNewRowId(id)) return;
      if (typeof id !== 'string' || !UUID_RE.test(id)) errors[`${i}._id`] = VARIANT_MSG.invalidId;
      else if (ids.has(id.toLowerCase())) errors[`${i}._id`] = VARIANT_MSG.duplicateId;
      else ids.add(id.toLowerCase());
      if (!force && !Number.isInteger(row.version)) errors[`${i}.version`] = VARIANT_MSG.versionRequired;
    });
    deletedInput.forEach((row, i) => {
      if (typeof row._id !== 'string' || !UUID_RE.test(row._id)) errors[`deleted.${i}._id`] = VARIANT_MSG.invalidId;
      else if (ids.has(row._id.toLowerCase())) errors[`deleted.${i}._id`] = VARIANT_MSG.duplicateId;
      else ids.add(row._id.toLowerCase());
      if (!force && !Number.isInteger(row.version)) errors[`deleted.${i}.version`] = VARIANT_MSG.versionRequired;
    });
    if (Object.keys(errors).length) throw new ApiException(400, VARIANT_MSG.fixRows, errors);

    try {
      return await this.db.transaction(async (m) => {
        const p = await this.lockProduct(m, productId);
        const current = await this.variantsOf(m, productId);
        const byId = new Map(current.map((r) => [r.id, r]));

        // 2. Versions.
        const conflicts: Conflict[] = [];
        input.forEach((row) => {
          const id = typeof row._id === 'string' && !isNewRowId(row._id) && row._id ? row._id.toLowerCase() : null;
          if (!id) return;
          const cur = byId.get(id);
          if (!cur || cur.version !== row.version) {
            conflicts.push({
              _id: id,
              part_number: cur?.part_number ?? String(row.part_number ?? ''),
              current: cur ? toEditorVariant(cur) : null,
            });
          }
        });
        for (const row of deletedInput) {
          const id = (row._id as string).toLowerCase();
          const cur = byId.get(id);
          if (!cur || cur.version !== row.version) {
            conflicts.push({
              _id: id,
              part_number: cur?.part_number ?? '',
              current: cur ? toEditorVariant(cur) : null,
            });
          }
        }
        if (conflicts.length && !force) {
          return { kind: 'conflict', body: { status: 409, message: VARIANT_MSG.conflict, conflicts } } as SaveResult;
        }
        const priceErrors = resolvePriceFields(input, priceConflicts, values, (row) =>
          typeof row._id === 'string' ? byId.get(row._id.toLowerCase()) : undefined,
        );
        if (priceErrors) throw new ApiException(400, VARIANT_MSG.priceFieldsDisagree, priceErrors);

        // 3. Plan: deletes, updates (changed rows only), inserts; order = array position + 1.
        const toDelete = deletedInput.map((r) => (r._id as string).toLowerCase()).filter((id) => byId.has(id));
        const updates: RowWrite[] = [];
        const inserts: RowWrite[] = [];
        const mentioned = new Set<string>(toDelete);
        const rowIds: string[] = [];
        input.forEach((row, i) => {
          const value = values[i]!;
          const order = i + 1;
          const id = typeof row._id === 'string' && UUID_RE.test(row._id) ? row._id.toLowerCase() : null;
          const cur = id ? byId.get(id) : undefined;
          if (cur && id) {
            mentioned.add(id);
            rowIds[i] = id;
            if (differs(cur, value, order)) updates.push({ id, value, order });
          } else {
            // new_ rows, and (with force) rows someone else deleted meanwhile: inserted afresh
            const newId = randomUUID();
            rowIds[i] = newId;
            inserts.push({ id: newId, value, order });
          }
        });

        // 4. Part numbers unique across the catalogue (rows being rewritten or deleted excluded).
        const keys = input.map((r, i) => values[i]!.part_number.toLowerCase());
        const taken = await this.takenPartNumbers(m, keys, [...mentioned]);
        if (taken.size) {
          const pnErrors: Record<string, string> = {};
          keys.forEach((k, i) => {
            if (taken.has(k)) pnErrors[`${i}.part_number`] = VARIANT_MSG.partNumberTaken;
          });
          throw new ApiException(400, VARIANT_MSG.fixRows, pnErrors);
        }

        // 5. Rows of the product the save did not mention (added by someone else): after ours.
        const reorder: { id: string; order: number }[] = [];
        let next = input.length;
        for (const cur of current) {
          if (mentioned.has(cur.id)) continue;
          next++;
          if (cur.display_order !== next) reorder.push({ id: cur.id, order: next });
        }

        // 6. Write, set-based.
        if (toDelete.length) await m.query(DELETE_VARIANTS_SQL, [productId, toDelete]);
        const renamed = updates.filter((u) => byId.get(u.id)!.part_number !== u.value.part_number).map((u) => u.id);
        if (renamed.length) await m.query(PARK_PART_NUMBERS_SQL, [renamed]);
        if (updates.length) await m.query(UPDATE_VARIANTS_SQL, [productId, ...columns(updates)]);
        if (inserts.length) await m.query(INSERT_VARIANTS_SQL, [productId, ...columns(inserts)]);
        if (reorder.length) {
          await m.query(REORDER_SQL, [productId, reorder.map((r) => r.id), reorder.map((r) => r.order)]);
        }
        const priceChanges = [
          ...updates
            .filter((u) => Number(byId.get(u.id)!.list_price_cents) !== u.value.list_price_cents)
            .map((u) => ({
              id: u.id,
              pn: u.value.part_number,
              old: Number(byId.get(u.id)!.list_price_cents),
              next: u.value.list_price_cents,
            })),
          ...inserts.map((u) => ({ id: u.id, pn: u.value.part_number, old: null, next: u.value.list_price_cents })),
        ];
        await this.recordPrices(m, productId, user, priceChanges);
        await recordAudit(
          m,
          auditActor(user),
          variantEntries(productId, byId, { inserts, updates, deleted: toDelete, reorder }),
        );

        if (toDelete.length || updates.length || inserts.length || reorder.length) {
          await this.afterVariantsChange(m, p, user, {
            added: inserts.length,
            updated: updates.length,
            deleted: toDelete.length,
            priceChanges: priceChanges.length,
          });
        }
        return {
          kind: 'ok',
          body: { status: 200, message: CATALOGUE_MSG.allChangesSaved, data: await this.product(m, p) },
        } as SaveResult;
      });
    } catch (err) {
      // A concurrent save elsewhere took a part number between our check and our write.
      if (isUniqueViolation(err)) throw new ApiException(400, EDIT_MSG.partNumberConflict);
      throw err;
    }
  }

  /* ----------------------------------------------------------- single-variant calls */

  /** `PATCH catalogue/{productId}/variant/{variantId}`: one variant (optional `version` is checked). */
  async updateVariant(user: RequestUser, productId: string, variantId: string, body: unknown) {
    this.checkUuid(productId);
    this.checkUuid(variantId, EDIT_MSG.invalidVariantId);
    const row = (body ?? {}) as VariantInput;
    if (typeof row !== 'object' || Array.isArray(row)) throw new ApiException(400, EDIT_MSG.invalidBody);
    rejectIgnoredFields(row, variantId);
    if (parseIntField(row.version, 1) === 'invalid') {
      throw new ApiException(400, VARIANT_MSG.versionInvalid, { version: VARIANT_MSG.versionInvalid });
    }
    return this.uniqueGuard(() =>
      this.db.transaction(async (m) => {
        const p = await this.lockProduct(m, productId);
        const rows: VariantRow[] = await m.query(
          `SELECT ${VARIANT_COLUMNS} FROM variants v WHERE v.id = $1 AND v.product_id = $2`,
          [variantId.toLowerCase(), productId],
        );
        const cur = rows[0];
        if (!cur) throw new ApiException(404, CATALOGUE_MSG.variantNotFound);
        if (row.version !== undefined && row.version !== null && row.version !== cur.version) {
          throw new ApiException(409, VARIANT_MSG.conflict);
        }
        const { value, errors, priceConflict } = validateVariantRow(row, {
          defaultPriceCents: Number(cur.list_price_cents),
        });
        if (!value) throw new ApiException(400, Object.values(errors)[0], errors);
        const priceErrors = resolvePriceFields([row], [priceConflict], [value], () => cur, '');
        if (priceErrors) throw new ApiException(400, VARIANT_MSG.priceFieldsDisagree, priceErrors);
        const order = (parseIntField(row.display_order) as number | null) ?? cur.display_order;
        const taken = await this.takenPartNumbers(m, [value.part_number.toLowerCase()], [cur.id]);
        if (taken.size) {
          throw new ApiException(400, VARIANT_MSG.partNumberTaken, { part_number: VARIANT_MSG.partNumberTaken });
        }
        if (differs(cur, value, order)) {
          await m.query(UPDATE_VARIANTS_SQL, [productId, ...columns([{ id: cur.id, value, order }])]);
          const updates = [{ id: cur.id, value, order }];
          await recordAudit(m, auditActor(user), variantEntries(productId, new Map([[cur.id, cur]]), { updates }));
          const priceChanged = Number(cur.list_price_cents) !== value.list_price_cents;
          if (priceChanged) {
            await this.recordPrices(m, productId, user, [
              { id: cur.id, pn: value.part_number, old: Number(cur.list_price_cents), next: value.list_price_cents },
            ]);
          }
          await this.afterVariantsChange(m, p, user, {
            added: 0,
            updated: 1,
            deleted: 0,
            priceChanges: priceChanged ? 1 : 0,
          });
        }
        const after: VariantRow[] = await m.query(`SELECT ${VARIANT_COLUMNS} FROM variants v WHERE v.id = $1`, [
          cur.id,
        ]);
        return { status: 200, message: EDIT_MSG.variantUpdated, data: toEditorVariant(after[0]) };
      }),
    );
  }

  /** `PATCH catalogue/appendvarient/{productId}` `{variants: [...]}` → 201 with the product. */
  async appendVariants(user: RequestUser, productId: string, body: unknown) {
    this.checkUuid(productId);
    const list = (body as { variants?: unknown } | null)?.variants;
    if (!Array.isArray(list) || list.length === 0 || list.some((r) => typeof r !== 'object' || r === null)) {
      throw new ApiException(400, EDIT_MSG.invalidBody, { variants: 'variants must be a non-empty array' });
    }
    if (list.length > MAX_SAVE_ROWS) throw new ApiException(400, EDIT_MSG.tooManyRows);
    const input = list as VariantInput[];
    const { values, errors, priceConflicts } = validateVariantBatch(input, { defaultPriceCents: 0 });
    input.forEach((row, i) => {
      // New rows get new ids: an existing id here would be silently ignored.
      if (row._id !== undefined && row._id !== null && row._id !== '' && !isNewRowId(row._id)) {
        errors[`${i}._id`] = EDIT_MSG.appendWithId;
      }
    });
    Object.assign(errors, resolvePriceFields(input, priceConflicts, values, () => undefined) ?? {});
    if (Object.keys(errors).length) throw new ApiException(400, firstMessage(errors), errors);
    return this.uniqueGuard(() =>
      this.db.transaction(async (m) => {
        const p = await this.lockProduct(m, productId);
        const keys = values.map((v) => v!.part_number.toLowerCase());
        const taken = await this.takenPartNumbers(m, keys, []);
        if (taken.size) {
          const pnErrors: Record<string, string> = {};
          keys.forEach((k, i) => taken.has(k) && (pnErrors[`${i}.part_number`] = VARIANT_MSG.partNumberTaken));
          throw new ApiException(400, VARIANT_MSG.fixRows, pnErrors);
        }
        const maxRows: { max: number }[] = await m.query(
          `SELECT coalesce(max(display_order), 0)::int AS max FROM variants WHERE product_id = $1`,
          [productId],
        );
        const base = maxRows[0].max;
        const inserts: RowWrite[] = values.map((value, i) => ({
          id: randomUUID(),
          value: value!,
          order: (parseIntField(input[i].display_order) as number | null) ?? base + i + 1,
        }));
        await m.query(INSERT_VARIANTS_SQL, [productId, ...columns(inserts)]);
        await recordAudit(m, auditActor(user), variantEntries(productId, new Map(), { inserts }));
        await this.recordPrices(
          m,
          productId,
          user,
          inserts.map((r) => ({ id: r.id, pn: r.value.part_number, old: null, next: r.value.list_price_cents })),
        );
        await this.afterVariantsChange(m, p, user, {
          added: inserts.length,
          updated: 0,
          deleted: 0,
          priceChanges: inserts.length,
        });
        return { status: 201, message: EDIT_MSG.variantsAppended, data: await this.product(m, p) };
      }),
    );
  }

  /** `DELETE catalogue/{productId}/variant/{variantId}`. */
  async deleteVariant(user: RequestUser, productId: string, variantId: string) {
    this.checkUuid(productId);
    this.checkUuid(variantId, EDIT_MSG.invalidVariantId);
    return this.db.transaction(async (m) => {
      const p = await this.lockProduct(m, productId);
      const gone: VariantRow[] = await m.query(
        `SELECT ${VARIANT_COLUMNS} FROM variants v WHERE v.id = $1 AND v.product_id = $2`,
        [variantId.toLowerCase(), productId],
      );
      const rows = returnedRows<{ id: string }>(
        await m.query(DELETE_VARIANTS_SQL, [productId, [variantId.toLowerCase()]]),
      );
      if (!rows.length) throw new ApiException(404, CATALOGUE_MSG.variantNotFound);
      const byId = new Map(gone.map((r) => [r.id, r]));
      await recordAudit(m, auditActor(user), variantEntries(productId, byId, { deleted: [rows[0].id] }));
      await this.afterVariantsChange(m, p, user, { added: 0, updated: 0, deleted: 1, priceChanges: 0 });
      return { status: 200, message: EDIT_MSG.variantDeleted, data: { _id: rows[0].id } };
    });
  }

  /**
   * `POST catalogue/product` `{name, catalogue_id, variants: [{part_number: 'DEFAULT_PN', …}]}` → 201.
   * Part numbers are unique catalogue-wide, so the default variant's `DEFAULT_PN` becomes
   * `DEFAULT_PN-<first 8 hex digits of the product id>` (e.g. DEFAULT_PN-3f2a9c1d).
   */
  async addProduct(user: RequestUser, body: unknown) {
    const b = (body ?? {}) as { name?: unknown; catalogue_id?: unknown; variants?: unknown };
    const name = typeof b.name === 'string' ? b.name.trim() : '';
    if (!name)
      throw new ApiException(400, CATALOGUE_MSG.productNameRequired, { name: CATALOGUE_MSG.productNameRequired });
    if (name.length > 300) throw new ApiException(400, 'Product name must be at most 300 characters');
    if (hasControlChars(name)) {
      const message = TEXT_MSG.controlChars('Product name');
      throw new ApiException(400, message, { name: message });
    }
    const catalogueId = typeof b.catalogue_id === 'string' ? b.catalogue_id : '';
    if (!UUID_RE.test(catalogueId)) throw new ApiException(400, EDIT_MSG.invalidCatalogueId);
    const productId = randomUUID();
    const first = (Array.isArray(b.variants) && typeof b.variants[0] === 'object' && b.variants[0]) || {};
    const given = first as VariantInput;
    const pnText = typeof given.part_number === 'string' ? given.part_number.trim() : '';
    const partNumber =
      !pnText || pnText === DEFAULT_PART_NUMBER ? `${DEFAULT_PART_NUMBER}-${productId.slice(0, 8)}` : pnText;
    // The default variant is a placeholder: the grid's rules (size etc.) apply when it is edited.
    const raw = { ...given, part_number: partNumber };
    const checked = validateVariantRow(raw, { defaultPriceCents: 0 });
    const value: NormalizedVariant = checked.value ?? {
      part_number: partNumber,
      size: typeof given.size === 'string' ? given.size.trim().slice(0, 100) : '',
      actual_size: typeof given.actual_size === 'string' ? given.actual_size.trim().slice(0, 100) : '',
      depth: null,
      odd_size: false,
      odd_size_type: null,
      min_area: null,
      max_area: null,
      out_of_stock: false,
      list_price_cents: 0,
    };
    if (checked.errors.part_number)
      throw new ApiException(400, checked.errors.part_number, { 'variants.0.part_number': checked.errors.part_number });
    return this.uniqueGuard(() =>
      this.db.transaction(async (m) => {
        const nodes: { kind: string; category_id: string; subcategory_id: string | null; name: string }[] =
          await m.query(NODE_SQL, [catalogueId]);
        const node = nodes[0];
        if (!node) throw new ApiException(404, EDIT_MSG.catalogueNotFound);
        const taken = await this.takenPartNumbers(m, [value.part_number.toLowerCase()], []);
        if (taken.size) {
          throw new ApiException(400, VARIANT_MSG.partNumberTaken, {
            'variants.0.part_number': VARIANT_MSG.partNumberTaken,
          });
        }
        const col = node.subcategory_id ? 'subcategory_id' : 'category_id';
        const p: ProductRow[] = await m.query(
          `INSERT INTO products (id, category_id, subcategory_id, name, display_order)
           SELECT $1, $2, $3, $4, coalesce(max(display_order), 0) + 1 FROM products WHERE ${col} = $5
           RETURNING id, name, category_id, subcategory_id, image_path`,
          [productId, node.category_id, node.subcategory_id, name, node.subcategory_id ?? node.category_id],
        );
        const variantId = randomUUID();
        await m.query(INSERT_VARIANTS_SQL, [productId, ...columns([{ id: variantId, value, order: 1 }])]);
        await recordAudit(m, auditActor(user), [
          {
            action: 'product.created',
            entity: 'product',
            entityId: productId,
            companyId: null,
            after: { name, catalogue_id: catalogueId },
          },
          ...variantEntries(productId, new Map(), { inserts: [{ id: variantId, value, order: 1 }] }),
        ]);
        await this.recordPrices(m, productId, user, [
          { id: variantId, pn: value.part_number, old: null, next: value.list_price_cents },
        ]);
        await publishEvent(
          m,
          'catalogue.product_added',
          {
            productId,
            productName: name,
            categoryId: node.category_id,
            subcategoryId: node.subcategory_id,
            partNumber: value.part_number,
            actor: actorOf(user),
          },
          user.id,
        );
        await broadcastCatalogueChanged(m, { categoryId: node.category_id, productId, kind: 'product' });
        return { status: 201, message: CATALOGUE_MSG.productAdded, data: await this.product(m, p[0]) };
      }),
    );
  }

  /** `DELETE catalogue/product/{id}`: the product, its variants (cascade) and its files. */
  async deleteProduct(
    user: RequestUser,
    productId: string,
  ): Promise<{ result: { status: number; message: string }; storage: string[] }> {
    this.checkUuid(productId);
    return this.db.transaction(async (m) => {
      const p = await this.lockProduct(m, productId);
      const count: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM variants WHERE product_id = $1`, [
        productId,
      ]);
      const files = returnedRows<{ storage_name: string | null; thumbnail_name: string | null }>(
        await m.query(
          `DELETE FROM files WHERE owner_type = 'product' AND owner_id = $1 RETURNING storage_name, thumbnail_name`,
          [productId],
        ),
      );
      await m.query(`DELETE FROM products WHERE id = $1`, [productId]);
      await recordAudit(m, auditActor(user), [
        {
          action: 'product.deleted',
          entity: 'product',
          entityId: productId,
          companyId: null,
          before: { name: p.name, catalogue_id: p.subcategory_id ?? p.category_id, variants: count[0].n },
        },
      ]);
      await publishEvent(
        m,
        'catalogue.product_deleted',
        {
          productId,
          productName: p.name,
          categoryId: p.category_id,
          subcategoryId: p.subcategory_id,
          variants: count[0].n,
          actor: actorOf(user),
        },
        user.id,
      );
      await broadcastCatalogueChanged(m, { categoryId: p.category_id, productId, kind: 'product' });
      return {
        result: { status: 200, message: CATALOGUE_MSG.productRemoved },
        storage: files.flatMap((f) => [f.storage_name, f.thumbnail_name]).filter((s): s is string => !!s),
      };
    });
  }

  /** `GET catalogue/variant/{variantId}/price-history`, newest first. */
  async priceHistory(variantId: string) {
    this.checkUuid(variantId, EDIT_MSG.invalidVariantId);
    const exists: unknown[] = await this.db.query(`SELECT 1 FROM variants WHERE id = $1`, [variantId]);
    if (!exists.length) throw new ApiException(404, CATALOGUE_MSG.variantNotFound);
    const rows: { old: string | null; new: string; changed_by: string; changed_at: Date }[] = await this.db.query(
      `SELECT old_price_cents::text AS old, new_price_cents::text AS new, changed_by_name AS changed_by, changed_at
         FROM price_history WHERE variant_id = $1 ORDER BY changed_at DESC, id DESC LIMIT 500`,
      [variantId],
    );
    return {
      status: 200,
      data: rows.map((r) => ({
        old_price: r.old === null ? null : Number(r.old) / 100,
        new_price: Number(r.new) / 100,
        changed_by: r.changed_by,
        changed_at: new Date(r.changed_at).toISOString(),
      })),
    };
  }

  private async uniqueGuard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiException(400, VARIANT_MSG.partNumberTaken);
      throw err;
    }
  }
}
