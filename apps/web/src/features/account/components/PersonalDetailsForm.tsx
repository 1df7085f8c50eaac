import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { AccountProfile, RoleKey } from '@portal/contracts';
import { ACCOUNT_MSG, profileSchema, type ProfileInput } from '@portal/domain';
import { handleGlobalApiError, isApiRequestError } from '../../../shared/api';
import { accountApi, refreshSessionUser, serverMessage } from '../api';
import { CopyValueButton } from './CopyValueButton';
import { ME_QUERY_KEY } from './queryKeys';

export const ROLE_LABEL: Record<RoleKey, string> = {
  superadmin: 'Superadmin',
  admin: 'Administrator',
  employee: 'Employee',
};

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

  const username = useWatch({ control, name: 'username' }) ?? '';
  const email = useWatch({ control, name: 'email' }) ?? '';

  const onSubmit = async (values: ProfileInput) => {
    try {
      const data = await accountApi.updateProfile({ username: values.username, email: values.email });
      refreshSessionUser(data);
      queryClient.setQueryData(ME_QUERY_KEY, data);
      reset({ username: data.username, email: data.email });
      notifications.show({ color: 'teal', message: ACCOUNT_MSG.profile.updated, autoClose: 3000 });
    } catch (err) {
      if (isApiRequestError(err) && err.status === 401) {
        handleGlobalApiError(err);
        return;
      }
      modals.open({
        modalId: 'profile-update-failed',
        title: ACCOUNT_MSG.profile.updateFailed,
        centered: true,
        children: (
          <Stack gap="md">
            <Text>{serverMessage(err, 'Your changes could not be saved. Please try again.')}</Text>
            <Group justify="flex-end">
              <Button onClick={() => modals.close('profile-update-failed')}>OK</Button>
            </Group>
          </Stack>
        ),
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Personal details">
      <Stack gap="md" maw={480}>
        <TextInput
          label="User Name"
          autoComplete="username"
          required
          error={errors.username?.message}
          rightSection={<CopyValueButton value={username} label="User name" />}
          {...register('username')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          rightSection={<CopyValueButton value={email} label="Email" />}
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
