import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailCheck } from '@tabler/icons-react';
import { ACCOUNT_MSG, forgotPasswordSchema, type ForgotPasswordInput } from '@portal/domain';
import { bodyMessage as serverMessage } from '../../../shared/api';
import { passwordResetApi } from '../api';
import { AuthCard, BackToSignIn, EMAIL_FIELD, useDocumentTitle } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';

/** Back to sign-in 8 s after the email was sent. */
export const FORGOT_REDIRECT_MS = 8000;

/** Forgot password: form → sending → sent (email disabled, Resend) → '/' after 8 s. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const [resending, setResending] = useState(false);
  const [sentMessage, setSentMessage] = useState<string>(ACCOUNT_MSG.forgot.sent);
  // Bumped on every successful send: (re)starts the redirect timer.
  const [sends, setSends] = useState(0);
  const [lastEmail, setLastEmail] = useState('');
  const forgot = useMutation({ mutationFn: passwordResetApi.forgotPassword });

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  useDocumentTitle('Forgot Password');

  useEffect(() => {
    if (!sends) return;
    const t = setTimeout(() => void navigate('/', { replace: true }), FORGOT_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [sends, navigate]);

  const send = async (email: string): Promise<void> => {
    try {
      const res = await forgot.mutateAsync(email);
      setLastEmail(email);
      if (res?.message) setSentMessage(res.message);
      // One message, the inline one: a "Reset Email Sent!" toast would claim a mail went out for an
      // address that may have no account, next to the text saying it only went out if one exists.
      setSent(true);
      setSends((n) => n + 1);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: ACCOUNT_MSG.forgot.failedTitle,
        message: serverMessage(err, ACCOUNT_MSG.forgot.failedDefault),
        autoClose: 5000,
      });
    }
  };

  const onResend = async () => {
    setResending(true);
    await send(lastEmail);
    setResending(false);
  };

  return (
    <AuthCard
      maw={440}
      title="Forgot Password"
      description="Enter the email address of your account and we will send you a link to reset your password."
    >
      <form onSubmit={handleSubmit(({ email }) => send(email))} noValidate aria-label="Forgot password">
        <Stack gap="md">
          {sent && (
            <FormAlert tone="success" icon={<IconMailCheck aria-hidden />} title="Check your email">
              {sentMessage} The link is valid for 1 hour. You will be taken back to sign in shortly.
            </FormAlert>
          )}
          <TextInput {...EMAIL_FIELD} disabled={sent} error={errors.email?.message} {...register('email')} />
          <Button type="submit" fullWidth size="md" loading={forgot.isPending && !resending} disabled={sent}>
            {sent ? 'Email Sent' : 'Send Reset Link'}
          </Button>
          {sent && (
            <Button variant="light" fullWidth onClick={() => void onResend()} loading={resending}>
              Resend Email
            </Button>
          )}
          <BackToSignIn />
        </Stack>
      </form>
    </AuthCard>
  );
}
