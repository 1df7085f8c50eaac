import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * A titled failure modal with an OK button ('Error', 'Data Update Unsuccessful', …). A modal
 * already open under `modalId` is replaced, so it always shows the latest message.
 */
export function showErrorModal(title: string, message: string, modalId: string): void {
  modals.close(modalId);
  modals.open({
    modalId,
    title,
    centered: true,
    children: (
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)}>OK</Button>
        </Group>
      </Stack>
    ),
  });
}
