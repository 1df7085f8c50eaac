import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CATALOGUE_MSG,
  DEFAULT_PART_NUMBER,
  EDIT_MSG,
  VARIANT_MSG,
  validateVariantRow,
  type NormalizedVariant,
  type NewProductInput,
} from '@portal/domain';
import { commitChange } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  countVariants,
  deleteProductRow,
  findNode,
  insertProduct,
  insertVariants,
  priceHistory,
  takenPartNumbers,
  variantExists,
} from './catalogue-editing.repository';
import { deleteProductFiles } from './files.repository';
import { editorProduct, lockProductOr404, recordPrices, uniqueGuard } from './product-writes';
import { variantEntries } from './variant-audit';

/** Products (added with their default variant, deleted with their files) and variants' price history. */
@Injectable()
export class ProductsEditingService {
  constructor(private readonly db: DataSource) {}

  /**
   * `POST catalogue/product` `{name, catalogue_id, variants: [{part_number: 'DEFAULT_PN', …}]}` → 201.
   * Part numbers are unique catalogue-wide, so the default variant's `DEFAULT_PN` becomes
   * `DEFAULT_PN-<first 8 hex digits of the product id>` (e.g. DEFAULT_PN-3f2a9c1d).
   */
  async addProduct(user: RequestUser, { name, catalogueId, first: given }: NewProductInput) {
    const productId = randomUUID();
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
      merv: null,
      efficiency_class: null,
    };
    if (checked.errors.part_number)
      throw new ApiException(400, checked.errors.part_number, { 'variants.0.part_number': checked.errors.part_number });
    return uniqueGuard(() =>
      this.db.transaction(async (m) => {
        const node = await findNode(m, catalogueId);
        if (!node) throw new ApiException(404, EDIT_MSG.catalogueNotFound);
        const taken = await takenPartNumbers(m, [value.part_number.toLowerCase()], []);
        if (taken.size) {
          throw new ApiException(400, VARIANT_MSG.partNumberTaken, {
            'variants.0.part_number': VARIANT_MSG.partNumberTaken,
          });
        }
        const p = await insertProduct(m, productId, node, name);
        const variantId = randomUUID();
        await insertVariants(m, productId, [{ id: variantId, value, order: 1 }]);
        await recordPrices(m, productId, user, [
          { id: variantId, pn: value.part_number, old: null, next: value.list_price_cents },
        ]);
        await commitChange(m, user.actor, {
          events: [
            {
              type: 'catalogue.product_added',
              payload: {
                productId,
                productName: name,
                categoryId: node.category_id,
                subcategoryId: node.subcategory_id,
                partNumber: value.part_number,
              },
            },
          ],
          audit: [
            {
              action: 'product.created',
              entity: 'product',
              entityId: productId,
              companyId: null,
              after: { name, catalogue_id: catalogueId },
            },
            ...variantEntries(productId, new Map(), { inserts: [{ id: variantId, value, order: 1 }] }),
          ],
        });
        return { status: 201, message: CATALOGUE_MSG.productAdded, data: await editorProduct(m, p) };
      }),
    );
  }

  /** `DELETE catalogue/product/{id}`: the product, its variants (cascade) and its files. */
  async deleteProduct(
    user: RequestUser,
    productId: string,
  ): Promise<{ result: { status: number; message: string }; storage: string[] }> {
    return this.db.transaction(async (m) => {
      const p = await lockProductOr404(m, productId);
      const variants = await countVariants(m, productId);
      const storage = await deleteProductFiles(m, productId);
      await deleteProductRow(m, productId);
      await commitChange(m, user.actor, {
        events: [
          {
            type: 'catalogue.product_deleted',
            payload: {
              productId,
              productName: p.name,
              categoryId: p.category_id,
              subcategoryId: p.subcategory_id,
              variants: variants,
            },
          },
        ],
        audit: [
          {
            action: 'product.deleted',
            entity: 'product',
            entityId: productId,
            companyId: null,
            before: { name: p.name, catalogue_id: p.subcategory_id ?? p.category_id, variants: variants },
          },
        ],
      });
      return {
        result: { status: 200, message: CATALOGUE_MSG.productRemoved },
        storage,
      };
    });
  }

  /** `GET catalogue/variant/{variantId}/price-history`, newest first. */
  async priceHistory(variantId: string) {
    if (!(await variantExists(this.db, variantId))) throw new ApiException(404, CATALOGUE_MSG.variantNotFound);
    return { status: 200, data: await priceHistory(this.db, variantId) };
  }
}
