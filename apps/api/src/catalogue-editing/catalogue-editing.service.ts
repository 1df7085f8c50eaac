import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CATALOGUE_MSG,
  EDIT_MSG,
  VARIANT_MSG,
  isNewRowId,
  isUuid,
  parseIntField,
  validateVariantBatch,
  validateVariantRow,
  type NormalizedVariant,
  type SaveVariantsInput,
  type VariantInput,
} from '@portal/domain';
import type { SaveVariantsConflict, SaveVariantsResponse, VariantConflict } from '@portal/contracts';
import { isUniqueViolation } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  deleteVariants,
  findVariant,
  insertVariants,
  maxVariantOrder,
  parkPartNumbers,
  productVariants,
  reorderVariants,
  takenPartNumbers,
  toEditorVariant,
  updateVariants,
  type RowWrite,
  type VariantRow,
} from './catalogue-editing.repository';
import { differs, firstMessage, rejectIgnoredFields, resolvePriceFields } from './catalogue-editing.rules';
import { commitVariantsChange, editorProduct, lockProductOr404, recordPrices, uniqueGuard } from './product-writes';
import { variantEntries } from './variant-audit';

export type SaveResult =
  | { kind: 'ok'; body: SaveVariantsResponse & { status: 200; message: string } }
  | { kind: 'conflict'; body: SaveVariantsConflict };

/** A row that does not carry `merv` / `efficiency_class` (an older client) keeps the stored rating. */
function keepUnsentRating(row: VariantInput, value: NormalizedVariant, cur: VariantRow | undefined): NormalizedVariant {
  if (!cur) return value;
  return {
    ...value,
    merv: 'merv' in row ? value.merv : cur.merv,
    efficiency_class: 'efficiency_class' in row ? value.efficiency_class : cur.efficiency_class,
  };
}

/**
 * Variant edits: the grid's atomic save and the single-variant calls. Every write to a product first
 * locks its row (`SELECT … FOR UPDATE`), so concurrent saves of one product serialise and the version
 * check cannot race. Events and live pushes are written inside the transaction: they leave only on commit.
 */
@Injectable()
export class CatalogueEditingService {
  constructor(private readonly db: DataSource) {}

