export { useProgrammeLiveUpdates } from './hooks';
