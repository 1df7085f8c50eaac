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
import { defineRoutes, ok, roles } from './route';

const n = z.number();

export const partAliasSchema = z.object({
  _id: z.string(),
  alias: z.string(),
  alias_key: z.string(),
  variant_id: z.string(),
  part_number: z.string(),
  odd_size: z.boolean(),
  source: z.enum(['competitor', 'oem', 'customer', 'legacy']),
  brand: z.string().nullable(),
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});

/** Searches the log did not keep in the period (over the per-company budget, or repeats within a minute). */
const notLogged = z.object({ over_budget: n, repeats: n });

const aliasAnswer = z.object({ status: z.number().int(), message: z.string(), data: partAliasSchema });

const office = roles('superadmin');

export const DEMAND_ROUTES = defineRoutes('demand', {
  parts: {
    method: 'GET',
    path: 'demand/parts',
    summary: 'Searched part numbers, most asked first (found and not found).',
    access: office,
    query: demandPartsQuerySchema,
    status: 200,
    response: ok(
      z.object({
        list: z.array(
          z.object({
            key: z.string(),
            examples: z.array(z.string()),
            searches: n,
            zero_results: n,
            companies: n,
            company_names: z.array(z.string()),
            last_at: z.string(),
            /** Our part number it is mapped to (an alias), so searches for it find something now. */
            mapped_to: z.string().nullable(),
          }),
        ),
        total: n,
        not_logged: notLogged,
      }),
    ),
  },
  sizes: {
    method: 'GET',
    path: 'demand/sizes',
    summary: 'Searched sizes, most asked first.',
    access: office,
    query: demandSizesQuerySchema,
    status: 200,
    response: ok(
      z.object({
        list: z.array(
          z.object({
            width: n,
            height: n,
            depth: n.nullable(),
            measure: z.enum(['nominal', 'exact']),
            searches: n,
            zero_results: n,
            companies: n,
            last_at: z.string(),
            quote_lines: n,
          }),
        ),
        not_logged: notLogged,
      }),
    ),
  },
  logStatus: {
    method: 'GET',
    path: 'demand/log-status',
    summary: 'Whether the search log is complete for the period shown.',
    access: office,
    status: 200,
    response: ok(z.object({ buffered: n, written: n, dropped: n, failed_writes: n })),
  },
  resolve: {
    method: 'POST',
    path: 'demand/parts/resolve',
    summary: 'Map a searched number to a variant (adds an alias).',
    access: office,
    body: demandResolveSchema,
    status: 201,
    response: ok(z.object({ alias: partAliasSchema, would_have_matched: n })),
  },
  addAlias: {
    method: 'POST',
    path: 'part-aliases',
    summary: 'Add a cross-reference number.',
    access: office,
    body: partAliasCreateSchema,
    status: 201,
    response: aliasAnswer,
  },
  listAliases: {
    method: 'GET',
    path: 'part-aliases',
    summary: 'Cross-reference numbers, a page.',
    access: office,
    query: partAliasListSchema,
    status: 200,
    response: ok(z.object({ list: z.array(partAliasSchema), total: n })),
  },
  removeAlias: {
    method: 'DELETE',
    path: 'part-aliases/:id',
    summary: 'Remove a cross-reference number.',
    access: office,
    params: z.object({ id: z.string().refine(isUuid, FIND_MSG.aliasIdInvalid) }),
    paramRefusals: { id: { status: 400, message: FIND_MSG.aliasIdInvalid } },
    status: 200,
    response: aliasAnswer,
  },
});
