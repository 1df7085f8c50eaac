import { z } from 'zod';
import { AUDIT_ENTITIES } from '@portal/contracts';
import { isUuid } from '../org/schemas';
import { isIsoDate } from '../calendar';

/** Entities an audit entry can be about: the wire's own list. */
export const AUDIT_ENTITY_KEYS = AUDIT_ENTITIES;

export const AUDIT_MSG = {
  invalidQuery: 'Invalid query parameters',
  invalidEntity: `entity must be one of: ${AUDIT_ENTITY_KEYS.join(', ')}`,
  invalidId: 'Invalid id',
  invalidAction: 'action must look like company.updated',
  invalidDate: 'Dates must be YYYY-MM-DD or an ISO date-time',
  badRange: '"from" must not be after "to"',
  invalidSearch: 'search must be text of at most 200 characters',
} as const;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** The CSV export stops here; narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const uuidParam = z.preprocess(
  blankToUndefined,
  z
    .string({ error: AUDIT_MSG.invalidId })
    .refine(isUuid, AUDIT_MSG.invalidId)
    .transform((s) => s.toLowerCase())
    .optional(),
);

const intParam = (def: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.string(), z.number()], { error: AUDIT_MSG.invalidQuery })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return def;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1) {
          ctx.addIssue({ code: 'custom', message: AUDIT_MSG.invalidQuery });
          return z.NEVER;
        }
        return Math.min(n, max);
      }),
  );

/** `from` is inclusive; a date-only `to` includes that whole day (stored as the next midnight, exclusive). */
const dateParam = (endOfDay: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: AUDIT_MSG.invalidDate })
      .max(40, AUDIT_MSG.invalidDate)
      .optional()
      .transform((s, ctx) => {
        if (s === undefined) return undefined;
        const dateOnly = DATE_ONLY.test(s);
        const d = new Date(dateOnly ? `${s}T00:00:00.000Z` : s);
        const year = d.getUTCFullYear();
        // The day is checked by the one date rule (no 30 February rolled over into March).
        if (
          Number.isNaN(d.getTime()) ||
          !isIsoDate(s.slice(0, 10)) ||
          (!dateOnly && s[10] !== 'T') ||
          year < 1900 ||
          year > 9998
        ) {
          ctx.addIssue({ code: 'custom', message: AUDIT_MSG.invalidDate });
          return z.NEVER;
        }
        if (dateOnly && endOfDay) d.setUTCDate(d.getUTCDate() + 1);
        return { at: d.toISOString(), exclusive: dateOnly && endOfDay };
      }),
  );

/** `GET audit` and `GET audit/export` filters. */
export const auditQuerySchema = z
  .object({
    page: intParam(1, 1_000_000),
    limit: intParam(AUDIT_PAGE_SIZE, AUDIT_MAX_PAGE_SIZE),
    entity: z.preprocess(blankToUndefined, z.enum(AUDIT_ENTITY_KEYS, { error: AUDIT_MSG.invalidEntity }).optional()),
    entity_id: z.preprocess(blankToUndefined, z.string({ error: AUDIT_MSG.invalidId }).max(100).optional()),
    actor_id: uuidParam,
    company_id: uuidParam,
    action: z.preprocess(
      blankToUndefined,
      z
        .string({ error: AUDIT_MSG.invalidAction })
        .regex(/^[a-z_]{1,40}(\.[a-z_]{1,40})?$/, AUDIT_MSG.invalidAction)
        .optional(),
    ),
    from: dateParam(false),
    to: dateParam(true),
    /** Free text: who acted, the action, the record's name. */
    search: z.preprocess(
      blankToUndefined,
      z.string({ error: AUDIT_MSG.invalidSearch }).max(200, AUDIT_MSG.invalidSearch).optional(),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from.at <= q.to.at, { message: AUDIT_MSG.badRange, path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
