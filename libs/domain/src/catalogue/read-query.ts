import { z } from 'zod';

/**
 * Query strings of the catalogue reads, normalised at the controller. They never fail here: the
 * service answers a missing part number or a bad search with its own 400 after resolving the node
 * (an unknown node is a 404 first).
 */

/** Single query-string value: repeated parameters (?a=1&a=2) count as invalid, not as the first. */
export const singleQueryValue = (value: unknown): string | undefined => {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : '\u0000invalid';
};

/**
 * A query value documented as the string a client sends; parsing stays lenient (any value reaches
 * the service, which answers a bad one with its own 400).
 */
const documented = (description: string, more: { enum?: readonly string[] } = {}) =>
  z
    .unknown()
    .optional()
    .meta({ type: 'string', description, ...more });

const single = (description: string) => documented(description).transform(singleQueryValue);

/**
 * `?asCompany={companyId}`, accepted by every catalogue read and read by the API's catalogue viewer
 * (see `asCompanyQuerySchema`); listed in each read's query so the document names it.
 */
export const asCompanyParam = documented(
  "Superadmins: answer as this company's employees see it (a company id).",
).transform(singleQueryValue);

/** `?role=superadmin` asks for the unfiltered catalogue (honoured for superadmins only). */
export const catalogueRoleQuerySchema = z
  .object({
    role: documented(
      'Superadmins: `superadmin` for the unfiltered catalogue — also the categories without a standard ' +
        'size, with their product lines. Ignored for other roles and other values.',
      { enum: ['superadmin'] },
    ),
    asCompany: asCompanyParam,
  })
  .transform((q) => ({ unfiltered: q.role === 'superadmin' }));
export type CatalogueRoleQuery = z.infer<typeof catalogueRoleQuerySchema>;

/** `catalogue/productNumber/{id}?partNumber=`: the trimmed part number ('' when missing). */
export const partNumberQuerySchema = z
  .object({
    partNumber: single('The part number to look for in the category (trimmed; missing or empty is a 400).'),
    asCompany: asCompanyParam,
  })
  .transform((q) => ({ partNumber: q.partNumber?.trim() ?? '' }));
export type PartNumberQuery = z.infer<typeof partNumberQuerySchema>;

/** `catalogue/searchproduct/{id}?width&height&depth&action`, each a single value or undefined. */
export const dimensionQuerySchema = z.object({
  width: single('Width in inches.'),
  height: single('Height in inches.'),
  depth: single('Depth in inches.'),
  action: single(
    '`exact-measurement` (the sizes as measured) or `not-exactly` (the default: 0.5″ comes off width and height).',
  ),
  asCompany: asCompanyParam,
});
export type DimensionQuery = z.infer<typeof dimensionQuerySchema>;

/**
 * `?asCompany={companyId}` on every catalogue read: a superadmin sees what that company's employees
 * see. Only extracted here (undefined when absent): the service refuses it to anyone else (403) before
 * it checks the id (400) and the company (404).
 */
export const asCompanyQuerySchema = z
  .object({ asCompany: asCompanyParam })
  .transform((q) => ({ asCompany: q.asCompany?.trim() }));
export type AsCompanyQuery = z.infer<typeof asCompanyQuerySchema>;
