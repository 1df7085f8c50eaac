/** Edit-view dialogs: Add New Product, unsaved changes, conflicts, price history. */
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../queryKeys';
import { CATALOGUE_MSG, VARIANT_VALUE_FIELDS } from '@portal/domain';
import { isApiRequestError } from '../../../shared/api';
import { ColumnHeaders, type ColumnHeader } from '../components/ColumnHeaders';
import { formatDollars } from '../format';
import { fetchPriceHistory } from './api';
import { useEditStore } from './editStore';
import { displayValue, FIELD_LABELS, toGridRow } from './model';
import type { GridRow, VariantConflict } from './types';

// ── Add New Product ─────────────────────────────────────────────────────────

export function AddProductModal({
  opened,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  onSubmit: (name: string) => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setName('');
    setError(null);
    setFormError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      setError(CATALOGUE_MSG.productNameRequired);
      setFormError(CATALOGUE_MSG.requiredFields);
      return;
    }
    setBusy(true);
    const ok = await onSubmit(value);
    setBusy(false);
    if (ok) close();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add New Product" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label="Product name"
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              if (e.currentTarget.value.trim()) {
                setError(null);
                setFormError(null);
              }
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add Product
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

// ── Leaving with unsaved changes ────────────────────────────────────────────

export function UnsavedChangesDialog({
  opened,
  saving,
  onSave,
  onDiscard,
  onStay,
}: {
  opened: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onStay: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title="Unsaved changes" centered closeOnClickOutside={!saving}>
      <Stack gap="md">
        <Text>{CATALOGUE_MSG.unsavedChanges}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onStay} disabled={saving}>
            Stay Here
          </Button>
          <Button variant="light" color="red" onClick={onDiscard} disabled={saving}>
            Discard Changes
          </Button>
          <Button onClick={onSave} loading={saving}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// ── 409: rows changed by someone else (mine: the grid's current rows) ───────

const COMPARED = [...VARIANT_VALUE_FIELDS, 'list_price'] as const;

export function ConflictView({
  conflicts,
  saving,
  onReload,
  onOverwrite,
  onCancel,
}: {
  conflicts: VariantConflict[];
  saving: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  const rows = useEditStore((s) => s.rows);
  const mine = useMemo(() => new Map(rows.map((r) => [r._id, r])), [rows]);
  return (
    <Modal opened onClose={onCancel} title="Someone else changed these rows" centered size="xl">
      <Stack gap="md">
        <Text fz="sm">
          Since you opened this product, another editor saved changes to{' '}
          {conflicts.length === 1 ? 'this row' : 'these rows'}. Reload takes their version of these rows and keeps your
          other edits; Overwrite saves yours over theirs.
        </Text>
        <Table withTableBorder striped aria-label="Conflicting rows">
          <ColumnHeaders columns={['Part Number', 'Field', 'Yours', 'Theirs']} />
          <Table.Tbody>
            {conflicts.flatMap((c) => {
              const my = mine.get(c._id);
              const theirs = c.current ? toGridRow(c.current) : null;
              if (!theirs)
                return [
                  <Table.Tr key={c._id}>
                    <Table.Td>{c.part_number}</Table.Td>
                    <Table.Td colSpan={3}>
                      Deleted by someone else{my?._deleted ? ' (you deleted it too)' : ''}
                    </Table.Td>
                  </Table.Tr>,
                ];
              if (my?._deleted)
                return [
                  <Table.Tr key={c._id}>
                    <Table.Td>{c.part_number}</Table.Td>
                    <Table.Td colSpan={3}>You deleted it; someone else changed it</Table.Td>
                  </Table.Tr>,
                ];
              const diffs = COMPARED.filter((f) => my && my[f] !== theirs[f]);
              if (!diffs.length)
                return [
                  <Table.Tr key={c._id}>
                    <Table.Td>{c.part_number}</Table.Td>
                    <Table.Td colSpan={3}>Changed by someone else (same values as yours)</Table.Td>
                  </Table.Tr>,
                ];
              return diffs.map((f, i) => (
                <Table.Tr key={`${c._id}-${f}`}>
                  <Table.Td>{i === 0 ? c.part_number : ''}</Table.Td>
                  <Table.Td>{FIELD_LABELS[f]}</Table.Td>
                  <Table.Td>{displayValue(f, my?.[f])}</Table.Td>
                  <Table.Td>{displayValue(f, theirs[f])}</Table.Td>
                </Table.Tr>
              ));
            })}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button variant="light" onClick={onReload} disabled={saving}>
            Reload
          </Button>
          <Button color="red" onClick={onOverwrite} loading={saving}>
            Overwrite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// ── Price history ──────────────────────────────────────────────────────────

const PRICE_HISTORY_COLUMNS: readonly ColumnHeader[] = [
  'Date',
  'Changed by',
  { label: 'Old price', align: 'right' },
  { label: 'New price', align: 'right' },
];

function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function PriceHistoryModal({ row, onClose }: { row: GridRow | null; onClose: () => void }) {
  const id = row?._id ?? '';
  const history = useQuery({
    queryKey: catalogueKeys.priceHistory(id),
    queryFn: ({ signal }) => fetchPriceHistory(id, signal),
    enabled: !!row,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Modal opened={!!row} onClose={onClose} title={`Price history: ${row?.part_number ?? ''}`} centered size="lg">
      {history.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading price history" />
        </Group>
      ) : history.isError ? (
        <Alert color="red" role="alert">
          {isApiRequestError(history.error) ? history.error.message : 'Failed to load price history'}
        </Alert>
      ) : history.data.length === 0 ? (
        <Text c="gray.7">No price changes recorded.</Text>
      ) : (
        <Table striped aria-label="Price history">
          <ColumnHeaders columns={PRICE_HISTORY_COLUMNS} />
          <Table.Tbody>
            {history.data.map((h, i) => (
              <Table.Tr key={h._id ?? i}>
                <Table.Td>{formatWhen(h.changed_at)}</Table.Td>
                <Table.Td>{h.changed_by ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatDollars(h.old_price)}</Table.Td>
                <Table.Td ta="right">{formatDollars(h.new_price)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
