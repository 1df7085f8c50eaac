import { useState } from 'react';
import { FormAlert } from './FormAlert';
import { getFlag, isStoragePersistent, setFlag, STORAGE_KEYS } from '../../../shared/storage';

/** Dismissible browser-storage notice on the sign-in screen; dismissal is remembered. */
export function StorageNotice() {
  const [dismissed, setDismissed] = useState(() => getFlag(STORAGE_KEYS.storageNoticeDismissed));
  if (dismissed) return null;
  const persistent = isStoragePersistent();
  return (
    <FormAlert
      tone="info"
      color="brand"
      title="Browser storage"
      role="note"
      closeLabel="Dismiss storage notice"
      onClose={() => {
        setFlag(STORAGE_KEYS.storageNoticeDismissed, true);
        setDismissed(true);
      }}
    >
      {persistent
        ? 'This portal keeps your sign-in in your browser’s storage on this device. Sign out when using a shared computer.'
        : 'Your browser is blocking persistent storage, so your sign-in only lasts while this tab is open.'}
    </FormAlert>
  );
}
