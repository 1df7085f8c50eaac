export { useProgrammeLiveUpdates } from './hooks';
export { CompanySitesPanel } from './components/CompanySitesPanel';
