import { hasControlChars, TEXT_MSG } from '../text';
import { isUuid } from '../org/schemas';
import { CATALOGUE_MSG, EDIT_MSG, MAX_SAVE_ROWS } from './messages';
import type { VariantInput } from './variant-rules';

/**
 * Request bodies of the catalogue edit routes, checked at the controller. Each parser returns the
 * typed input or the exact 400 the route has always answered (`message`, and `errors` only where
 * the route sent them). Row rules (sizes, prices, ids of rows) stay with `validateVariantBatch`.
 */
export type EditParse<T> = { ok: true; value: T } | { ok: false; message: string; errors?: Record<string, string> };

const fail = (
  message: string,
  errors?: Record<string, string>,
): { ok: false; message: string; errors?: Record<string, string> } =>
  errors ? { ok: false, message, errors } : { ok: false, message };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `PUT catalogue/product/{productId}/variants`. */
export interface SaveVariantsInput {
  variants: VariantInput[];
  deleted: { _id?: unknown; version?: unknown }[];
  force: boolean;
}

export function parseSaveVariantsBody(body: unknown): EditParse<SaveVariantsInput> {
  const b = (body ?? {}) as { variants?: unknown; deleted?: unknown; force?: unknown };
  if (!Array.isArray(b.variants) || (b.deleted !== undefined && b.deleted !== null && !Array.isArray(b.deleted))) {
    return fail(EDIT_MSG.invalidBody, { variants: 'variants must be an array' });
  }
  const variants = b.variants as unknown[];
  const deleted = (Array.isArray(b.deleted) ? b.deleted : []) as unknown[];
  if (variants.length + deleted.length > MAX_SAVE_ROWS) return fail(EDIT_MSG.tooManyRows);
  if (!variants.every(isRecord) || !deleted.every(isRecord)) return fail(EDIT_MSG.invalidBody);
  return {
    ok: true,
    value: {
      variants: variants as VariantInput[],
      deleted: deleted as SaveVariantsInput['deleted'],
      force: b.force === true,
    },
  };
}

/** `PATCH catalogue/appendvarient/{productId}` `{variants: [...]}`. */
export function parseAppendVariantsBody(body: unknown): EditParse<VariantInput[]> {
  const list = (body as { variants?: unknown } | null)?.variants;
  if (!Array.isArray(list) || list.length === 0 || !list.every(isRecord)) {
    return fail(EDIT_MSG.invalidBody, { variants: 'variants must be a non-empty array' });
  }
  if (list.length > MAX_SAVE_ROWS) return fail(EDIT_MSG.tooManyRows);
  return { ok: true, value: list as VariantInput[] };
}

/** `PATCH catalogue/{productId}/variant/{variantId}`: one variant's fields. */
export function parseVariantPatchBody(body: unknown): EditParse<VariantInput> {
  const row = body ?? {};
  if (typeof row !== 'object' || Array.isArray(row)) return fail(EDIT_MSG.invalidBody);
  return { ok: true, value: row as VariantInput };
}

/** `POST catalogue/product` `{name, catalogue_id, variants: [first]}`. */
export interface NewProductInput {
  name: string;
  catalogueId: string;
  /** The default variant as sent (`{}` when none). */
  first: VariantInput;
}

/**
 * The product form's name rules (required, at most 300 characters, no control or bidi characters)
 * on a trimmed name: what is wrong, or null. The catalogue import applies the same rules per row.
 */
export function productNameProblem(name: string): string | null {
  if (!name) return CATALOGUE_MSG.productNameRequired;
  if (name.length > 300) return CATALOGUE_MSG.productNameTooLong;
  if (hasControlChars(name)) return TEXT_MSG.controlChars('Product name');
  return null;
}

export function parseNewProductBody(body: unknown): EditParse<NewProductInput> {
  const b = (body ?? {}) as { name?: unknown; catalogue_id?: unknown; variants?: unknown };
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  const problem = productNameProblem(name);
  // The too-long message names no field (as before); the others point at `name`.
  if (problem) return problem === CATALOGUE_MSG.productNameTooLong ? fail(problem) : fail(problem, { name: problem });
  const catalogueId = typeof b.catalogue_id === 'string' ? b.catalogue_id : '';
  if (!isUuid(catalogueId)) return fail(EDIT_MSG.invalidCatalogueId);
  const first = (Array.isArray(b.variants) && typeof b.variants[0] === 'object' && b.variants[0]) || {};
  return { ok: true, value: { name, catalogueId, first: first as VariantInput } };
}

/** A path id of the edit routes: anything but a UUID is a 400 with the route's own message. */
export function parseEditId(message: string): (id: unknown) => EditParse<string> {
  return (id) => (isUuid(id) ? { ok: true, value: id } : fail(message));
}
