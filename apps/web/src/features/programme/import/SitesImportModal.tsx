import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { PROGRAMME_COLUMNS } from '@portal/domain';
import { serverMessage } from '../../../shared/api';
import { programmeKeys } from '../api';
import { applySitesImport, sitesImportKeys, startSitesImport, type SitesImportView } from './api';
import { ImportPreview } from './ImportPreview';
import { useSitesImport } from './useSitesImport';

interface SitesImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** A superadmin onboarding a company names it. */
  companyId?: string;
}

/** Import: choose a CSV or XLSX → the dry run's counts and errors per row → Apply. */
export function SitesImportModal({ opened, onClose, companyId }: SitesImportModalProps) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [applied, setApplied] = useState<SitesImportView | null>(null);
  const status = useSitesImport(importId);
  const start = useMutation({
    mutationFn: (f: File) => startSitesImport(f, companyId),
    onSuccess: (id) => setImportId(id),
  });
  const apply = useMutation({
    mutationFn: (id: string) => applySitesImport(id),
    onSuccess: (view) => {
      setApplied(view);
      void qc.invalidateQueries({ queryKey: programmeKeys.all });
      void qc.invalidateQueries({ queryKey: sitesImportKeys.one(view._id) });
    },
  });
  const close = () => {
    setFile(null);
    setImportId(null);
    setApplied(null);
    start.reset();
    apply.reset();
    onClose();
  };
  const view = status.view;
  const ready = view?.status === 'ready';
  return (
    <Modal opened={opened} onClose={close} title="Import the filter programme" size="xl">
      <Stack gap="md">
        {!importId && (
          <>
            <Text size="sm">
              One row per filter slot, columns: {PROGRAMME_COLUMNS.join(', ')}. Rows are matched by site code, unit
              label and stage; what is missing is created.
            </Text>
            <FileInput
              label="Programme file (CSV or XLSX)"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={setFile}
              clearable
            />
            {start.error && <Alert color="red">{serverMessage(start.error, 'The file could not be uploaded')}</Alert>}
            <Group justify="flex-end">
              <Button disabled={!file} loading={start.isPending} onClick={() => file && start.mutate(file)}>
                Check file
              </Button>
            </Group>
          </>
        )}
        {importId && status.running && (
          <Group gap="sm" aria-live="polite">
            <Loader size="sm" />
            <Text>Checking the file… {status.done > 0 ? `${status.done} rows` : ''}</Text>
          </Group>
        )}
        {view && !status.running && !applied && (
          <>
            <ImportPreview view={view} errorsPage={status.errorsPage} onErrorsPage={status.setErrorsPage} />
            {view.status === 'invalid' && <Alert color="red">Fix the rows above and upload the file again.</Alert>}
            {apply.error && <Alert color="red">{serverMessage(apply.error, 'The import could not be applied')}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setImportId(null)}>
                Choose another file
              </Button>
              <Button disabled={!ready} loading={apply.isPending} onClick={() => apply.mutate(view._id)}>
                Apply
              </Button>
            </Group>
          </>
        )}
        {applied && (
          <>
            <Alert color="teal" title="Imported">
              {applied.counts.sites_created} sites, {applied.counts.units_created} units and{' '}
              {applied.counts.slots_created} filter slots created; {applied.counts.slots_updated} slots updated.
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>Done</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
