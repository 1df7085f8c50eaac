import type { EntityManager } from 'typeorm';
import { CATALOGUE_MSG, VARIANT_MSG } from '@portal/domain';
import { commitChange, isUniqueViolation, type AuditEntry, type Db } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  insertPriceHistory,
  lockProduct,
  productVariants,
  toEditorProduct,
  touchProduct,
  type EditorProduct,
  type PriceChange,
  type ProductRow,
} from './catalogue-editing.repository';

/* Steps shared by the variant and product edits, inside the caller's transaction. */

/** Locks the product for the rest of the transaction; 404 when it does not exist. */
export async function lockProductOr404(m: EntityManager, productId: string): Promise<ProductRow> {
  const p = await lockProduct(m, productId);
  if (!p) throw new ApiException(404, CATALOGUE_MSG.productNotFound);
  return p;
}

/** The product with its variants, as the editor shows it. */
export async function editorProduct(db: Db, p: ProductRow): Promise<EditorProduct> {
  return toEditorProduct(p, await productVariants(db, p.id));
}

/** Price history rows, attributed to the user. */
export function recordPrices(m: EntityManager, productId: string, user: RequestUser, changes: PriceChange[]) {
  return insertPriceHistory(m, productId, user, changes);
}

/**
 * Marks the product changed and commits the change: its audit entries, `catalogue.variants_saved`
 * and the live refresh of every open catalogue (prices when a list price moved).
 */
export async function commitVariantsChange(
  m: EntityManager,
  p: ProductRow,
  user: RequestUser,
  counts: { added: number; updated: number; deleted: number; priceChanges: number },
  audit: AuditEntry[],
): Promise<void> {
  await touchProduct(m, p.id);
  await commitChange(m, user.actor, {
    events: [
      {
        type: 'catalogue.variants_saved',
        payload: {
          productId: p.id,
          productName: p.name,
          categoryId: p.category_id,
          subcategoryId: p.subcategory_id,
          ...counts,
        },
      },
    ],
    audit,
  });
}

/** A part number taken by a concurrent write between our check and our insert: the usual 400. */
export async function uniqueGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiException(400, VARIANT_MSG.partNumberTaken);
    throw err;
  }
}
