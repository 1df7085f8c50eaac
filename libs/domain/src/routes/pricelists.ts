import { z } from 'zod';
import { idSchema } from '../org';
import { createPricelistSchema, PRICELIST_MSG, pricelistListQuerySchema } from '../pricelists';
import { binary, defineRoutes, ok, roles } from './route';

export const pricelistViewSchema = z.object({
  _id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  format: z.enum(['csv', 'xlsx', 'pdf']),
  rows: z.number().int(),
  total: z.number().int().nullable(),
  scope: z.enum(['catalogue', 'category', 'subcategory']),
  scope_name: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  file_name: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});

const pricelistId = {
  params: z.object({ id: idSchema }),
  paramRefusals: { id: { status: 404, message: PRICELIST_MSG.notFound } },
};

export const PRICELIST_ROUTES = defineRoutes('pricelists', {
  create: {
    method: 'POST',
    path: 'pricelists',
    summary: 'Order a price list (PDF or XLSX); 202, built in the background.',
    access: roles('superadmin', 'admin', 'employee'),
    body: createPricelistSchema,
    status: 202,
    response: z.object({
      status: z.number().int(),
      message: z.string(),
      data: z.object({ _id: z.string(), status: z.literal('queued') }),
    }),
  },
  list: {
    method: 'GET',
    path: 'pricelists',
    summary: 'Your price lists (superadmins: of `companyId`).',
    access: roles('superadmin', 'admin', 'employee'),
    query: pricelistListQuerySchema,
    status: 200,
    response: ok(z.array(pricelistViewSchema)),
  },
  get: {
    method: 'GET',
    path: 'pricelists/:id',
    summary: 'One price list and its state.',
    access: roles('superadmin', 'admin', 'employee'),
    ...pricelistId,
    status: 200,
    response: ok(pricelistViewSchema),
  },
  download: {
    method: 'GET',
    path: 'pricelists/:id/download',
    summary: 'The built file.',
    access: roles('superadmin', 'admin', 'employee'),
    ...pricelistId,
    status: 200,
    response: binary(
      'text/csv',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ),
  },
});
