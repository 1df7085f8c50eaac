export { DEFAULT_PRODUCT_NAME, safeExternalUrl, useAppConfig } from './useAppConfig';
