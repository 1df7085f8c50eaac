import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { ACCOUNT_MSG, resetPasswordFormSchema, type ResetPasswordFormInput } from '@portal/domain';
import { accountApi, serverMessage } from '../../account/api';
import { PasswordChecklistView, PasswordStrengthMeter } from '../../account/components/PasswordRequirements';
import { RevealPasswordInput } from '../../../shared/form';
import { clearSession } from '../session';

/** Back to sign-in 6 s after the password was updated. */
export const RESET_REDIRECT_MS = 6000;

/** Reset password at `/reset-password?code=…`: form → submitting → updated → '/'. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  if (!code) return <Navigate to="/" replace />;
  return <ResetPasswordForm code={code} />;
}

function ResetPasswordForm({ code }: { code: string }) {
  const navigate = useNavigate();
  const [updated, setUpdated] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  useEffect(() => {
    document.title = 'Reset Password · Filter Portal';
  }, []);

  useEffect(() => {
    if (!updated) return;
    const t = setTimeout(() => void navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [updated, navigate]);

  const onSubmit = async (values: ResetPasswordFormInput) => {
    try {
      const res = await accountApi.resetPassword({ password: values.password, token: code });
      // A reset revokes every session of the account, including one stored in this browser.
      clearSession();
      setUpdated(res?.message || ACCOUNT_MSG.reset.success);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: ACCOUNT_MSG.reset.failedTitle,
        message: serverMessage(err, ACCOUNT_MSG.reset.failedDefault),
        autoClose: 5000,
      });
    }
  };

  const done = updated !== null;

  return (
    <Stack maw={460} mx="auto" w="100%" gap="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={26}>
            Reset Password
          </Title>
          <Text c="dimmed" size="sm">
            Choose a new password for your account.
          </Text>
        </Stack>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Reset password">
          <Stack gap="md">
            {done && (
              <Alert
                color="teal"
                variant="light"
                icon={<IconCircleCheck aria-hidden />}
                title="Password updated"
                role="status"
              >
                <Stack gap="sm">
                  <Text size="sm">{updated} You will be taken to sign in in a few seconds.</Text>
                  <Group>
                    <Button size="xs" onClick={() => void navigate('/', { replace: true })}>
                      Go to Sign In
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            <RevealPasswordInput
              label="New password"
              autoComplete="new-password"
              required
              disabled={done}
              error={errors.password?.message}
              {...register('password')}
            />
            <RevealPasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              disabled={done}
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <PasswordChecklistView password={password} id="reset-password-requirements" />
            <PasswordStrengthMeter password={password} />
            <Button type="submit" fullWidth size="md" loading={isSubmitting} disabled={done}>
              Update Password
            </Button>
            <Group justify="center">
              <Anchor component={Link} to="/" size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconArrowLeft size={14} aria-hidden />
                  <span>Back to Sign In</span>
                </Group>
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
