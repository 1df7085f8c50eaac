import { z } from 'zod';
import {
  asCompanyQuerySchema,
  CATALOGUE_MSG,
  EDIT_MSG,
  FILE_MSG,
  IMPORT_COLUMNS,
  IMPORT_MSG,
  IMPORT_STATUSES,
  catalogueRoleQuerySchema,
  categoryUpdateSchema,
  dimensionQuerySchema,
  exportQuerySchema,
  importChangesQuerySchema,
  parseAppendVariantsBody,
  parseEditId,
  parseNewProductBody,
  parseSaveVariantsBody,
  parseVariantPatchBody,
  partNumberQuerySchema,
} from '../catalogue';
import { findQuerySchema } from '../find';
import { idSchema, isUuid } from '../org';
import { anyRole, binary, defineRoutes, messageOnly, ok, publicRoute, roles, type Parser } from './route';

const n = z.number();
const ref = z.object({ _id: z.string(), name: z.string() });
const productLine = z.enum(['rigidflow', 'minipro', 'polyroll']);
const catalogueFile = z.object({ _id: z.string(), name: z.string(), path: z.string() });

/** Prices in dollars, 2 decimals. `list_price` and `version`: superadmins only. */
export const catalogueVariantSchema = z.object({
  _id: z.string(),
  part_number: z.string(),
  size: z.string(),
  actual_size: z.string(),
  depth: n.nullable(),
  odd_size: z.boolean(),
  odd_size_type: z.enum(['SINGLE', 'DOUBLE', 'TRIPLE', '']),
  min_area: n.nullable(),
  max_area: n.nullable(),
  out_of_stock: z.boolean(),
  merv: n.nullable().optional(),
  efficiency_class: z.string().nullable().optional(),
  display_order: n,
  customer_price: n,
  list_price: n.optional(),
  version: n.optional(),
});

export const editorVariantSchema = catalogueVariantSchema.extend({ list_price: n, version: n });

/** A product named in a category: the base of every product answer. */
const productRefSchema = z.object({ _id: z.string(), name: z.string(), catalogue_id: z.string() });
const productSchema = productRefSchema.extend({
  subcatalogue_id: z.string().nullable(),
  image_path: z.string().nullable(),
});
export const editorProductSchema = productSchema.extend({ variants: z.array(editorVariantSchema) });

export const fileViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  path: z.string(),
  mime: z.string(),
  size: n,
  status: z.enum(['processing', 'ready', 'rejected', 'pending']),
  reason: z.string().nullable(),
  thumbnail: z.string().nullable(),
  created_at: z.string(),
});

export const findRowSchema = z.object({
  variant_id: z.string(),
  part_number: z.string(),
  size: z.string(),
  actual_size: z.string(),
  depth: n.nullable(),
  /** The caller's company price in dollars (superadmins: the list price). */
  price: n,
  category: ref,
  subcategory: ref.nullable(),
  product: ref,
  matched_via: z.enum(['part_number', 'normalized', 'alias', 'size', 'agreed_item']),
  alias: z
    .object({
      alias: z.string(),
      source: z.enum(['competitor', 'oem', 'customer', 'legacy']),
      brand: z.string().nullable(),
    })
    .nullable(),
  /** `matched_via: 'agreed_item'`: the company's agreed item (its own part number), at the agreed price. */
  agreed_item_id: z.string().optional(),
  price_held_until: z.string().optional(),
});

const withMessage = <T extends z.ZodType>(data: T) => z.object({ status: z.number().int(), message: z.string(), data });

