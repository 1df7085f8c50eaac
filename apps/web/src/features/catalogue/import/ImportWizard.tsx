import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  Modal,
  Progress,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../queryKeys';
import { missingRequiredColumns, type ImportColumn } from '@portal/domain';
import { serverMessage } from '../../../shared/api';
import { applyImport, previewImport, startImport, type ImportPreview } from './api';
import { DryRunSummary } from './DryRunSummary';
import { MappingStep } from './MappingStep';
import { ApplyOnForm } from './ApplyOnForm';
import { useImportStatus } from './useImportStatus';

type Step = 0 | 1 | 2 | 3;

const STATUS_TEXT: Record<string, string> = {
  queued: 'Waiting for the worker…',
  validating: 'Checking the file (dry run)…',
  applying: 'Applying the changes…',
};

function Running({ status, done, total }: { status: string; done: number; total: number }) {
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Group gap="xs">
        <Loader size="sm" />
        <Text>{STATUS_TEXT[status] ?? 'Working…'}</Text>
      </Group>
      {total > 0 ? (
        <Progress value={Math.min(100, (done / total) * 100)} aria-label="Import progress" />
      ) : (
        <Text size="sm" c="gray.7">
          {done} rows read
        </Text>
      )}
    </Stack>
  );
}

/** Import: upload → column mapping → dry-run summary → apply → live progress → done. */
export function ImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [deleteMissing, setDeleteMissing] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, ImportColumn | null>>({});
  const [importId, setImportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applyOn, setApplyOn] = useState(false);
  const status = useImportStatus(importId);
  const missing = missingRequiredColumns(mapping);

  const reset = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setMapping({});
    setImportId(null);
    setError(null);
    setApplyOn(false);
  };
  const close = () => {
    if (status.status === 'applied') void qc.invalidateQueries({ queryKey: catalogueKeys.all });
    reset();
    onClose();
  };
  // Each step is one server call; a failure shows its message and keeps the wizard where it is.
  const stepCall = {
    onMutate: () => setError(null),
    onError: (err: unknown) => setError(serverMessage(err, 'Something went wrong. Please try again.')),
  };
  const previewStep = useMutation({
    mutationFn: (f: File) => previewImport(f),
    ...stepCall,
    onSuccess: (p: ImportPreview) => {
      setPreview(p);
      setMapping(p.mapping);
      setStep(1);
    },
  });
  const checkStep = useMutation({
    mutationFn: () => startImport(file!, mapping, deleteMissing),
    ...stepCall,
    onSuccess: (id: string) => {
      setImportId(id);
      setStep(2);
    },
  });
  const applyStep = useMutation({
    mutationFn: (id: string) => applyImport(id),
    ...stepCall,
    onSuccess: async () => {
      setStep(3);
      await status.refetch();
    },
  });
  const busy = previewStep.isPending || checkStep.isPending || applyStep.isPending;
  const upload = () => previewStep.mutate(file!);
  const check = () => checkStep.mutate();
  const apply = () => applyStep.mutate(importId!);

  const view = status.view;
  const running = importId !== null && status.running;
  const done = status.progress?.done ?? view?.done ?? 0;
  const total = status.progress?.total ?? view?.total ?? 0;

  return (
    <Modal opened={opened} onClose={close} title="Import catalogue" size="xl">
      <Stack gap="md">
        <Stepper active={step} size="sm">
          <Stepper.Step label="Upload" />
          <Stepper.Step label="Map columns" />
          <Stepper.Step label="Dry run" />
          <Stepper.Step label="Apply" />
        </Stepper>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {step === 0 && (
          <>
            <FileInput
              label="Spreadsheet (CSV or XLSX, up to 20 MB)"
              placeholder="Choose a file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={setFile}
              clearable
            />
            <Checkbox
              label="Delete variants of the file's sub-categories that the file no longer lists"
              checked={deleteMissing}
              onChange={(e) => setDeleteMissing(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button onClick={upload} disabled={!file} loading={busy}>
                Next
              </Button>
            </Group>
          </>
        )}
        {step === 1 && preview && (
          <>
            <MappingStep headers={preview.headers} mapping={mapping} onChange={setMapping} missing={missing} />
            <Group justify="space-between">
              <Button variant="default" onClick={reset}>
                Back
              </Button>
              <Button onClick={check} disabled={missing.length > 0} loading={busy}>
                Check file
              </Button>
            </Group>
          </>
        )}
        {step >= 2 && running && <Running status={status.status} done={done} total={total} />}
        {step >= 2 && view && !running && (
          <>
            {view.status === 'ready' && step === 2 && (
              <Alert color="blue">Dry run finished. Nothing changes until you apply it.</Alert>
            )}
            {view.status === 'invalid' && (
              <Alert color="red" title="The file has errors">
                Fix them in the file and import it again. Nothing was changed.
              </Alert>
            )}
            {view.status === 'applied' && (
              <Alert color="green" title="Import applied" role="status">
                The catalogue now shows these changes.
              </Alert>
            )}
            {(view.status === 'conflict' || view.status === 'failed') && (
              <Alert color="orange" title="Not applied" role="alert">
                {view.message}
              </Alert>
            )}
            {view.status !== 'failed' && (
              <DryRunSummary
                view={view}
                page={status.page}
                errorsPage={status.errorsPage}
                onPage={status.setPage}
                onErrorsPage={status.setErrorsPage}
              />
            )}
          </>
        )}
        {step === 2 && applyOn && importId && (
          <ApplyOnForm importId={importId} onScheduled={() => void status.refetch()} />
        )}
        {step >= 2 && (
          <Group justify="space-between">
            <Button variant="default" onClick={close}>
              {view?.status === 'applied' ? 'Done' : 'Close'}
            </Button>
            {step === 2 && view?.status === 'ready' && (
              <Button variant="default" ml="auto" onClick={() => setApplyOn((v) => !v)} aria-expanded={applyOn}>
                Apply on…
              </Button>
            )}
            {step === 2 && (
              <Button
                onClick={apply}
                disabled={running || view?.status !== 'ready' || (view?.counts.errors ?? 0) > 0}
                loading={busy}
              >
                Apply
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
