import { List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** A longer troubleshooting dialog shown for 8 seconds when browser storage is not persistent. */
export const STORAGE_DIALOG_MS = 8000;
const MODAL_ID = 'storage-troubleshooting';

export function openStorageTroubleshooting(): void {
  modals.close(MODAL_ID);
  modals.open({
    modalId: MODAL_ID,
    title: 'Browser storage is blocked',
    centered: true,
    children: (
      <>
        <Text size="sm" mb="xs">
          Your browser is not letting this site keep your sign-in. To fix it:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Allow cookies and site data for this site in your browser settings.</List.Item>
          <List.Item>Leave private or incognito mode, or allow storage there.</List.Item>
          <List.Item>Disable extensions that block storage for this site, then reload the page.</List.Item>
        </List>
      </>
    ),
  });
  window.setTimeout(() => modals.close(MODAL_ID), STORAGE_DIALOG_MS);
}
