import { useState } from 'react';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { getFlag, isStoragePersistent, setFlag, STORAGE_KEYS } from '../../../shared/storage';

/** Dismissible browser-storage notice on the sign-in screen; dismissal is remembered. */
export function StorageNotice() {
  const [dismissed, setDismissed] = useState(() => getFlag(STORAGE_KEYS.storageNoticeDismissed));
  if (dismissed) return null;
  const persistent = isStoragePersistent();
  return (
    <Alert
      variant="light"
      color="brand"
      icon={<IconInfoCircle aria-hidden />}
      title="Browser storage"
      role="note"
      withCloseButton
      closeButtonLabel="Dismiss storage notice"
      onClose={() => {
        setFlag(STORAGE_KEYS.storageNoticeDismissed, true);
        setDismissed(true);
      }}
    >
      {persistent
        ? 'This portal keeps your sign-in in your browser’s storage on this device. Sign out when using a shared computer.'
        : 'Your browser is blocking persistent storage, so your sign-in only lasts while this tab is open.'}
    </Alert>
  );
}
