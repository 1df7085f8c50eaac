import { Navigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, Text } from '@mantine/core';
import { ACCOUNT_MSG } from '@portal/domain';
import { AuthCard, BackToSignIn, FormAlert, useAuthStore, useDocumentTitle } from '../../auth';
import { bodyMessage as serverMessage } from '../../../shared/api';
import { accountApi, refreshSessionUser } from '../api';

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
  const signedIn = useAuthStore((s) => !!s.token);
  const confirm = useMutation({
    mutationFn: () => accountApi.confirmEmail(code),
    onSuccess: (res) => {
      // The same browser may hold this account's session: show the new address right away.
      if (res.data?.email && useAuthStore.getState().user) refreshSessionUser({ email: res.data.email });
    },
  });

  useDocumentTitle('Confirm Email');

  return (
    <AuthCard maw={460} title="Confirm your new email">
      <Stack gap="md">
        {confirm.isSuccess ? (
          <FormAlert tone="success" title="Email changed">
            {confirm.data.message || ACCOUNT_MSG.profile.confirmed}
          </FormAlert>
        ) : (
          <>
            <Text size="sm">
              Confirm to move your Filter Portal account to the address this link was sent to. Until you do, your
              current address stays the sign-in email.
            </Text>
            {confirm.isError && (
              <FormAlert tone="error">{serverMessage(confirm.error, ACCOUNT_MSG.profile.confirmInvalid)}</FormAlert>
            )}
            <Button size="md" onClick={() => confirm.mutate()} loading={confirm.isPending}>
              Confirm new email
            </Button>
          </>
        )}
        <BackToSignIn label={signedIn ? 'Back to the portal' : 'Back to Sign In'} />
      </Stack>
    </AuthCard>
  );
}
