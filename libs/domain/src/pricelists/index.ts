import { z } from 'zod';
import { isUuid } from '../org/schemas';

/** Texts of the price-list screens and API answers (used by both). */
export const PRICELIST_MSG = {
  formatInvalid: 'Please choose a format: CSV, XLSX or PDF',
  catalogueInvalid: 'Invalid category ID',
  companyRequired: 'Please select a company',
  companyInvalid: 'Invalid company ID',
  companyNotFound: 'Company not found',
  scopeNotFound: 'Category not found',
  notFound: 'Price list not found',
  notReady: 'The price list is not ready yet',
  tooMany: (n: number) => `You already have ${n} price lists being prepared. Please wait for them to finish.`,
  tooManyToday: (n: number) =>
    `You have requested ${n} price lists in the last 24 hours. Please use the ones you have.`,
  queued: 'Your price list is being prepared',
  ready: 'Your price list is ready',
  failed: 'The price list could not be prepared. Please try again.',
  wholeCatalogue: 'Whole catalogue',
  downloadFailed: 'Failed to download the price list. Please try again.',
} as const;

/** File formats of a price list (the same list as PricelistFormat in libs/contracts). */
export const PRICELIST_FILE_FORMATS = ['csv', 'xlsx', 'pdf'] as const;

/** Price lists one user may have queued or running at once. */
export const MAX_ACTIVE_PRICELISTS = 3;
/** Price lists one user may request per 24 hours (each file is kept for seven days). */
export const MAX_PRICELISTS_PER_DAY = 30;

/** An optional id: absent or '' → undefined; anything but a UUID → `message`. */
const optionalUuid = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .refine((v) => v === undefined || v === '' || isUuid(v), message)
    .transform((v) => (v ? v.toLowerCase() : undefined));

/**
 * `POST pricelists`. Unknown fields are dropped. `companyId` is kept for the service, which reads
 * it for superadmins only (everyone else always gets their own company).
 */
export const createPricelistSchema = z.object({
  format: z.enum(PRICELIST_FILE_FORMATS, { error: PRICELIST_MSG.formatInvalid }),
  catalogueId: optionalUuid(PRICELIST_MSG.catalogueInvalid),
  companyId: optionalUuid(PRICELIST_MSG.companyInvalid),
});
export type CreatePricelistInput = z.infer<typeof createPricelistSchema>;

/** `GET pricelists?companyId=`: optional filter of the caller's own lists. */
export const pricelistListQuerySchema = z.object({
  companyId: optionalUuid(PRICELIST_MSG.companyInvalid),
});

/** A file-name-safe slug: 'Acme Air & Co.' → 'acme-air-co'. */
export function fileSlug(text: string, max = 40): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || 'list';
}

/** `price-list-<company>-<scope>-<yyyy-mm-dd>.<ext>` */
export function pricelistFileName(
  companyName: string,
  scopeName: string | null,
  createdAt: Date,
  format: string,
): string {
  const day = createdAt.toISOString().slice(0, 10);
  const scope = scopeName ? `-${fileSlug(scopeName, 30)}` : '';
  return `price-list-${fileSlug(companyName)}${scope}-${day}.${format}`;
}
