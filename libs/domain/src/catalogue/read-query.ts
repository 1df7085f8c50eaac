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

const single = z.unknown().optional().transform(singleQueryValue);

/**
 * `?asCompany={companyId}`, accepted by every catalogue read and read by the API's catalogue viewer
 * (see `asCompanyQuerySchema`); listed in each read's query so the document names it.
 */
export const asCompanyParam = z
  .unknown()
  .optional()
  .meta({ description: "Superadmins: answer as this company's employees see it (a company id)." })
  .transform(singleQueryValue);

/** `?role=superadmin` asks for the unfiltered catalogue (honoured for superadmins only). */
export const catalogueRoleQuerySchema = z
  .object({ role: z.unknown().optional(), asCompany: asCompanyParam })
  .transform((q) => ({ unfiltered: q.role === 'superadmin' }));
export type CatalogueRoleQuery = z.infer<typeof catalogueRoleQuerySchema>;

/** `catalogue/productNumber/{id}?partNumber=`: the trimmed part number ('' when missing). */
export const partNumberQuerySchema = z
  .object({ partNumber: single, asCompany: asCompanyParam })
  .transform((q) => ({ partNumber: q.partNumber?.trim() ?? '' }));
export type PartNumberQuery = z.infer<typeof partNumberQuerySchema>;

/** `catalogue/searchproduct/{id}?width&height&depth&action`, each a single value or undefined. */
export const dimensionQuerySchema = z.object({
  width: single,
  height: single,
  depth: single,
  action: single,
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
