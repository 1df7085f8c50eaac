import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserRow } from '@portal/contracts';
import { INVITATION_ACTIONS, INVITATION_MSG } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { usersApi } from '../api';

/**
 * Resend / Revoke beside an invited person's status. Which ones show comes from the
 * invitation state table; after either, every user list and company list refetches.
 */
export function InvitationActions({
  row,
}: {
  row: { _id: string } & Partial<Pick<UserRow, 'username' | 'invitation'>>;
}) {
  const queryClient = useQueryClient();
  const done = (message: string) => {
    notifications.show({ color: 'teal', message, autoClose: 3000 });
    void queryClient.invalidateQueries({ queryKey: ['users'] });
    void queryClient.invalidateQueries({ queryKey: ['companies'] });
  };
  const failed = (err: unknown) => {
    if (handledAsSessionEnd(err)) return;
    notifications.show({ color: 'red', message: serverMessage(err, 'Please try again.'), autoClose: 5000 });
  };
  const resend = useMutation({
    mutationFn: () => usersApi.resendInvitation(row._id),
    onSuccess: (r) => done(r.message ?? INVITATION_MSG.resent),
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: () => usersApi.revokeInvitation(row._id),
    onSuccess: (r) => done(r.message ?? INVITATION_MSG.revoked),
    onError: failed,
  });
  const state = row.invitation?.status;
  if (!state) return null;
  const allowed = INVITATION_ACTIONS[state];
  if (!allowed.resend && !allowed.revoke) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {allowed.resend && (
        <Button
          size="compact-xs"
          variant="light"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          aria-label={`Resend invitation to ${row.username ?? 'user'}`}
        >
          Resend
        </Button>
      )}
      {allowed.revoke && (
        <Button
          size="compact-xs"
          variant="default"
          loading={revoke.isPending}
          onClick={() => revoke.mutate()}
          aria-label={`Revoke invitation of ${row.username ?? 'user'}`}
        >
          Revoke
        </Button>
      )}
    </Group>
  );
}
