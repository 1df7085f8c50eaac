import { z } from 'zod';
import {
  demandPartsQuerySchema,
  demandResolveSchema,
  demandSizesQuerySchema,
  FIND_MSG,
  partAliasCreateSchema,
  partAliasListSchema,
} from '../find';
import { isUuid } from '../org';
import { defineRoutes, roles, statusAnswer } from './route';

const office = roles('superadmin');

export const DEMAND_ROUTES = defineRoutes('demand', {
  parts: {
    method: 'GET',
    path: 'demand/parts',
    summary: 'Searched part numbers, most asked first (found and not found).',
    access: office,
    query: demandPartsQuerySchema,
    status: 200,
    response: statusAnswer,
  },
  sizes: {
    method: 'GET',
    path: 'demand/sizes',
    summary: 'Searched sizes, most asked first.',
    access: office,
    query: demandSizesQuerySchema,
    status: 200,
    response: statusAnswer,
  },
  logStatus: {
    method: 'GET',
    path: 'demand/log-status',
    summary: 'Whether the search log is complete for the period shown.',
    access: office,
    status: 200,
    response: statusAnswer,
  },
  resolve: {
    method: 'POST',
    path: 'demand/parts/resolve',
    summary: 'Map a searched number to a variant (adds an alias).',
    access: office,
    body: demandResolveSchema,
    status: 201,
    response: statusAnswer,
  },
  addAlias: {
    method: 'POST',
    path: 'part-aliases',
    summary: 'Add a cross-reference number.',
    access: office,
    body: partAliasCreateSchema,
    status: 201,
    response: statusAnswer,
  },
  listAliases: {
    method: 'GET',
    path: 'part-aliases',
    summary: 'Cross-reference numbers, a page.',
    access: office,
    query: partAliasListSchema,
    status: 200,
    response: statusAnswer,
  },
  removeAlias: {
    method: 'DELETE',
    path: 'part-aliases/:id',
    summary: 'Remove a cross-reference number.',
    access: office,
    params: z.object({ id: z.string().refine(isUuid, FIND_MSG.aliasIdInvalid) }),
    paramRefusals: { id: { status: 400, message: FIND_MSG.aliasIdInvalid } },
    status: 200,
    response: statusAnswer,
  },
});
