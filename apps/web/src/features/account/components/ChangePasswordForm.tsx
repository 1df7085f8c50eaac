import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MSG, changePasswordFormSchema, type ChangePasswordFormInput } from '@portal/domain';
import { bodyMessage as serverMessage, isApiRequestError } from '../../../shared/api';
import { RevealPasswordInput, useSchemaForm } from '../../../shared/form';
import { NewPasswordFields } from '../../../shared/password';
import { endSession, FormAlert } from '../../auth';
import { accountApi } from '../api';

const EMPTY: ChangePasswordFormInput = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password: current/new/confirm with show/hide and live hints.
 * 401 → 'Your session has expired…' and the session ends; other failures show the server's message.
 */
export function ChangePasswordForm() {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const change = useMutation({ mutationFn: accountApi.changePassword });
  const form = useSchemaForm(changePasswordFormSchema, EMPTY);
  const { register, handleSubmit, reset, setError } = form;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: ChangePasswordFormInput) => {
    setResult(null);
    try {
      await change.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      reset(EMPTY);
      setResult({ ok: true, message: ACCOUNT_MSG.change.success });
      notifications.show({ color: 'teal', message: ACCOUNT_MSG.change.success, autoClose: 3000 });
    } catch (err) {
      if (isApiRequestError(err) && err.status === 401) {
        notifications.show({ color: 'red', message: ACCOUNT_MSG.change.sessionExpired, autoClose: 5000 });
        endSession();
        return;
      }
      const message = serverMessage(err, ACCOUNT_MSG.change.failedDefault);
      if (isApiRequestError(err) && err.errors) {
        for (const field of ['oldPassword', 'newPassword'] as const) {
          if (err.errors[field]) setError(field, { type: 'server', message: err.errors[field] });
        }
      }
      setResult({ ok: false, message });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Change password">
      <Stack gap="md" maw={480}>
        {result && (
          <FormAlert
            tone={result.ok ? 'success' : 'error'}
            closeLabel="Dismiss message"
            onClose={() => setResult(null)}
          >
            {result.message}
          </FormAlert>
        )}
        <RevealPasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your current password?
          </Anchor>
        </Group>
        <NewPasswordFields form={form} name="newPassword" requirementsTitle="Password must contain" />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
