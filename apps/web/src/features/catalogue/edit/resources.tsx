/**
 * Product resources of the edit view: files of the category / sub-category being edited and of the
 * selected product, listed from the server (so they survive a reload and are shared by every
 * superadmin), uploaded to either, opened and deleted; kept live by `catalogue.changed` (kind
 * 'files') and `file.processed`. A refused upload names each refused file and keeps none of them.
 */
import { useRef, useState } from 'react';
import {
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { catalogueKeys } from '../queryKeys';
import { CATALOGUE_EDITING_ROUTES as R, CATALOGUE_MSG } from '@portal/domain';
import { handleGlobalApiError, useRouteMutation } from '../../../shared/api';
import { useRealtimeEvent } from '../../../shared/realtime';
import { ColumnHeaders } from '../components/ColumnHeaders';
import { fetchFiles, isGlobalFailure, openFile, uploadFiles, uploadProblems } from './api';
import type { EditFile } from './types';

export const ACCEPTED_FILES = 'application/pdf,image/png,image/jpeg,image/webp';
export const UPLOAD_REFUSED_TITLE = 'Files not uploaded';

export interface ResourceOwner {
  id: string;
  /** 'Category: MERV 10 2"' / 'Product: …' */
  label: string;
}

const filesKey = catalogueKeys.files.owner;
const ALL_FILES = catalogueKeys.files.all;

function merge(old: readonly EditFile[] | undefined, added: readonly EditFile[]): EditFile[] {
  const ids = new Set(added.map((f) => f._id));
  return [...(old ?? []).filter((f) => !ids.has(f._id)), ...added];
}

/** Red toast listing why each refused file was refused. */
export function showUploadRefused(problems: readonly string[]): void {
  notifications.show({
    color: 'red',
    title: UPLOAD_REFUSED_TITLE,
    autoClose: 5000,
    message: (
      <Stack gap={2}>
        {(problems.length ? problems : ['The upload failed. Please try again.']).map((p, i) => (
          <Text key={i} size="sm">
            {p}
          </Text>
        ))}
        <Text size="sm">None of the selected files was stored.</Text>
      </Stack>
    ),
  });
}

export function ProductResources({ categoryId, owners }: { categoryId: string; owners: readonly ResourceOwner[] }) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const target = owners.find((o) => o.id === chosen) ?? owners[0] ?? null;

  const queries = useQueries({
    queries: owners.map((o) => ({
      queryKey: filesKey(o.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchFiles(o.id, signal),
      enabled: opened,
    })),
  });

  useRealtimeEvent('catalogue.changed', (e) => {
    if (e.kind === 'files' && (e.categoryId === null || e.categoryId === categoryId))
      void queryClient.invalidateQueries({ queryKey: ALL_FILES });
  });
  useRealtimeEvent('file.processed', (e) => {
    queryClient.setQueriesData<EditFile[]>({ queryKey: ALL_FILES }, (list) =>
      list?.map((f) => (f._id === e.fileId ? { ...f, status: e.status, reason: e.reason ?? f.reason } : f)),
    );
  });

  const upload = useMutation({
    mutationFn: ({ ownerId, files }: { ownerId: string; files: File[] }) => uploadFiles(ownerId, files),
    onSuccess: (stored, { ownerId }) => {
      queryClient.setQueryData<EditFile[]>(filesKey(ownerId), (old) => merge(old, stored));
      // The worker's verdict may have come before this answer: read the stored status.
      void queryClient.invalidateQueries({ queryKey: filesKey(ownerId) });
      notifications.show({ color: 'teal', message: CATALOGUE_MSG.filesUploaded, autoClose: 3000 });
    },
    onError: (err) => {
      if (isGlobalFailure(err)) handleGlobalApiError(err);
      else showUploadRefused(uploadProblems(err));
    },
  });
  const onFiles = (files: File[]) => {
    if (target) upload.mutate({ ownerId: target.id, files });
  };

  return (
    <>
      <Group gap={4} wrap="nowrap" aria-label="Add Product Resources" role="group">
        <NativeSelect
          aria-label="Attach files to"
          value={target?.id ?? ''}
          data={owners.map((o) => ({ value: o.id, label: o.label }))}
          onChange={(e) => setChosen(e.currentTarget.value)}
          disabled={!target}
        />
        <AddFilesButton disabled={!target} loading={upload.isPending} onFiles={onFiles} />
      </Group>
      <Group gap={4} wrap="nowrap" aria-label="View Product Resources" role="group">
        <Button variant="default" disabled={!owners.length} onClick={() => setOpened(true)}>
          View Files
        </Button>
      </Group>
      <FilesDialog
        opened={opened}
        onClose={() => setOpened(false)}
        groups={owners.map((owner, i) => ({ owner, query: queries[i] }))}
        onDeleted={(ownerId) => void queryClient.invalidateQueries({ queryKey: filesKey(ownerId) })}
      />
    </>
  );
}

function AddFilesButton({
  disabled,
  loading,
  onFiles,
}: {
  disabled: boolean;
  loading: boolean;
  onFiles: (files: File[]) => void;
}) {
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={resetRef}
      multiple
      accept={ACCEPTED_FILES}
      onChange={(files) => {
        if (files.length) onFiles(files);
        resetRef.current?.();
      }}
    >
      {(props) => (
        <Button variant="default" disabled={disabled} loading={loading} {...props}>
          Add Files
        </Button>
      )}
    </FileButton>
  );
}