  /**
   * `PUT catalogue/product/{productId}/variants`: edits, additions, deletions and the new order of a
   * product in one transaction. Validation, version and uniqueness failures change nothing.
   */
  async saveVariants(user: RequestUser, productId: string, body: SaveVariantsInput): Promise<SaveResult> {
    const { variants: input, deleted: deletedInput, force } = body;

    // 1. Row rules (no I/O).
    const { values, errors, priceConflicts } = validateVariantBatch(input);
    const ids = new Set<string>();
    input.forEach((row, i) => {
      const id = row._id;
      if (id === undefined || id === null || id === '' || isNewRowId(id)) return;
      if (typeof id !== 'string' || !isUuid(id)) errors[`${i}._id`] = VARIANT_MSG.invalidId;
      else if (ids.has(id.toLowerCase())) errors[`${i}._id`] = VARIANT_MSG.duplicateId;
      else ids.add(id.toLowerCase());
      if (!force && !Number.isInteger(row.version)) errors[`${i}.version`] = VARIANT_MSG.versionRequired;
    });
    deletedInput.forEach((row, i) => {
      if (typeof row._id !== 'string' || !isUuid(row._id)) errors[`deleted.${i}._id`] = VARIANT_MSG.invalidId;
      else if (ids.has(row._id.toLowerCase())) errors[`deleted.${i}._id`] = VARIANT_MSG.duplicateId;
      else ids.add(row._id.toLowerCase());
      if (!force && !Number.isInteger(row.version)) errors[`deleted.${i}.version`] = VARIANT_MSG.versionRequired;
    });
    if (Object.keys(errors).length) throw new ApiException(400, VARIANT_MSG.fixRows, errors);

    try {
      return await this.db.transaction(async (m) => {
        const p = await lockProductOr404(m, productId);
        const current = await productVariants(m, productId);
        const byId = new Map(current.map((r) => [r.id, r]));

        // 2. Versions.
        const conflicts: VariantConflict[] = [];
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
          const order = i + 1;
          const id = typeof row._id === 'string' && isUuid(row._id) ? row._id.toLowerCase() : null;
          const cur = id ? byId.get(id) : undefined;
          const value = keepUnsentRating(row, values[i]!, cur);
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
        const taken = await takenPartNumbers(m, keys, [...mentioned]);
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
        if (toDelete.length) await deleteVariants(m, productId, toDelete);
        await parkPartNumbers(
          m,
          updates.filter((u) => byId.get(u.id)!.part_number !== u.value.part_number).map((u) => u.id),
        );
        await updateVariants(m, productId, updates);
        await insertVariants(m, productId, inserts);
        await reorderVariants(m, productId, reorder);
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
        await recordPrices(m, productId, user, priceChanges);
        if (toDelete.length || updates.length || inserts.length || reorder.length) {
          await commitVariantsChange(
            m,
            p,
            user,
            {
              added: inserts.length,
              updated: updates.length,
              deleted: toDelete.length,
              priceChanges: priceChanges.length,
            },
            variantEntries(productId, byId, { inserts, updates, deleted: toDelete, reorder }),
          );
        }
        return {
          kind: 'ok',
          body: { status: 200, message: CATALOGUE_MSG.allChangesSaved, data: await editorProduct(m, p) },
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
  async updateVariant(user: RequestUser, productId: string, variantId: string, row: VariantInput) {
    rejectIgnoredFields(row, variantId);
    if (parseIntField(row.version, 1) === 'invalid') {
      throw new ApiException(400, VARIANT_MSG.versionInvalid, { version: VARIANT_MSG.versionInvalid });
    }
    return uniqueGuard(() =>
      this.db.transaction(async (m) => {
        const p = await lockProductOr404(m, productId);
        const cur = await findVariant(m, variantId.toLowerCase(), productId);
        if (!cur) throw new ApiException(404, CATALOGUE_MSG.variantNotFound);
        if (row.version !== undefined && row.version !== null && row.version !== cur.version) {
          throw new ApiException(409, VARIANT_MSG.conflict);
        }
        const {
          value: checked,
          errors,
          priceConflict,
        } = validateVariantRow(row, {
          defaultPriceCents: Number(cur.list_price_cents),
        });
        if (!checked) throw new ApiException(400, Object.values(errors)[0], errors);
        const value = keepUnsentRating(row, checked, cur);
        const priceErrors = resolvePriceFields([row], [priceConflict], [value], () => cur, '');
        if (priceErrors) throw new ApiException(400, VARIANT_MSG.priceFieldsDisagree, priceErrors);
        const order = (parseIntField(row.display_order) as number | null) ?? cur.display_order;
        const taken = await takenPartNumbers(m, [value.part_number.toLowerCase()], [cur.id]);
        if (taken.size) {
          throw new ApiException(400, VARIANT_MSG.partNumberTaken, { part_number: VARIANT_MSG.partNumberTaken });
        }
        if (differs(cur, value, order)) {
          await updateVariants(m, productId, [{ id: cur.id, value, order }]);
          const updates = [{ id: cur.id, value, order }];
          const priceChanged = Number(cur.list_price_cents) !== value.list_price_cents;
          if (priceChanged) {
            await recordPrices(m, productId, user, [
              { id: cur.id, pn: value.part_number, old: Number(cur.list_price_cents), next: value.list_price_cents },
            ]);
          }
          await commitVariantsChange(
            m,
            p,
            user,
            { added: 0, updated: 1, deleted: 0, priceChanges: priceChanged ? 1 : 0 },
            variantEntries(productId, new Map([[cur.id, cur]]), { updates }),
          );
        }
        const after = (await findVariant(m, cur.id))!;
        return { status: 200, message: EDIT_MSG.variantUpdated, data: toEditorVariant(after) };
      }),
    );
  }

  /** `PATCH catalogue/appendvarient/{productId}` `{variants: [...]}` → 201 with the product. */
  async appendVariants(user: RequestUser, productId: string, input: VariantInput[]) {
    const { values, errors, priceConflicts } = validateVariantBatch(input, { defaultPriceCents: 0 });
    input.forEach((row, i) => {
      // New rows get new ids: an existing id here would be silently ignored.
      if (row._id !== undefined && row._id !== null && row._id !== '' && !isNewRowId(row._id)) {
        errors[`${i}._id`] = EDIT_MSG.appendWithId;
      }
    });
    Object.assign(errors, resolvePriceFields(input, priceConflicts, values, () => undefined) ?? {});
    if (Object.keys(errors).length) throw new ApiException(400, firstMessage(errors), errors);
    return uniqueGuard(() =>
      this.db.transaction(async (m) => {
        const p = await lockProductOr404(m, productId);
        const keys = values.map((v) => v!.part_number.toLowerCase());
        const taken = await takenPartNumbers(m, keys, []);
        if (taken.size) {
          const pnErrors: Record<string, string> = {};
          keys.forEach((k, i) => taken.has(k) && (pnErrors[`${i}.part_number`] = VARIANT_MSG.partNumberTaken));
          throw new ApiException(400, VARIANT_MSG.fixRows, pnErrors);
        }
        const base = await maxVariantOrder(m, productId);
        const inserts: RowWrite[] = values.map((value, i) => ({
          id: randomUUID(),
          value: value!,
          order: (parseIntField(input[i].display_order) as number | null) ?? base + i + 1,
        }));
        await insertVariants(m, productId, inserts);
        await recordPrices(
          m,
          productId,
          user,
          inserts.map((r) => ({ id: r.id, pn: r.value.part_number, old: null, next: r.value.list_price_cents })),
        );
        await commitVariantsChange(
          m,
          p,
          user,
          { added: inserts.length, updated: 0, deleted: 0, priceChanges: inserts.length },
          variantEntries(productId, new Map(), { inserts }),
        );
        return { status: 201, message: EDIT_MSG.variantsAppended, data: await editorProduct(m, p) };
      }),
    );
  }

  /** `DELETE catalogue/{productId}/variant/{variantId}`. */
  async deleteVariant(user: RequestUser, productId: string, variantId: string) {
    return this.db.transaction(async (m) => {
      const p = await lockProductOr404(m, productId);
      const gone = await findVariant(m, variantId.toLowerCase(), productId);
      const [deleted] = await deleteVariants(m, productId, [variantId.toLowerCase()]);
      if (!deleted) throw new ApiException(404, CATALOGUE_MSG.variantNotFound);
      const byId = new Map(gone ? [[gone.id, gone]] : []);
      await commitVariantsChange(
        m,
        p,
        user,
        { added: 0, updated: 0, deleted: 1, priceChanges: 0 },
        variantEntries(productId, byId, { deleted: [deleted] }),
      );
      return { status: 200, message: EDIT_MSG.variantDeleted, data: { _id: deleted } };
    });
  }
}
