import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { loginSchema, MSG } from '@portal/domain';
import { errorStatus } from '../../../shared/api';
import { isStoragePersistent, StorageWriteError } from '../../../shared/storage';
import { loginErrorMessage } from '../loginErrors';
import { InvalidSessionPayloadError, signIn, type SignInOutcome } from '../session';
import { openStorageTroubleshooting } from './StorageTroubleshooting';
import { FormAlert } from './FormAlert';
import { EMAIL_FIELD } from './AuthCard';
import { landingFor } from '../landing';

interface LoginFormValues {
  email: string;
  password: string;
}

/** `onSecondStep`: the password was right but a code (or enrolment) comes next. */
export function LoginForm({ onSecondStep }: { onSecondStep?: (outcome: SignInOutcome) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const signInCall = useMutation({ mutationFn: signIn });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, LoginFormValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = async (values: LoginFormValues) => {
    setError(null);
    try {
      // `values.email` is already normalised by loginSchema (stripped, trimmed, lowercased).
      const outcome = await signInCall.mutateAsync({ email: values.email, password: values.password });
      if (outcome.kind === 'signed-in')
        void navigate(landingFor(outcome.user.role_key, location.search), { replace: true });
      else onSecondStep?.(outcome);
    } catch (err) {
      if (err instanceof StorageWriteError) {
        setError(MSG.login.storageFailed);
        return;
      }
      // A malformed success payload is not a connection problem: report it as a generic failure.
      let message = err instanceof InvalidSessionPayloadError ? MSG.login.failed : loginErrorMessage(errorStatus(err));
      if (!isStoragePersistent()) {
        message = `${message} ${MSG.login.storageNote}`;
        openStorageTroubleshooting();
      }
      setError(message);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign in">
      <Stack gap="md">
        {error && (
          <FormAlert tone="error" title="Sign-in failed">
            {error}
          </FormAlert>
        )}
        <TextInput {...EMAIL_FIELD} error={errors.email?.message} {...register('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          visible={showPassword}
          onVisibilityChange={setShowPassword}
          visibilityToggleFocusable
          visibilityToggleIcon={({ reveal }) =>
            reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
          }
          visibilityToggleButtonProps={{ 'aria-label': showPassword ? 'Hide password' : 'Show password' }}
          error={errors.password?.message}
          {...register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
