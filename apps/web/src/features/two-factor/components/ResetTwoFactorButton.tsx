import { useMutation } from '@tanstack/react-query';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconShieldOff } from '@tabler/icons-react';
import { serverMessage } from '../../../shared/api';
import { twoFactorApi } from '../api';

/** Superadmin: remove a user's second factor (lost phone). Their sessions end and they are emailed. */
export function ResetTwoFactorButton({ userId, username }: { userId: string; username: string }) {
  const reset = useMutation({
    mutationFn: () => twoFactorApi.reset(userId),
    onSuccess: (res) => notifications.show({ color: 'teal', message: res.message }),
    onError: (err) =>
      notifications.show({ color: 'red', title: 'Reset failed', message: serverMessage(err, 'Please try again.') }),
  });
  const open = () =>
    modals.openConfirmModal({
      title: 'Reset two-factor authentication?',
      children: (
        <Text size="sm">
          {username} will be signed out everywhere and can sign in with their password only (or set up two-factor again
          if the security policy requires it). Their recovery codes stop working. They will be emailed.
        </Text>
      ),
      labels: { confirm: 'Reset two-factor', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => reset.mutate(),
    });
  return (
    <Button variant="light" color="orange" leftSection={<IconShieldOff size={16} aria-hidden />} onClick={open}>
      Reset two-factor
    </Button>
  );
}
