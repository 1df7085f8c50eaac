import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { ACCOUNT_MSG, forgotPasswordSchema, type ForgotPasswordInput } from '@portal/domain';
import { accountApi, serverMessage } from '../../account/api';

/** Back to sign-in 8 s after the email was sent. */
export const FORGOT_REDIRECT_MS = 8000;

type Phase = 'idle' | 'sending' | 'emailSent';

/** Forgot password: idle → sending → emailSent (email disabled, Resend) → '/' after 8 s. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('idle');
  const [resending, setResending] = useState(false);
  const [sentMessage, setSentMessage] = useState<string>(ACCOUNT_MSG.forgot.sent);
  // Bumped on every successful send: (re)starts the redirect timer.
  const [sends, setSends] = useState(0);
  const [lastEmail, setLastEmail] = useState('');

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  useEffect(() => {
    document.title = 'Forgot Password · Filter Portal';
  }, []);

  useEffect(() => {
    if (!sends) return;
    const t = setTimeout(() => void navigate('/', { replace: true }), FORGOT_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [sends, navigate]);

  const send = async (email: string): Promise<boolean> => {
    try {
      const res = await accountApi.forgotPassword(email);
      setLastEmail(email);
      if (res?.message) setSentMessage(res.message);
      notifications.show({
        color: 'teal',
        title: 'Reset Email Sent!',
        message: 'Please check your email inbox for the password reset link.',
        autoClose: 4000,
      });
      setPhase('emailSent');
      setSends((n) => n + 1);
      return true;
    } catch (err) {
      notifications.show({
        color: 'red',
        title: ACCOUNT_MSG.forgot.failedTitle,
        message: serverMessage(err, ACCOUNT_MSG.forgot.failedDefault),
        autoClose: 5000,
      });
      return false;
    }
  };

  const onSubmit = async ({ email }: ForgotPasswordInput) => {
    setPhase('sending');
    if (!(await send(email))) setPhase('idle');
  };

  const onResend = async () => {
    setResending(true);
    await send(lastEmail);
    setResending(false);
  };

  const sent = phase === 'emailSent';

  return (
    <Stack maw={440} mx="auto" w="100%" gap="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={26}>
            Forgot Password
          </Title>
          <Text c="dimmed" size="sm">
            Enter the email address of your account and we will send you a link to reset your password.
          </Text>
        </Stack>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Forgot password">
          <Stack gap="md">
            {sent && (
              <Alert
                color="teal"
                variant="light"
                icon={<IconMailCheck aria-hidden />}
                title="Check your email"
                role="status"
              >
                {sentMessage} The link is valid for 1 hour. You will be taken back to sign in shortly.
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              disabled={sent}
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" fullWidth size="md" loading={phase === 'sending'} disabled={sent}>
              {sent ? 'Email Sent' : 'Send Reset Link'}
            </Button>
            {sent && (
              <Button variant="light" fullWidth onClick={() => void onResend()} loading={resending}>
                Resend Email
              </Button>
            )}
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