/** A category of the catalogue, with its files. */
const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  files: z.array(catalogueFile),
  has_subcatalogues: z.boolean(),
  product_line: productLine.nullable().optional(),
});
const subcategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  catalogue_id: z.string(),
  files: z.array(catalogueFile),
});
/** The editing routes' answer: the product as the grid shows it, with a message. */
const editorProductAnswer = withMessage(editorProductSchema);
const priceChangeSchema = z.object({
  old_price: n.nullable(),
  new_price: n,
  changed_by: z.string(),
  changed_at: z.string(),
});
/** A catalogue import as queued, applying… (its id and status). */
const importStateSchema = <S extends z.ZodType>(status: S) => z.object({ _id: z.string(), status });
const importPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  headers: z.array(z.string()),
  /** Header → the column it fills (null: ignored). */
  mapping: z.record(z.string(), z.enum(IMPORT_COLUMNS).nullable()),
  missing: z.array(z.enum(IMPORT_COLUMNS)),
  rows: n,
});
const importChangeSchema = z.object({
  row: n.nullable(),
  part_number: z.string(),
  kind: z.enum(['create', 'update', 'delete']),
  /** Column → the value before and after (update: the changed columns only). */
  fields: z.record(z.string(), z.object({ from: z.string().nullable(), to: z.string().nullable() })),
});
const importViewSchema = z.object({
  _id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  format: z.string(),
  delete_missing: z.boolean(),
  message: z.string().nullable(),
  started_by: z.string().nullable(),
  created_at: z.string(),
  validated_at: z.string().nullable(),
  applied_at: z.string().nullable(),
  done: n,
  total: n,
  counts: z.object({ create: n, update: n, unchanged: n, delete: n, errors: n }),
  errors: z.array(z.object({ row: n, column: z.string().nullable(), message: z.string() })),
  errors_total: n,
  errors_page: n,
  errors_limit: n,
  changes: z.array(importChangeSchema),
  changes_total: n,
  page: n,
  limit: n,
});

const uuid = (message: string) => z.string({ error: message }).refine(isUuid, message);
/** A catalogue-edit id: anything but a UUID is that route's fixed 400. */
const editId = (message: string): Parser<string> => ({ parse: parseEditId(message), doc: z.uuid() });
const parser = <T>(parse: Parser<T>['parse'], doc: z.ZodType): Parser<T> => ({ parse, doc });

/** Catalogue reads take `?asCompany={companyId}` from a superadmin: that company's employees' answer. */
const viewedId = (name: string) => ({
  params: z.object({ [name]: uuid(CATALOGUE_MSG.invalidProductId) }),
  paramRefusals: { [name]: { status: 400, message: CATALOGUE_MSG.invalidProductId } },
});

const fileId = {
  params: z.object({ fileId: idSchema }),
  paramRefusals: { fileId: { status: 404, message: FILE_MSG.notFound } },
};

const variantFields = z.record(z.string(), z.unknown());

/** An import named by id: anything that is not one is 404, like an import that does not exist. */
const importId = {
  params: z.object({ id: uuid(IMPORT_MSG.notFound) }),
  paramRefusals: { id: { status: 404, message: IMPORT_MSG.notFound } },
};

export const CATALOGUE_ROUTES = defineRoutes('catalogue', {
  find: {
    method: 'GET',
    path: 'catalogue/find',
    summary: 'One box: a part number, an alias or a nominal size (with narrowing words), across the catalogue.',
    access: anyRole,
    query: findQuerySchema,
    status: 200,
    response: ok(z.object({ list: z.array(findRowSchema), total: n, did_you_mean: z.string().optional() })),
  },
  categories: {
    method: 'GET',
    path: 'catalogue',
    summary: 'The categories, with your prices.',
    access: anyRole,
    query: catalogueRoleQuerySchema,
    status: 200,
    response: ok(z.array(categorySchema)),
  },
  subcategories: {
    method: 'GET',
    path: 'catalogue/subcatalogue/:catalogueId',
    summary: "A category's sub-categories.",
    access: anyRole,
    ...viewedId('catalogueId'),
    query: catalogueRoleQuerySchema,
    status: 200,
    response: ok(z.array(subcategorySchema)),
  },
  products: {
    method: 'GET',
    path: 'catalogue/product/:id',
    summary: 'The products of a category or sub-category, with their variants and your prices.',
    access: anyRole,
    ...viewedId('id'),
    query: asCompanyQuerySchema,
    status: 200,
    response: ok(
      z.object({
        name: z.string(),
        productDetails: z.array(productSchema.extend({ variants: z.array(catalogueVariantSchema) })),
      }),
    ),
  },
  partNumber: {
    method: 'GET',
    path: 'catalogue/productNumber/:id',
    summary: 'Products of a category whose part numbers match.',
    access: anyRole,
    ...viewedId('id'),
    query: partNumberQuerySchema,
    status: 200,
    response: ok(productRefSchema.extend({ variants: z.array(catalogueVariantSchema) })),
  },
  searchBySize: {
    method: 'GET',
    path: 'catalogue/searchproduct/:id',
    summary: 'Odd-size search by dimensions within a category.',
    access: anyRole,
    ...viewedId('id'),
    query: dimensionQuerySchema,
    status: 200,
    response: ok(
      z.array(
        productRefSchema.extend({
          variants: z.array(catalogueVariantSchema.extend({ match: z.enum(['standard', 'odd']) })),
        }),
      ),
    ),
  },
  image: {
    method: 'GET',
    path: 'catalogue/image/:id',
    summary: 'Category artwork (SVG). Public so `<img src>` works without a token.',
    access: publicRoute,
    params: z.object({ id: uuid(CATALOGUE_MSG.imageNotAvailable) }),
    paramRefusals: { id: { status: 404, message: CATALOGUE_MSG.imageNotAvailable } },
    status: 200,
    response: binary('image/svg+xml'),
  },
});

