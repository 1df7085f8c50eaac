import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserDetail } from '@portal/contracts';
import { ORG_MSG, userEditFormSchema } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { showErrorModal, SaveButton, useSchemaForm } from '../../../shared/form';
import { FormFields, STATUS_OPTIONS, type FieldSpec } from '../../../shared/kit';
import { usersKeys } from '../api';
import { useResendAccountInfo, useUpdateUser } from '../mutations';

interface FormValues {
  status: boolean | 'true' | 'false';
  username: string;
  email: string;
}
type Parsed = { status: boolean; username: string; email: string };

const STATUS_AND_USERNAME: FieldSpec<FormValues>[] = [
  { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
  { name: 'username', label: 'User Name', copy: 'user name', autoComplete: 'off' },
];
const EMAIL: FieldSpec<FormValues>[] = [
  { name: 'email', label: 'Email', kind: 'email', copy: 'email', autoComplete: 'off' },
];

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
  const updateUser = useUpdateUser(user._id);
  const resendInfo = useResendAccountInfo(user._id);
  const form = useSchemaForm<FormValues, Parsed>(userEditFormSchema, valuesOf(user));
  const { handleSubmit, reset } = form;
  const { isSubmitting, isDirty } = form.formState;

  useEffect(() => {
    reset(valuesOf(user), { keepDirtyValues: true });
  }, [user, reset]);

  const save = async (values: Parsed) => {
    try {
      const res = await updateUser(values);
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
    try {
      const res = await resendInfo.mutateAsync();
      notifications.show({ color: 'teal', message: res.message || ORG_MSG.user.resent, autoClose: 3000 });
    } catch (err) {
      if (!handledAsSessionEnd(err))
        notifications.show({ color: 'red', message: serverMessage(err, 'Please try again.'), autoClose: 5000 });
    }
  };

  return (
    <form onSubmit={handleSubmit(save)} noValidate aria-label="User details">
      <Stack gap="md" maw={520}>
        <FormFields fields={STATUS_AND_USERNAME} form={form} />
        {showCompany && <TextInput label="Company Name" value={user.companyName || 'N/A'} readOnly variant="filled" />}
        <FormFields fields={EMAIL} form={form} />
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void resend()}
            disabled={resendInfo.isPending}
          >
            Resend Account Information?
          </Anchor>
          <SaveButton submitting={isSubmitting} dirty={isDirty} />
        </Group>
      </Stack>
    </form>
  );
}
