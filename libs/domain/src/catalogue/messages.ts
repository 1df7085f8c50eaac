/** Catalogue texts (screen, dimension search, new product, messages), verbatim. */
export const CATALOGUE_MSG = {
  // Catalogue
  initFailed: 'Failed to initialize catalog. Please try again.',
  unexpectedStatus: (status: number | string): string => `Unexpected response status: ${status}`,
  fetchCatalogueFailed: 'Failed to fetch catalogue data',
  fetchProductsFailed: 'Failed to fetch products',
  fetchCompanyFailed: 'Failed to fetch company details',
  companyIdRequired: 'Company ID is required',
  imageNotAvailable: 'Image not available',
  invalidProductId: 'Invalid product ID',
  productNotFound: 'Product not found',
  variantNotFound: 'Variant not found',
  addProductFailed: 'Failed to add product',
  removeProductFailed: 'Failed to remove product',
  deleteFileFailed: 'Failed to delete file',
  someVariantsNotUpdated: 'Some variants could not be updated. Please try again.',
  saveFailed: 'Error saving changes. Please try again.',
  noChanges: 'No changes to save',
  profileUpdateFailed: 'Data Update Unsuccessful',
  deleteProductConfirm: 'You are about to delete the product category',
  // Success messages (catalogue)
  allChangesSaved: 'All changes saved successfully',
  productAdded: 'Product added successfully',
  productRemoved: 'Product removed successfully',
  variantRemoved: 'Variant removed. Remember to save changes.',
  variantAdded: 'New variant added. Remember to save changes.',
  filesUploaded: 'Files Upload Successfully',
  fileDeleted: 'File Delete Successfully',
  // Catalogue screen
  noResults: 'No results found. Please contact the office for custom options.',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  // Dimension search
  dimensionsRequired: 'Please enter a width, height, and depth value',
  dimensionsInvalid: 'Please enter valid numbers for all dimensions',
  dimensionsTooSmall: 'All measurements must be at least 1/8″ (0.125″) due to the 1/8″ scale.',
  invalidSizeTitle: 'Invalid Size',
  invalidSizeTooSmall: 'All dimensions must be at least 1/8". Please enter a valid measurement.',
  invalidSizeOver30:
    'Both dimensions over 30" are only allowed for 1" filters. Please contact the office for custom options.',
  // Catalogue API
  companyNotFound: 'Company information not found. Please log in again.',
  partNumberRequired: 'Part number is required',
  invalidSearchAction: 'Invalid search action: use exact-measurement or not-exactly',
  // View as company (`?asCompany=`, superadmin only)
  asCompanyForbidden: 'Only a superadmin can view the catalogue as a company',
  asCompanyInvalid: 'asCompany must be a company id',
  asCompanyNotFound: 'Company not found',
  // New product
  productNameRequired: 'Product name is required',
  productNameTooLong: 'Product name must be at most 300 characters',
  requiredFields: 'Please fill in all required fields',
} as const;

/** Most rows (kept + deleted) one grid save or append may carry. */
export const MAX_SAVE_ROWS = 10_000;

/** Catalogue editing API texts, verbatim. */
export const EDIT_MSG = {
  variantUpdated: 'Variant updated successfully',
  variantsAppended: 'Variants added successfully',
  variantDeleted: 'Variant deleted successfully',
  invalidBody: 'Invalid request body',
  invalidVariantId: 'Invalid variant ID',
  invalidCatalogueId: 'Invalid catalogue ID',
  catalogueNotFound: 'Catalogue not found',
  partNumberConflict: 'A part number in this save is already used elsewhere. Reload and try again.',
  tooManyRows: `A save may contain at most ${MAX_SAVE_ROWS} rows`,
  appendWithId: 'appendvarient adds new variants: leave _id out (or use a new_ id)',
} as const;

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Catalogue resource (file) texts, verbatim; the limits come from where they are enforced. */
export const FILE_MSG = {
  noFiles: 'Please choose at least one file to upload',
  empty: (name: string) => `"${name}" is empty`,
  tooLarge: (maxBytes: number) => `Each file must be at most ${mb(maxBytes)} MB`,
  tooLargeNamed: (name: string, maxBytes: number) =>
    `"${name}" is too large. Each file must be at most ${mb(maxBytes)} MB`,
  tooMany: (maxFiles: number) => `Upload at most ${maxFiles} files at once`,
  badType: (name: string) =>
    `"${name}" is not a supported file type. Upload PDF spec sheets or PNG, JPEG or WebP images.`,
  notFound: 'File not found',
  ownerNotFound: 'Product not found',
  invalidId: 'Invalid file ID',
  badUpload: 'The upload could not be read. Please try again.',
} as const;
