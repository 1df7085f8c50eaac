import { z } from 'zod';
import { idSchema } from '../org';
import { createPricelistSchema, PRICELIST_MSG, pricelistListQuerySchema } from '../pricelists';
import { binary, defineRoutes, roles, statusAnswer } from './route';

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
    response: statusAnswer,
  },
  list: {
    method: 'GET',
    path: 'pricelists',
    summary: 'Your price lists (superadmins: of `companyId`).',
    access: roles('superadmin', 'admin', 'employee'),
    query: pricelistListQuerySchema,
    status: 200,
    response: statusAnswer,
  },
  get: {
    method: 'GET',
    path: 'pricelists/:id',
    summary: 'One price list and its state.',
    access: roles('superadmin', 'admin', 'employee'),
    ...pricelistId,
    status: 200,
    response: statusAnswer,
  },
  download: {
    method: 'GET',
    path: 'pricelists/:id/download',
    summary: 'The built file.',
    access: roles('superadmin', 'admin', 'employee'),
    ...pricelistId,
    status: 200,
    response: binary('application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  },
});
