import { z } from 'zod';
import { MULTIPLIER_LABELS } from '../catalogue/product-line';
import { idSchema, percentage } from '../org/schemas';
import { PRICE_CHANGE_MSG } from './messages';

export const DEFAULT_NOTICE_DAYS = 30;
export const MAX_NOTICE_DAYS = 90;

const effectiveAt = z
  .string({ error: PRICE_CHANGE_MSG.effectiveAtInvalid })
  .refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), PRICE_CHANGE_MSG.effectiveAtInvalid)
  .transform((s) => new Date(s).toISOString());

const noticeDays = z.coerce
  .number({ error: PRICE_CHANGE_MSG.noticeDaysInvalid })
  .int(PRICE_CHANGE_MSG.noticeDaysInvalid)
  .min(0, PRICE_CHANGE_MSG.noticeDaysInvalid)
  .max(MAX_NOTICE_DAYS, PRICE_CHANGE_MSG.noticeDaysInvalid);

/** The multipliers a change sets, as percentages (the company form's multiplier × 100), in units. */
export const priceChangePercentagesSchema = z
  .object(
    {
      discount: percentage(MULTIPLIER_LABELS.discount_percentage).optional(),
      rigidflow: percentage(MULTIPLIER_LABELS.rigidflow_percentage).optional(),
      minipro: percentage(MULTIPLIER_LABELS.minipro_percentage).optional(),
      polyroll: percentage(MULTIPLIER_LABELS.polyroll_percentage).optional(),
    },
    { error: PRICE_CHANGE_MSG.percentagesRequired },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), PRICE_CHANGE_MSG.percentagesRequired);
export type PriceChangePercentages = z.infer<typeof priceChangePercentagesSchema>;

/** `POST price-changes`. */
export const createPriceChangeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('company_multipliers'),
      company_id: idSchema,
      percentages: priceChangePercentagesSchema,
      effective_at: effectiveAt,
      notice_days: noticeDays.default(DEFAULT_NOTICE_DAYS),
    }),
    z.object({
      kind: z.literal('list_prices'),
      import_id: idSchema,
      effective_at: effectiveAt,
      notice_days: noticeDays.default(DEFAULT_NOTICE_DAYS),
    }),
  ],
  { error: PRICE_CHANGE_MSG.kindInvalid },
);
export type CreatePriceChangeInput = z.infer<typeof createPriceChangeSchema>;

/** `PATCH price-changes/{id}`: while scheduled, with the version read. */
export const updatePriceChangeSchema = z
  .object({
    version: z.coerce.number({ error: PRICE_CHANGE_MSG.versionRequired }).int(PRICE_CHANGE_MSG.versionRequired).min(1),
    effective_at: effectiveAt.optional(),
    notice_days: noticeDays.optional(),
    percentages: priceChangePercentagesSchema.optional(),
  })
  .refine((v) => v.effective_at !== undefined || v.notice_days !== undefined || v.percentages !== undefined, {
    message: PRICE_CHANGE_MSG.nothingToUpdate,
  });
export type UpdatePriceChangeInput = z.infer<typeof updatePriceChangeSchema>;

export const PRICE_CHANGE_STATUSES = ['scheduled', 'applying', 'applied', 'failed', 'cancelled'] as const;

/** `GET price-changes?status&companyId&page&limit`. */
export const priceChangeListQuerySchema = z.object({
  status: z
    .enum(PRICE_CHANGE_STATUSES, { error: `status must be one of: ${PRICE_CHANGE_STATUSES.join(', ')}` })
    .optional(),
  companyId: idSchema.optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(20),
});
export type PriceChangeListQuery = z.infer<typeof priceChangeListQuerySchema>;