const STATUS_COLOR = { processing: 'yellow.9', ready: 'teal.9', rejected: 'red.9' } as const;

function FilesDialog({
  opened,
  onClose,
  groups,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  groups: { owner: ResourceOwner; query: UseQueryResult<EditFile[]> }[];
  onDeleted: (ownerId: string) => void;
}) {
  const removal = useRouteMutation(R.deleteFile, {
    input: ({ file }: { ownerId: string; file: EditFile }) => ({ params: { fileId: file._id } }),
    call: { silent: true },
    onSuccess: () => notifications.show({ color: 'teal', message: CATALOGUE_MSG.fileDeleted, autoClose: 3000 }),
    onError: () => notifications.show({ color: 'red', message: CATALOGUE_MSG.deleteFileFailed, autoClose: 5000 }),
    // Deleted, or already gone: either way show the server's list.
    onSettled: (_r, _e, { ownerId }) => onDeleted(ownerId),
  });
  const busy = removal.isPending ? removal.variables.file._id : null;
  const remove = (ownerId: string, file: EditFile) => removal.mutate({ ownerId, file });
  const open = async (f: EditFile) => {
    try {
      await openFile(f);
    } catch {
      notifications.show({ color: 'red', message: 'Failed to open file', autoClose: 5000 });
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Product Resources" centered size="lg">
      <Stack gap="lg">
        {groups.map(({ owner, query }) => (
          <Stack key={owner.id} gap="xs">
            <Title order={3} fz="md">
              {owner.label}
            </Title>
            {query.isPending ? (
              <Loader size="sm" aria-label={`Loading files of ${owner.label}`} />
            ) : query.isError ? (
              <Text c="red.8">Failed to load files.</Text>
            ) : query.data.length === 0 ? (
              <Text c="gray.7">No files.</Text>
            ) : (
              <Table aria-label={`Files of ${owner.label}`}>
                <ColumnHeaders columns={['File', 'Status', { label: 'Actions', hidden: true }]} />
                <Table.Tbody>
                  {query.data.map((f) => (
                    <Table.Tr key={f._id}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{f.name}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[f.status]} variant="filled">
                          {f.status}
                        </Badge>
                        {f.status === 'rejected' && f.reason && (
                          <Text fz="xs" c="red.8">
                            {f.reason}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            disabled={f.status !== 'ready'}
                            onClick={() => void open(f)}
                            aria-label={`Open ${f.name}`}
                          >
                            Open
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            loading={busy === f._id}
                            onClick={() => remove(owner.id, f)}
                            aria-label={`Delete ${f.name}`}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