export const CATALOGUE_EDITING_ROUTES = defineRoutes('catalogue-editing', {
  updateCategory: {
    method: 'PATCH',
    path: 'catalogue/category/:categoryId',
    summary: "A category's product line (the key that picks each company's percentage).",
    access: roles('superadmin'),
    params: z.object({ categoryId: z.uuid() }),
    paramParsers: { categoryId: editId(EDIT_MSG.invalidCatalogueId) },
    body: categoryUpdateSchema,
    status: 200,
    response: withMessage(z.object({ _id: z.string(), name: z.string(), product_line: productLine.nullable() })),
  },
  saveVariants: {
    method: 'PUT',
    path: 'catalogue/product/:productId/variants',
    summary: 'The grid save, atomic: 200 saved, 400 per-row errors, 409 stale rows (the body carries `conflicts`).',
    access: roles('superadmin'),
    params: z.object({ productId: z.uuid() }),
    paramParsers: { productId: editId(CATALOGUE_MSG.invalidProductId) },
    body: parser(
      parseSaveVariantsBody,
      z.object({
        variants: z.array(variantFields),
        deleted: z.array(z.object({ _id: z.uuid(), updated_at: z.string().optional() })).optional(),
        force: z.boolean().optional(),
      }),
    ),
    status: 200,
    response: editorProductAnswer,
    alsoAnswers: {
      409: {
        description: 'Rows changed since they were read; nothing was written',
        schema: z.object({
          status: z.literal(409),
          message: z.string(),
          conflicts: z.array(
            z.object({ _id: z.string(), part_number: z.string(), current: editorVariantSchema.nullable() }),
          ),
        }),
      },
    },
  },
  appendVariants: {
    method: 'PATCH',
    path: 'catalogue/appendvarient/:productId',
    summary: 'Add variants to a product.',
    access: roles('superadmin'),
    params: z.object({ productId: z.uuid() }),
    paramParsers: { productId: editId(CATALOGUE_MSG.invalidProductId) },
    body: parser(parseAppendVariantsBody, z.array(variantFields)),
    status: 201,
    response: editorProductAnswer,
  },
  deleteFile: {
    method: 'PATCH',
    path: 'catalogue/deletefile/:fileId',
    summary: 'Remove a product file.',
    access: roles('superadmin'),
    ...fileId,
    status: 200,
    response: messageOnly,
  },
  uploadFile: {
    method: 'PATCH',
    path: 'catalogue/upload/file/:id',
    summary: 'Attach a file to a product, category or sub-category (multipart).',
    access: roles('superadmin'),
    params: z.object({ id: idSchema }),
    paramRefusals: { id: { status: 404, message: FILE_MSG.ownerNotFound } },
    multipart: { fields: { file: 'file' } },
    status: 200,
    response: withMessage(z.array(fileViewSchema)),
  },
  updateVariant: {
    method: 'PATCH',
    path: 'catalogue/:productId/variant/:variantId',
    summary: 'Change one variant.',
    access: roles('superadmin'),
    params: z.object({ productId: z.uuid(), variantId: z.uuid() }),
    paramParsers: {
      productId: editId(CATALOGUE_MSG.invalidProductId),
      variantId: editId(EDIT_MSG.invalidVariantId),
    },
    body: parser(parseVariantPatchBody, variantFields),
    status: 200,
    response: withMessage(editorVariantSchema),
  },
  deleteVariant: {
    method: 'DELETE',
    path: 'catalogue/:productId/variant/:variantId',
    summary: 'Delete one variant.',
    access: roles('superadmin'),
    params: z.object({ productId: z.uuid(), variantId: z.uuid() }),
    paramParsers: {
      productId: editId(CATALOGUE_MSG.invalidProductId),
      variantId: editId(EDIT_MSG.invalidVariantId),
    },
    status: 200,
    response: withMessage(z.object({ _id: z.string() })),
  },
  addProduct: {
    method: 'POST',
    path: 'catalogue/product',
    summary: 'Add a product with its first variant.',
    access: roles('superadmin'),
    body: parser(
      parseNewProductBody,
      z.object({ name: z.string(), catalogue_id: z.uuid(), variants: z.array(variantFields) }),
    ),
    status: 201,
    response: editorProductAnswer,
  },
  deleteProduct: {
    method: 'DELETE',
    path: 'catalogue/product/:id',
    summary: 'Delete a product with its variants and files.',
    access: roles('superadmin'),
    params: z.object({ id: z.uuid() }),
    paramParsers: { id: editId(CATALOGUE_MSG.invalidProductId) },
    status: 200,
    response: messageOnly,
  },
  priceHistory: {
    method: 'GET',
    path: 'catalogue/variant/:variantId/price-history',
    summary: "A variant's price changes, newest first.",
    access: roles('superadmin'),
    params: z.object({ variantId: z.uuid() }),
    paramParsers: { variantId: editId(EDIT_MSG.invalidVariantId) },
    status: 200,
    response: ok(z.array(priceChangeSchema)),
  },
  listFiles: {
    method: 'GET',
    path: 'catalogue/product/:productId/files',
    summary: 'Resources of a product (or category / sub-category); superadmins see every status.',
    access: anyRole,
    params: z.object({ productId: idSchema }),
    paramRefusals: { productId: { status: 404, message: FILE_MSG.ownerNotFound } },
    status: 200,
    response: ok(z.array(fileViewSchema)),
  },
  file: {
    method: 'GET',
    path: 'catalogue/file/:fileId',
    summary: 'A product file (inline; `?download=1` as an attachment).',
    access: anyRole,
    ...fileId,
    query: z.object({ download: z.string().optional().catch(undefined) }),
    status: 200,
    response: binary('application/octet-stream'),
  },
  thumbnail: {
    method: 'GET',
    path: 'catalogue/file/:fileId/thumbnail',
    summary: "A file's thumbnail image.",
    access: anyRole,
    ...fileId,
    status: 200,
    response: binary('image/webp'),
  },
});

