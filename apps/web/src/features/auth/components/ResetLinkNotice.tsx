import { Link } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ResetLinkState } from '@portal/contracts';
import { ACCOUNT_MSG } from '@portal/domain';
import { FormAlert } from './FormAlert';

const TEXT: Record<Exclude<ResetLinkState, 'valid'>, { title: string; text: string }> = {
  used: { title: 'This link was already used', text: ACCOUNT_MSG.reset.linkUsed },
  expired: { title: 'This link has expired', text: ACCOUNT_MSG.reset.linkExpired },
  replaced: { title: 'A newer link was sent', text: ACCOUNT_MSG.reset.linkReplaced },
  invalid: { title: 'This link does not work', text: ACCOUNT_MSG.reset.invalidToken },
};

/** A reset link that no longer works says why, before any form, with the way to a new one. */
export function ResetLinkNotice({ state }: { state: Exclude<ResetLinkState, 'valid'> }) {
  const { title, text } = TEXT[state];
  return (
    <FormAlert tone="error" title={title}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Group>
          <Button size="xs" component={Link} to="/forgot-password">
            Request a new link
          </Button>
        </Group>
      </Stack>
    </FormAlert>
  );
}
