export { auditApi, auditKeys } from './api';
export { formatAuditValue, MULTIPLIER_FIELDS } from './format';
