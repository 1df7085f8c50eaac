import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { MSG } from '@portal/domain';
import { logout, validateSession } from '../../auth/session';
import { EnrolTwoFactor } from './EnrolTwoFactor';
import { RecoveryCodesList } from './RecoveryCodesList';

/**
 * After the password, for an account the security policy covers but without a second factor: the
 * enrolment-only session can do nothing but this. Continuing re-validates into a normal session.
 */
export function EnrolmentStep({ onCancel }: { onCancel: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const proceed = async () => {
    setBusy(true);
    try {
      await validateSession({ silent: true });
    } catch {
      setError(MSG.login.failed);
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {codes ? (
        <>
          <RecoveryCodesList codes={codes} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button fullWidth size="md" loading={busy} onClick={() => void proceed()}>
            Continue
          </Button>
        </>
      ) : (
        <>
          <Text size="sm">
            Your organisation requires two-factor authentication. Set it up now to continue signing in.
          </Text>
          <EnrolTwoFactor onEnabled={setCodes} />
          <Button variant="subtle" onClick={() => void logout().finally(onCancel)}>
            Cancel and sign out
          </Button>
        </>
      )}
    </Stack>
  );
}
