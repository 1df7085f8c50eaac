export { formatDate, formatDateTime, type DateFormatOptions } from './date';
