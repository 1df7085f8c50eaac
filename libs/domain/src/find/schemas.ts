import { z } from 'zod';
import { isUuid } from '../org/schemas';
import { asCompanyParam, singleQueryValue } from '../catalogue/read-query';
import { SEARCH_RAW_MAX } from './normalise';
import { optionalDateParam } from '../calendar';
import { multilineText, noControlChars } from '../text';

/** Texts of find, demand and part aliases, verbatim in the API and the screens. */
export const FIND_MSG = {
  qRequired: 'q is required',
  qTooLong: `q must be at most ${SEARCH_RAW_MAX} characters`,
  limitInvalid: 'limit must be a whole number from 1 to 50',
  aliasRequired: 'alias is required',
  aliasTooLong: 'alias must be at most 100 characters',
  aliasNoCharacters: 'alias must contain letters or digits',
  variantIdInvalid: 'variantId must be a valid id',
  sourceInvalid: 'source must be one of: competitor, oem, customer, legacy',
  brandTooLong: 'brand must be at most 100 characters',
  noteTooLong: 'note must be at most 500 characters',
  keyRequired: 'key is required',
  alreadyPartNumber: 'already a part number',
  duplicateAlias: 'This alias already exists on this variant',
  unknownVariant: 'Unknown variant',
  aliasCreated: 'Alias created',
  aliasDeleted: 'Alias deleted',
  aliasNotFound: 'Alias not found',
  aliasIdInvalid: 'Invalid alias ID',
  aliasQueryRequired: 'variantId or q is required',
  fromInvalid: 'from must be a date (YYYY-MM-DD)',
  toInvalid: 'to must be a date (YYYY-MM-DD)',
  rangeInvalid: 'from must not be after to',
  companyIdInvalid: 'companyId must be a valid id',
  categoryIdInvalid: 'categoryId must be a valid id',
  measureInvalid: 'measure must be nominal or exact',
  pageInvalid: 'page must be a whole number of at least 1',
  demandLimitInvalid: 'limit must be a whole number from 1 to 100',
  zeroOnlyInvalid: 'zeroOnly must be true or false',
  tooManySearches: 'Too many searches. Please wait a minute and try again.',
} as const;

/**
 * The search log's budget per person and minute: at most `logged` committed searches are logged
 * (the rest are answered and counted as not logged; a key repeated within the minute is one row),
 * committed searches beyond `committed` and as-you-type searches beyond `typing` are refused (429).
 */
export const SEARCH_BUDGET = { windowSeconds: 60, logged: 30, committed: 120, typing: 600 } as const;

export const ALIAS_SOURCES = ['competitor', 'oem', 'customer', 'legacy'] as const;
export type AliasSource = (typeof ALIAS_SOURCES)[number];
export const SIZE_MEASURES = ['nominal', 'exact'] as const;
export type SizeMeasure = (typeof SIZE_MEASURES)[number];

const single = z.unknown().optional().transform(singleQueryValue);

/** A whole number from a query string within [min, max], or the default when absent. */
const wholeNumber = (min: number, max: number, fallback: number, message: string) =>
  single.pipe(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return fallback;
        const n = /^\d{1,6}$/.test(v) ? Number(v) : NaN;
        if (!(n >= min && n <= max)) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return n;
      }),
  );

/** `GET catalogue/find?q=&limit=&typing=`: `typing=1` marks an as-you-type call (not logged). */
export const findQuerySchema = z.object({
  q: single.pipe(
    z
      .string({ error: FIND_MSG.qRequired })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, FIND_MSG.qRequired)
          .max(SEARCH_RAW_MAX, FIND_MSG.qTooLong)
          .refine(...noControlChars('q')),
      ),
  ),
  limit: wholeNumber(1, 50, 20, FIND_MSG.limitInvalid),
  typing: single.transform((v) => v === '1' || v === 'true'),
  asCompany: asCompanyParam,
});
export type FindQuery = z.infer<typeof findQuerySchema>;

const uuid = (message: string) => z.string({ error: message }).refine(isUuid, message);
/** Optional text ('' → null); one line (`label` named when it carries control characters) or multi-line. */
const optionalText = (max: number, message: string, label: string, lines: 'one' | 'multi') =>
  z
    .string({ error: message })
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
    .pipe((lines === 'one' ? z.string().refine(...noControlChars(label)) : multilineText(label)).nullable());

/** Some letters or digits once separators and spaces are gone. */
const aliasText = z
  .string({ error: FIND_MSG.aliasRequired })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, FIND_MSG.aliasRequired)
      .max(100, FIND_MSG.aliasTooLong)
      .refine(...noControlChars('alias'))
      .refine((v) => /[\p{L}\p{N}]/u.test(v.normalize('NFKC')), FIND_MSG.aliasNoCharacters),
  );

