import { auditQuerySchema } from '../audit';
import { binary, defineRoutes, roles, statusAnswer } from './route';

export const AUDIT_ROUTES = defineRoutes('audit', {
  list: {
    method: 'GET',
    path: 'audit',
    summary: 'The audit log, newest first (admins: their own company).',
    access: roles('superadmin', 'admin'),
    query: auditQuerySchema,
    status: 200,
    response: statusAnswer,
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
