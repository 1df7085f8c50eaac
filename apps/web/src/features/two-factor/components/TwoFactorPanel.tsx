import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Divider, Group, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TWO_FACTOR_MSG } from '@portal/domain';
import { serverMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { twoFactorApi, twoFactorKeys } from '../api';
import { CodeInput } from './CodeInput';
import { EnrolTwoFactor } from './EnrolTwoFactor';
import { RecoveryCodesList } from './RecoveryCodesList';

/** Settings › Two-factor authentication: enable, regenerate recovery codes, disable. */
export function TwoFactorPanel() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKeys.status, queryFn: twoFactorApi.status });
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });

  if (!status.data) return <Skeleton h={160} />;
  const s = status.data;

  return (
    <Stack gap="lg" maw={560}>
      <Group gap="sm">
        <Title order={2} fz="lg">
          Two-factor authentication
        </Title>
        <Badge color={s.enabled ? 'teal.9' : 'gray.7'} variant="filled">
          {s.enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Signing in asks for a code from an authenticator app on your phone in addition to your password.
      </Text>

      {codes ? (
        <Stack gap="sm">
          <RecoveryCodesList codes={codes} />
          <Group>
            <Button onClick={() => setCodes(null)}>Done</Button>
          </Group>
        </Stack>
      ) : !s.enabled ? (
        enrolling ? (
          <EnrolTwoFactor
            onEnabled={(c) => {
              setCodes(c);
              setEnrolling(false);
              notifications.show({ color: 'teal', message: TWO_FACTOR_MSG.enabled });
              void refresh();
            }}
          />
        ) : (
          <>
            {s.required && (
              <Alert color="blue" variant="light">
                Your organisation requires two-factor authentication.
              </Alert>
            )}
            <Group>
              <Button onClick={() => setEnrolling(true)}>Set up two-factor authentication</Button>
            </Group>
          </>
        )
      ) : (
        <>
          <Text size="sm">
            On since {formatDateTime(s.enabled_at)} · {s.recovery_codes_left} unused recovery codes
          </Text>
          <Divider />
          <RegenerateForm
            onCodes={(c) => {
              setCodes(c);
              void refresh();
            }}
          />
          <Divider />
          {s.required ? (
            <Text size="sm" c="dimmed">
              {TWO_FACTOR_MSG.requiredByPolicy}
            </Text>
          ) : (
            <DisableForm onDisabled={() => void refresh()} />
          )}
        </>
      )}
    </Stack>
  );
}

function RegenerateForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const regenerate = useMutation({
    mutationFn: twoFactorApi.regenerate,
    onSuccess: (c) => {
      setCode('');
      notifications.show({ color: 'teal', message: TWO_FACTOR_MSG.regenerated });
      onCodes(c);
    },
  });
  return (
    <form
      aria-label="New recovery codes"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (code.length === 6) regenerate.mutate(code);
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md">
          New recovery codes
        </Title>
        <Text size="sm" c="dimmed">
          Creates 10 new codes; the old ones stop working.
        </Text>
        <CodeInput
          id="regenerate-code"
          value={code}
          onChange={setCode}
          maw={240}
          error={regenerate.isError ? serverMessage(regenerate.error, TWO_FACTOR_MSG.invalidCode) : undefined}
        />
        <Group>
          <Button type="submit" variant="light" loading={regenerate.isPending} disabled={code.length !== 6}>
            Create new recovery codes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const disable = useMutation({
    mutationFn: () => twoFactorApi.disable(password, code),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: TWO_FACTOR_MSG.disabled });
      onDisabled();
    },
  });
  return (
    <form
      aria-label="Turn off two-factor authentication"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (password && code) disable.mutate();
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md">
          Turn off two-factor authentication
        </Title>
        {disable.isError && (
          <Alert color="red" variant="light" role="alert">
            {serverMessage(disable.error, TWO_FACTOR_MSG.invalidCode)}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          maw={360}
        />
        <CodeInput id="disable-code" value={code} onChange={setCode} maw={240} />
        <Group>
          <Button
            type="submit"
            color="red"
            variant="light"
            loading={disable.isPending}
            disabled={!password || code.length !== 6}
          >
            Turn off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
