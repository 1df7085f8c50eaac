import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { getFlag, setFlag } from '../../../shared/storage';
import { twoFactorApi, twoFactorKeys } from '../api';

const DISMISSED = 'twoFactorPromptDismissed';

/** Superadmin without a second factor while the policy requires none: a dismissible nudge. */
export function TwoFactorPrompt({ onSetUp }: { onSetUp: () => void }) {
  const [dismissed, setDismissed] = useState(() => getFlag(DISMISSED));
  const status = useQuery({ queryKey: twoFactorKeys.status, queryFn: twoFactorApi.status, enabled: !dismissed });
  if (dismissed || !status.data || status.data.enabled || status.data.policy !== 'none') return null;
  return (
    <Alert
      color="blue"
      variant="light"
      mb="lg"
      icon={<IconShieldLock aria-hidden />}
      title="Protect your account with two-factor authentication"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        setFlag(DISMISSED, true);
        setDismissed(true);
      }}
    >
      Your account can change every customer’s prices. Ask for a code from your phone each time you sign in, then
      consider requiring it for others in the security policy.
      <div>
        <Button size="xs" mt="sm" onClick={onSetUp}>
          Set up now
        </Button>
      </div>
    </Alert>
  );
}
