import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AccountProfile } from '@portal/contracts';
import { ACCOUNT_MSG, profileSchema, type ProfileInput } from '@portal/domain';
import { handledAsSessionEnd } from '../../../shared/api';
import { CopyableTextInput, showErrorModal } from '../../../shared/form';
import { ROLE_LABEL } from '../../auth';
import { accountApi, refreshSessionUser, serverMessage } from '../api';
import { ME_QUERY_KEY } from './queryKeys';

interface Values {
  username: string;
  email: string;
}

/** Personal details (spec §2 Settings, §5 Profile): username + email editable, read-only role. */
export function PersonalDetailsForm({ profile }: { profile: Pick<AccountProfile, 'username' | 'email' | 'role_key'> }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { username: profile.username, email: profile.email },
    mode: 'onTouched',
  });

  // Fresh server data (first load, another tab's edit) replaces untouched values.
  useEffect(() => {
    reset({ username: profile.username, email: profile.email }, { keepDirtyValues: true });
  }, [profile.username, profile.email, reset]);

  const onSubmit = async (values: ProfileInput) => {
    try {
      const data = await accountApi.updateProfile({ username: values.username, email: values.email });
      refreshSessionUser(data);
      queryClient.setQueryData(ME_QUERY_KEY, data);
      reset({ username: data.username, email: data.email });
      notifications.show({ color: 'teal', message: ACCOUNT_MSG.profile.updated, autoClose: 3000 });
    } catch (err) {
      if (handledAsSessionEnd(err)) return;
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
        <CopyableTextInput
          control={control}
          copyLabel="user name"
          label="User Name"
          autoComplete="username"
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <CopyableTextInput
          control={control}
          copyLabel="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextInput label="Role" value={ROLE_LABEL[profile.role_key]} readOnly variant="filled" />
        <Group>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
