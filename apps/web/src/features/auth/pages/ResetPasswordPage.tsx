import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MSG, resetPasswordFormSchema, type ResetPasswordFormInput } from '@portal/domain';
import { bodyMessage as serverMessage } from '../../../shared/api';
import { PasswordChecklistView, PasswordStrengthMeter } from '../../../shared/form';
import { passwordResetApi } from '../api';
import { RevealPasswordInput } from '../../../shared/form';
import { clearSession } from '../session';
import { AuthCard, BackToSignIn, useDocumentTitle } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { ResetLinkNotice } from '../components/ResetLinkNotice';

const PASSWORD_FIELDS = [
  ['password', 'New password'],
  ['confirmPassword', 'Confirm password'],
] as const;

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
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  useDocumentTitle('Reset Password');

  useEffect(() => {
    if (!updated) return;
    const t = setTimeout(() => void navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [updated, navigate]);

  const done = updated !== null;

  return (
    <AuthCard maw={460} title="Reset Password" description="Choose a new password for your account.">
      <form onSubmit={handleSubmit((values) => reset.mutate(values.password))} noValidate aria-label="Reset password">
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
          {PASSWORD_FIELDS.map(([name, label]) => (
            <RevealPasswordInput
              key={name}
              label={label}
              autoComplete="new-password"
              required
              disabled={done}
              error={errors[name]?.message}
              {...register(name)}
            />
          ))}
          <PasswordChecklistView password={password} id="reset-password-requirements" />
          <PasswordStrengthMeter password={password} />
          <Button type="submit" fullWidth size="md" loading={reset.isPending} disabled={done}>
            Update Password
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthCard>
  );
}
