import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmDeleteOptions {
  /** How many are about to go, for the question. */
  count: number;
  /** Noun, singular; default 'user'. */
  noun?: string;
  onConfirm: () => void | Promise<unknown>;
}

/** "Delete N users?" confirmation (Delete / Cancel) before any delete from a list. */
export function confirmDelete({ count, noun = 'user', onConfirm }: ConfirmDeleteOptions): void {
  const what = count === 1 ? `this ${noun}` : `${count} ${noun}s`;
  modals.openConfirmModal({
    title: count === 1 ? `Delete ${noun}` : `Delete ${noun}s`,
    centered: true,
    children: <Text size="sm">Are you sure you want to delete {what}? This cannot be undone.</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => void onConfirm(),
  });
}
