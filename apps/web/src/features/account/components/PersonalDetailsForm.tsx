import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import type { AccountProfile } from '@portal/contracts';
import { ACCOUNT_MSG, normalizeEmail, profileSchema, type ProfileInput } from '@portal/domain';
import { handledAsSessionEnd, isApiRequestError } from '../../../shared/api';
import { RevealPasswordInput, showErrorModal, SaveButton, useSchemaForm } from '../../../shared/form';
import { FormFields, type FieldSpec } from '../../../shared/kit';
import { FormAlert, ROLE_LABEL } from '../../auth';
import { bodyMessage as serverMessage } from '../../../shared/api';
import { accountApi, accountKeys, refreshSessionUser } from '../api';

interface Values {
  username: string;
  email: string;
  password?: string;
}

const FIELDS: FieldSpec<Values>[] = [
  { name: 'username', label: 'User Name', copy: 'user name', autoComplete: 'username' },
  { name: 'email', label: 'Email', kind: 'email', copy: 'email', autoComplete: 'email' },
];

/**
 * Personal details: username + email editable, read-only role.
 * Changing the email asks for the current password and only sends a confirmation link to the new
 * address; the email changes when that link is opened.
 */
export function PersonalDetailsForm({ profile }: { profile: Pick<AccountProfile, 'username' | 'email' | 'role_key'> }) {
  const queryClient = useQueryClient();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const update = useMutation({ mutationFn: accountApi.updateProfile });
  const form = useSchemaForm<Values, ProfileInput>(profileSchema, {
    username: profile.username,
    email: profile.email,
    password: '',
  });
  const { register, handleSubmit, reset, control, setError } = form;
  const { errors, isSubmitting, isDirty } = form.formState;
  const typedEmail = useWatch({ control, name: 'email' }) ?? '';
  const emailChanging = normalizeEmail(typedEmail) !== profile.email && typedEmail.trim() !== '';

  // Fresh server data (first load, another tab's edit) replaces untouched values.
  useEffect(() => {
    reset({ username: profile.username, email: profile.email, password: '' }, { keepDirtyValues: true });
  }, [profile.username, profile.email, reset]);

  const onSubmit = async (values: ProfileInput) => {
    const wantsEmail = values.email !== profile.email;
    if (wantsEmail && !values.password) {
      setError('password', { message: ACCOUNT_MSG.profile.passwordRequired }, { shouldFocus: true });
      return;
    }
    try {
      const data = await update.mutateAsync({
        username: values.username,
        email: values.email,
        ...(wantsEmail ? { password: values.password } : {}),
      });
      refreshSessionUser(data);
      queryClient.setQueryData(accountKeys.me, data);
      reset({ username: data.username, email: data.email, password: '' });
      setPendingEmail(wantsEmail ? values.email : null);
      notifications.show({
        color: 'teal',
        message: wantsEmail ? ACCOUNT_MSG.profile.confirmationSent : ACCOUNT_MSG.profile.updated,
        autoClose: wantsEmail ? 5000 : 3000,
      });
    } catch (err) {
      if (handledAsSessionEnd(err)) return;
      const fieldError = isApiRequestError(err)
        ? (err.body as { errors?: Record<string, string> } | null)?.errors?.password
        : undefined;
      if (fieldError) {
        setError('password', { message: fieldError }, { shouldFocus: true });
        return;
      }
      showErrorModal(
        ACCOUNT_MSG.profile.updateFailed,
        serverMessage(err, 'Your changes could not be saved. Please try again.'),
        'profile-update-failed',
      );
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Personal details">
      <Stack gap="md" maw={480}>
        {pendingEmail && (
          <FormAlert
            tone="info"
            icon={<IconMailForward aria-hidden />}
            title="Check your new inbox"
            closeLabel="Dismiss"
            onClose={() => setPendingEmail(null)}
          >
            {ACCOUNT_MSG.profile.confirmationSent} ({pendingEmail})
          </FormAlert>
        )}
        <FormFields fields={FIELDS} form={form} />
        {emailChanging && (
          <RevealPasswordInput
            label="Current password"
            description="Needed to change your email. We send a confirmation link to the new address."
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
        )}
        <TextInput label="Role" value={ROLE_LABEL[profile.role_key]} readOnly variant="filled" />
        <Group>
          <SaveButton submitting={isSubmitting} dirty={isDirty} />
        </Group>
      </Stack>
    </form>
  );
}
