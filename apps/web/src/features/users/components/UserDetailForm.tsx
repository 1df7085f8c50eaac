import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserDetail } from '@portal/contracts';
import { ORG_MSG, userEditFormSchema } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { CopyableTextInput, showErrorModal } from '../../../shared/form';
import { usersApi, usersKeys } from '../api';

interface FormValues {
  status: boolean | 'true' | 'false';
  username: string;
  email: string;
}
type Parsed = { status: boolean; username: string; email: string };

export interface UserDetailFormProps {
  user: Pick<UserDetail, '_id' | 'username' | 'email' | 'status' | 'companyName'> & Partial<UserDetail>;
  /** Read-only Company Name field (N/A when none). Default true. */
  showCompany?: boolean;
  /** After a successful save (the ['users'] queries are already invalidated). */
  onSaved?: (user: UserDetail) => void;
}

const valuesOf = (u: UserDetailFormProps['user']): FormValues => ({
  status: u.status ? 'true' : 'false',
  username: u.username,
  email: u.email,
});

/**
 * Status, User Name (copy), read-only Company Name, Email (copy), 'Resend Account Information?' and Save.
 * Save: PATCH user/{id} → 'Data Updated Successfully'; failure modal 'Data Update Unsuccessful' + message.
 * Resend: GET user/resend/{id} → the response message.
 */
export function UserDetailForm({ user, showCompany = true, onSaved }: UserDetailFormProps) {
  const queryClient = useQueryClient();
  const [resending, setResending] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(userEditFormSchema),
    defaultValues: valuesOf(user),
    mode: 'onTouched',
  });

  useEffect(() => {
    reset(valuesOf(user), { keepDirtyValues: true });
  }, [user, reset]);

  const save = async (values: Parsed) => {
    try {
      const res = await usersApi.update(user._id, values);
      reset(valuesOf(res.data));
      notifications.show({ color: 'teal', message: ORG_MSG.success.dataUpdated, autoClose: 3000 });
      queryClient.setQueryData(usersKeys.detail(user._id), res.data);
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
      onSaved?.(res.data);
    } catch (err) {
      if (handledAsSessionEnd(err)) return;
      showErrorModal(
        ORG_MSG.failure.updateTitle,
        serverMessage(err, 'Your changes could not be saved. Please try again.'),
        'user-update-failed',
      );
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const res = await usersApi.resend(user._id);
      notifications.show({ color: 'teal', message: res.message || ORG_MSG.user.resent, autoClose: 3000 });
    } catch (err) {
      if (!handledAsSessionEnd(err))
        notifications.show({ color: 'red', message: serverMessage(err, 'Please try again.'), autoClose: 5000 });
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit(save)} noValidate aria-label="User details">
      <Stack gap="md" maw={520}>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <NativeSelect
              label="Status"
              required
              error={errors.status?.message}
              data={[
                { value: 'true', label: 'Active' },
                { value: 'false', label: 'Inactive' },
              ]}
              {...field}
              value={String(field.value)}
            />
          )}
        />
        <CopyableTextInput
          control={control}
          copyLabel="user name"
          label="User Name"
          required
          autoComplete="off"
          error={errors.username?.message}
          {...register('username')}
        />
        {showCompany && <TextInput label="Company Name" value={user.companyName || 'N/A'} readOnly variant="filled" />}
        <CopyableTextInput
          control={control}
          copyLabel="email"
          label="Email"
          type="email"
          required
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => void resend()} disabled={resending}>
            Resend Account Information?
          </Anchor>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
