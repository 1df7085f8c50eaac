export { useSlashToFocus } from './useSlashToFocus';
