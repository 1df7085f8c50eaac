import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PRODUCT_LINE_MSG, type CategoryUpdateInput } from '@portal/domain';
import { commitChange } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { lockCategory, setCategoryProductLine } from './catalogue-editing.repository';

/** Category settings a superadmin edits: the product line that prices the category. */
@Injectable()
export class CategoriesEditingService {
  constructor(private readonly db: DataSource) {}

  /** `PATCH catalogue/category/{categoryId}` `{product_line}`: audited; prices follow at once. */
  update(user: RequestUser, categoryId: string, input: CategoryUpdateInput) {
    return this.db.transaction(async (m) => {
      const before = await lockCategory(m, categoryId);
      if (!before) throw new ApiException(404, PRODUCT_LINE_MSG.notFound);
      if (before.product_line === input.product_line) {
        return { status: 200, message: PRODUCT_LINE_MSG.updated, data: toView(before) };
      }
      const after = await setCategoryProductLine(m, categoryId, input.product_line);
      await commitChange(m, user.actor, {
        events: [{ type: 'category.updated', payload: { categoryId, productLineChanged: true } }],
        audit: [
          {
            action: 'category.updated',
            entity: 'category',
            entityId: categoryId,
            companyId: null,
            before: { name: before.name, product_line: before.product_line },
            after: { product_line: after.product_line },
          },
        ],
      });
      return { status: 200, message: PRODUCT_LINE_MSG.updated, data: toView(after) };
    });
  }
}

function toView(r: { id: string; name: string; product_line: string | null }) {
  return { _id: r.id, name: r.name, product_line: r.product_line };
}