/** `POST part-aliases`. */
export const partAliasCreateSchema = z.object(
  {
    alias: aliasText,
    variantId: uuid(FIND_MSG.variantIdInvalid),
    source: z.enum(ALIAS_SOURCES, { error: FIND_MSG.sourceInvalid }),
    brand: optionalText(100, FIND_MSG.brandTooLong, 'brand', 'one'),
    note: optionalText(500, FIND_MSG.noteTooLong, 'note', 'multi'),
  },
  { error: FIND_MSG.aliasRequired },
);
export type PartAliasCreateInput = z.infer<typeof partAliasCreateSchema>;

/** `POST demand/parts/resolve`: the zero-result row's key becomes the alias. */
export const demandResolveSchema = z.object(
  {
    key: z
      .string({ error: FIND_MSG.keyRequired })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, FIND_MSG.keyRequired)
          .max(100, FIND_MSG.aliasTooLong)
          .refine(...noControlChars('key'))
          .refine((v) => /[\p{L}\p{N}]/u.test(v.normalize('NFKC')), FIND_MSG.aliasNoCharacters),
      ),
    variantId: uuid(FIND_MSG.variantIdInvalid),
    source: z.enum(ALIAS_SOURCES, { error: FIND_MSG.sourceInvalid }),
    brand: optionalText(100, FIND_MSG.brandTooLong, 'brand', 'one'),
  },
  { error: FIND_MSG.keyRequired },
);
export type DemandResolveInput = z.infer<typeof demandResolveSchema>;

/** `GET part-aliases?variantId=|q=`. */
export const partAliasListSchema = z
  .object({
    variantId: single.pipe(z.string().refine(isUuid, FIND_MSG.variantIdInvalid).optional()),
    q: single.pipe(z.string().max(100, FIND_MSG.aliasTooLong).optional()),
    page: wholeNumber(1, 100000, 1, FIND_MSG.pageInvalid),
    limit: wholeNumber(1, 100, 50, FIND_MSG.demandLimitInvalid),
  })
  .transform((v) => ({ ...v, q: v.q?.trim() || undefined }))
  .refine((v) => v.variantId !== undefined || v.q !== undefined, { message: FIND_MSG.aliasQueryRequired });
export type PartAliasListQuery = z.infer<typeof partAliasListSchema>;

/** An optional date parameter (the house's one date rule, round-trip checked). */
const dateParam = (message: string) => single.pipe(optionalDateParam(message));

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** from/to (inclusive UTC days): default the last 90 days. */
const range = <T extends { from?: string; to?: string }>(v: T) => {
  const to = v.to ?? isoDay(Date.now());
  const from = v.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - 89 * DAY_MS);
  return { ...v, from, to };
};

/** `GET demand/parts?from&to&zeroOnly&companyId&page&limit`. */
export const demandPartsQuerySchema = z
  .object({
    from: dateParam(FIND_MSG.fromInvalid),
    to: dateParam(FIND_MSG.toInvalid),
    zeroOnly: single.pipe(
      z
        .enum(['true', 'false', '1', '0', ''], { error: FIND_MSG.zeroOnlyInvalid })
        .optional()
        .transform((v) => v === 'true' || v === '1'),
    ),
    companyId: single.pipe(z.string().refine(isUuid, FIND_MSG.companyIdInvalid).optional()),
    page: wholeNumber(1, 100000, 1, FIND_MSG.pageInvalid),
    limit: wholeNumber(1, 100, 20, FIND_MSG.demandLimitInvalid),
  })
  .transform(range)
  .refine((v) => v.from <= v.to, { message: FIND_MSG.rangeInvalid, path: ['from'] });
export type DemandPartsQuery = z.infer<typeof demandPartsQuerySchema>;

/** `GET demand/sizes?from&to&categoryId&measure`. */
export const demandSizesQuerySchema = z
  .object({
    from: dateParam(FIND_MSG.fromInvalid),
    to: dateParam(FIND_MSG.toInvalid),
    categoryId: single.pipe(z.string().refine(isUuid, FIND_MSG.categoryIdInvalid).optional()),
    measure: single.pipe(z.enum(SIZE_MEASURES, { error: FIND_MSG.measureInvalid }).optional()),
  })
  .transform(range)
  .refine((v) => v.from <= v.to, { message: FIND_MSG.rangeInvalid, path: ['from'] });
export type DemandSizesQuery = z.infer<typeof demandSizesQuerySchema>;
