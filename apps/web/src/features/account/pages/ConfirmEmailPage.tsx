import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { ACCOUNT_MSG } from '@portal/domain';
import { useAuthStore } from '../../auth';
import { accountApi, refreshSessionUser, serverMessage } from '../api';

/**
 * The link from the email-change message (`/confirm-email?code=…`). Opening the page changes
 * nothing: the user presses the button, so a mail scanner that fetches links cannot confirm it.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  if (!code) return <Navigate to="/" replace />;
  return <ConfirmEmail code={code} />;
}

function ConfirmEmail({ code }: { code: string }) {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const signedIn = useAuthStore((s) => !!s.token);

  useEffect(() => {
    document.title = 'Confirm Email · Filter Portal';
  }, []);

  const confirm = async () => {
    setState({ kind: 'busy' });
    try {
      const res = await accountApi.confirmEmail(code);
      // The same browser may hold this account's session: show the new address right away.
      if (res.data?.email && useAuthStore.getState().user) refreshSessionUser({ email: res.data.email });
      setState({ kind: 'done', message: res.message || ACCOUNT_MSG.profile.confirmed });
    } catch (err) {
      setState({ kind: 'failed', message: serverMessage(err, ACCOUNT_MSG.profile.confirmInvalid) });
    }
  };

  return (
    <Stack maw={460} mx="auto" w="100%" gap="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={26}>
            Confirm your new email
          </Title>
          {state.kind === 'done' ? (
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck aria-hidden />}
              title="Email changed"
              role="status"
            >
              {state.message}
            </Alert>
          ) : (
            <>
              <Text size="sm">
                Confirm to move your Filter Portal account to the address this link was sent to. Until you do, your
                current address stays the sign-in email.
              </Text>
              {state.kind === 'failed' && (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                  {state.message}
                </Alert>
              )}
              <Button size="md" onClick={() => void confirm()} loading={state.kind === 'busy'}>
                Confirm new email
              </Button>
            </>
          )}
          <Group justify="center">
            <Anchor component={Link} to="/" size="sm">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} aria-hidden />
                {signedIn ? 'Back to the portal' : 'Back to Sign In'}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
