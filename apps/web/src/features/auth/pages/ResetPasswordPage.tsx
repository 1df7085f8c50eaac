import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MSG, resetPasswordFormSchema } from '@portal/domain';
import { bodyMessage as serverMessage } from '../../../shared/api';
import { useSchemaForm } from '../../../shared/form';
import { NewPasswordFields } from '../../../shared/password';
import { passwordResetApi } from '../api';
import { clearSession } from '../session';
import { AuthCard, BackToSignIn, useDocumentTitle } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { ResetLinkNotice } from '../components/ResetLinkNotice';

/** Back to sign-in 6 s after the password was updated. */
export const RESET_REDIRECT_MS = 6000;

/** Reset password at `/reset-password?code=…`: form → submitting → updated → '/'. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  if (!code) return <Navigate to="/" replace />;
  return <CheckedResetLink code={code} />;
}

/**
 * Asks first whether the link still works: a used, expired or replaced link says so up front, with
 * the way to a new one, instead of failing after the new password was typed. If the check itself
 * fails (offline), the form is shown and the reset call answers as before.
 */
function CheckedResetLink({ code }: { code: string }) {
  useDocumentTitle('Reset Password');
  const link = useQuery({
    queryKey: ['reset-link', code],
    queryFn: () => passwordResetApi.checkResetLink(code),
    retry: false,
    staleTime: Infinity,
  });
  if (link.isPending)
    return (
      <AuthCard maw={460} title="Reset Password">
        <Center py="md">
          <Loader size="sm" aria-label="Checking the link" />
        </Center>
      </AuthCard>
    );
  const state = link.data?.state;
  if (state && state !== 'valid')
    return (
      <AuthCard maw={460} title="Reset Password">
        <Stack gap="md">
          <ResetLinkNotice state={state} />
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  return <ResetPasswordForm code={code} />;
}

function ResetPasswordForm({ code }: { code: string }) {
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: (password: string) => passwordResetApi.resetPassword({ password, token: code }),
    // A reset revokes every session of the account, including one stored in this browser.
    onSuccess: () => clearSession(),
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: ACCOUNT_MSG.reset.failedTitle,
        message: serverMessage(err, ACCOUNT_MSG.reset.failedDefault),
        autoClose: 5000,
      }),
  });
  const updated = reset.isSuccess ? reset.data?.message || ACCOUNT_MSG.reset.success : null;
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });

  useDocumentTitle('Reset Password');

  useEffect(() => {
    if (!updated) return;
    const t = setTimeout(() => void navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [updated, navigate]);

  const done = updated !== null;

  return (
    <AuthCard maw={460} title="Reset Password" description="Choose a new password for your account.">
      <form
        onSubmit={form.handleSubmit((values) => reset.mutate(values.password))}
        noValidate
        aria-label="Reset password"
      >
        <Stack gap="md">
          {done && (
            <FormAlert tone="success" title="Password updated">
              <Stack gap="sm">
                <Text size="sm">{updated} You will be taken to sign in in a few seconds.</Text>
                <Group>
                  <Button size="xs" onClick={() => void navigate('/', { replace: true })}>
                    Go to Sign In
                  </Button>
                </Group>
              </Stack>
            </FormAlert>
          )}
          <NewPasswordFields
            form={form}
            name="password"
            disabled={done}
            requirementsId="reset-password-requirements"
            withStrength
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending} disabled={done}>
            Update Password
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthCard>
  );
}
