import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_ROUTES } from '@portal/domain';
import { call, serverMessage } from '../api';

const LABEL = { bounced: 'Email bounced', suppressed: 'Emails stopped' } as const;
const WHY = {
  bounced: 'The last email to this address bounced: no emails are sent to it. Fix the address, or try again.',
  suppressed: 'Emails to this address are stopped (complaint or repeated bounces). Fix the address, or try again.',
} as const;

/**
 * Next to a user's address when emails do not reach it, with "Try again": lifts the
 * suppression (`DELETE user/{id}/email-suppression`, audited). Nothing for a working address.
 */
export function EmailStatusBadge({
  userId,
  status,
}: {
  userId: string;
  status: 'ok' | 'bounced' | 'suppressed' | undefined;
}) {
  const qc = useQueryClient();
  const retry = useMutation({
    mutationFn: () => call(USER_ROUTES.liftEmailSuppression, { params: { id: userId } }, { silent: true }),
    onSuccess: (res) => {
      notifications.show({ color: 'green', message: res.message ?? 'The address will receive emails again' });
      void qc.invalidateQueries();
    },
    onError: (err) => notifications.show({ color: 'red', message: serverMessage(err, 'That did not work') }),
  });
  if (!status || status === 'ok') return null;
  return (
    <Group gap={4} wrap="nowrap" component="span" display="inline-flex">
      <Tooltip label={WHY[status]} multiline w={260}>
        <Badge color="red.9" variant="filled" size="sm" tabIndex={0}>
          {LABEL[status]}
        </Badge>
      </Tooltip>
      <Button size="compact-xs" variant="subtle" loading={retry.isPending} onClick={() => retry.mutate()}>
        Try again
      </Button>
    </Group>
  );
}
