import { Text } from '@mantine/core';
import { DryRunPreview, type DryRunCount } from '../../../shared/kit';
import type { SitesImportView } from './api';

const counts = ({ counts: c }: SitesImportView): DryRunCount[] => [
  { label: 'Sites to create', value: c.sites_created, color: 'teal.9' },
  { label: 'Units to create', value: c.units_created, color: 'teal.9' },
  { label: 'Slots to create', value: c.slots_created, color: 'teal.9' },
  { label: 'Slots to update', value: c.slots_updated, color: 'blue.8' },
  { label: 'Unchanged', value: c.slots_unchanged, color: 'gray.7' },
  { label: 'Errors', value: c.errors, color: c.errors ? 'red.8' : 'gray.7' },
];

interface ImportPreviewProps {
  view: SitesImportView;
  errorsPage: number;
  onErrorsPage: (page: number) => void;
}

/** The dry run's counts and its errors per row (row, column, message), paged. */
export function ImportPreview({ view, errorsPage, onErrorsPage }: ImportPreviewProps) {
  return (
    <DryRunPreview
      counts={counts(view)}
      beforeErrors={view.message && <Text c="red.8">{view.message}</Text>}
      errors={view.errors}
      errorsTotal={view.errors_total}
      errorsPage={errorsPage}
      onErrorsPage={onErrorsPage}
    />
  );
}
