import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MSG, TWO_FACTOR_MSG } from '@portal/domain';
import { errorStatus, serverMessage } from '../../../shared/api';
import { verifySecondFactor } from '../../auth/session';
import { FormAlert } from '../../auth/components/FormAlert';
import { CodeInput } from './CodeInput';

/** Second sign-in step: the app's code, or one recovery code. Success publishes the session. */
export function CodeStep({ mfaToken, onRestart }: { mfaToken: string; onRestart: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Success publishes the session and leaves this screen: the button stays busy until then.
  const verify = useMutation({ mutationFn: verifySecondFactor });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (useRecovery ? !recovery.trim() : code.length !== 6) {
      setError(useRecovery ? TWO_FACTOR_MSG.invalidRecoveryCode : TWO_FACTOR_MSG.codeRequired);
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync(
        useRecovery ? { mfa_token: mfaToken, recovery_code: recovery } : { mfa_token: mfaToken, code },
      );
    } catch (err) {
      const status = errorStatus(err);
      setError(
        status === 429
          ? MSG.login.tooMany
          : status === 0 || status >= 500
            ? MSG.login.serverDown
            : serverMessage(err, MSG.login.failed),
      );
      setCode('');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Two-factor verification">
      <Stack gap="md">
        {error && (
          <FormAlert tone="error" title="Verification failed">
            {error}
          </FormAlert>
        )}
        {useRecovery ? (
          <>
            <Text size="sm">Enter one of your recovery codes. Each code works once.</Text>
            <TextInput
              label="Recovery code"
              placeholder="xxxxx-xxxxx"
              autoComplete="off"
              autoFocus
              ff="monospace"
              value={recovery}
              onChange={(e) => setRecovery(e.currentTarget.value)}
            />
          </>
        ) : (
          <>
            <Text size="sm">Open your authenticator app and enter the 6-digit code for Filter Portal.</Text>
            <CodeInput value={code} onChange={setCode} autoFocus />
          </>
        )}
        <Button type="submit" fullWidth size="md" loading={verify.isPending || verify.isSuccess}>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            Back to sign in
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery((v) => !v);
              setError(null);
            }}
          >
            {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
