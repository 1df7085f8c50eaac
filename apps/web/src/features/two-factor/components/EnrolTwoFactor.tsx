import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, Image, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { TWO_FACTOR_MSG } from '@portal/domain';
import { CopyButton } from '../../../shared/form';
import { serverMessage } from '../../../shared/api';
import { twoFactorApi } from '../api';
import { CodeInput } from './CodeInput';

/**
 * Enrolment: a fresh secret as QR code and text, then the first code from the app confirms it.
 * `onEnabled` receives the recovery codes (shown by the caller, once).
 */
export function EnrolTwoFactor({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const setup = useMutation({ mutationFn: twoFactorApi.setup });
  const enable = useMutation({ mutationFn: twoFactorApi.enable, onSuccess: onEnabled });
  const { mutate: start } = setup;
  const started = useRef(false);

  // One secret per visit: a second setup call would replace the one already shown.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  if (setup.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title="Two-factor setup failed">
        {serverMessage(setup.error, 'Could not start the setup. Please try again.')}
        <Group mt="sm">
          <Button size="xs" variant="light" onClick={() => start()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  const data = setup.data;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (code.length === 6) enable.mutate(code);
  };

  return (
    <form onSubmit={submit} aria-label="Set up two-factor authentication" noValidate>
      <Stack gap="md">
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
        </Text>
        {data ? (
          <Image src={data.qr} alt="QR code for your authenticator app" w={200} h={200} />
        ) : (
          <Skeleton w={200} h={200} />
        )}
        <TextInput
          label="Or enter this key by hand"
          value={data?.secret ?? ''}
          readOnly
          variant="filled"
          ff="monospace"
          data-testid="two-factor-secret"
          rightSection={<CopyButton value={data?.secret ?? ''} label="secret key" />}
        />
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        <CodeInput
          value={code}
          onChange={setCode}
          required
          error={enable.isError ? serverMessage(enable.error, TWO_FACTOR_MSG.invalidCode) : undefined}
          maw={240}
        />
        <Group>
          <Button type="submit" loading={enable.isPending} disabled={!data || code.length !== 6}>
            Enable two-factor authentication
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
