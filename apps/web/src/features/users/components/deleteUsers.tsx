import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ORG_MSG } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { usersApi } from '../api';

export interface DeleteUsersTexts {
  /** Success toast. Default 'User Deleted Successfully' / 'Users Deleted Successfully'. */
  success?: string;
  /** Failure toast title; the server message is the body. Default 'User Delete Unsuccessful' / 'Users Delete Unsuccessful'. */
  failureTitle?: string;
}

/**
 * Deletes users (one → DELETE user/{id}, several → DELETE user/bulk) and shows the result toast.
 * Resolves true on success. Screens pass e.g. { success: 'Admin Deleted Successfully', failureTitle: 'Admin Delete Unsuccessful' }.
 */
export async function deleteUsers(ids: string[], texts: DeleteUsersTexts = {}): Promise<boolean> {
  const one = ids.length === 1;
  try {
    await usersApi.remove(ids);
    notifications.show({
      color: 'teal',
      message: texts.success ?? (one ? ORG_MSG.success.userDeleted : ORG_MSG.success.usersDeleted),
      autoClose: 3000,
    });
    return true;
  } catch (err) {
    if (handledAsSessionEnd(err)) return false;
    notifications.show({
      color: 'red',
      title: texts.failureTitle ?? (one ? ORG_MSG.failure.userDelete : ORG_MSG.failure.usersDelete),
      message: serverMessage(err, 'Please try again.'),
      autoClose: 5000,
    });
    return false;
  }
}

export interface ConfirmDeleteOptions {
  /** How many are about to go, for the question. */
  count: number;
  /** Noun, singular; default 'user'. */
  noun?: string;
  onConfirm: () => void | Promise<unknown>;
}

/** "Delete N users?" confirmation (Delete / Cancel) before any user delete. */
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