export const CATALOGUE_IMPORT_ROUTES = defineRoutes('catalogue-import', {
  export: {
    method: 'GET',
    path: 'catalogue/export',
    summary: 'The catalogue (or one category) as CSV or XLSX, streamed.',
    access: roles('superadmin'),
    query: exportQuerySchema,
    status: 200,
    response: binary('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  },
  start: {
    method: 'POST',
    path: 'catalogue/imports',
    summary: 'Upload a catalogue file (multipart); 202 with the queued import, the worker runs the dry run.',
    access: roles('superadmin'),
    multipart: { fields: { file: 'file' } },
    status: 202,
    response: withMessage(importStateSchema(z.string())),
  },
  preview: {
    method: 'POST',
    path: 'catalogue/imports/preview',
    summary: "The file's columns and first rows (multipart), before an import.",
    access: roles('superadmin'),
    multipart: { fields: { file: 'file' } },
    status: 200,
    response: ok(importPreviewSchema),
  },
  get: {
    method: 'GET',
    path: 'catalogue/imports/:id',
    summary: 'An import: status, counts, a page of changes and of errors.',
    access: roles('superadmin'),
    ...importId,
    query: importChangesQuerySchema,
    status: 200,
    response: ok(importViewSchema),
  },
  apply: {
    method: 'POST',
    path: 'catalogue/imports/:id/apply',
    summary: 'Apply a checked import (202; the worker applies it).',
    access: roles('superadmin'),
    ...importId,
    status: 202,
    response: withMessage(importStateSchema(z.literal('applying'))),
  },
});
