import { z } from 'zod';
import { AUDIT_ENTITIES, ROLE_KEYS } from '@portal/contracts';
import { auditQuerySchema } from '../audit';
import { binary, defineRoutes, roles } from './route';

const values = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string().nullable(),
  /** `_id` null: nobody signed in (a failed sign-in for an unknown email). */
  actor: z.object({ _id: z.string().nullable(), username: z.string(), role: z.enum(ROLE_KEYS).nullable() }),
  company_id: z.string().nullable(),
  before: values,
  after: values,
  ip: z.string().nullable(),
  created_at: z.string(),
  entity_name: z.string().nullable().optional(),
});

export const AUDIT_ROUTES = defineRoutes('audit', {
  list: {
    method: 'GET',
    path: 'audit',
    summary: 'The audit log, newest first (admins: their own company).',
    access: roles('superadmin', 'admin'),
    query: auditQuerySchema,
    status: 200,
    response: z.object({
      status: z.literal(200),
      data: z.object({ list: z.array(auditEntrySchema), total: z.number().int() }),
    }),
  },
  export: {
    method: 'GET',
    path: 'audit/export',
    summary: 'The same filters as CSV (formula-looking cells neutralised).',
    access: roles('superadmin', 'admin'),
    query: auditQuerySchema,
    status: 200,
    response: binary('text/csv'),
  },
});
