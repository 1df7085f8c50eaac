import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Checkbox } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ORG_MSG, createCompanySchema, type CreateCompanyInput } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { FormModal, useSchemaForm } from '../../../shared/form';
import { FormFields, type FieldSpec } from '../../../shared/kit';
import { companiesKeys } from '../api';
import { useCreateCompany } from '../mutations';

interface Values {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm_password: string;
  /** Issue 27: invite the administrator instead of typing a password for them. */
  invite: boolean;
}

/** Ticked: the password fields are not part of the request (`invite: true`); unticked: the spec's body. */
const schema = z.preprocess((raw) => {
  const { password, confirm_password, invite, ...rest } = raw as Values;
  return invite ? { ...rest, invite: true } : { ...rest, password, confirm_password };
}, createCompanySchema) as unknown as z.ZodType<CreateCompanyInput, Values>;

const PASSWORDS = new Set(['password', 'confirm_password']);
const FIELDS: FieldSpec<Values>[] = [
  { name: 'name', label: 'Company Name', autofocus: true },
  { name: 'username', label: 'User Name', autoComplete: 'off' },
  { name: 'email', label: 'Email', kind: 'email', copy: 'email', autoComplete: 'off' },
  { name: 'password', label: 'New Password', kind: 'revealPassword', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm Password', kind: 'revealPassword', autoComplete: 'new-password' },
];

const EMPTY: Values = { name: '', username: '', email: '', password: '', confirm_password: '', invite: true };

/** Add Company modal. */
export function AddCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const createCompany = useCreateCompany();
  const form = useSchemaForm<Values, CreateCompanyInput>(schema, EMPTY);
  const { handleSubmit, reset, register, control } = form;
  const invite = useWatch({ control, name: 'invite' });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = async (values: CreateCompanyInput) => {
    try {
      const res = await createCompany(values);
      notifications.show({ color: 'teal', message: res?.message || ORG_MSG.success.companyAdded, autoClose: 3000 });
      await queryClient.invalidateQueries({ queryKey: companiesKeys.all });
      close();
    } catch (err) {
      if (handledAsSessionEnd(err)) return;
      notifications.show({
        color: 'red',
        message: serverMessage(err, 'Company could not be added. Please try again.'),
        autoClose: 5000,
      });
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Add Company"
      formLabel="Add company"
      onSubmit={handleSubmit(onSubmit)}
      submitLabel="Add Company"
      submitting={form.formState.isSubmitting}
    >
      <FormFields fields={FIELDS.filter((f) => !PASSWORDS.has(f.name))} form={form} />
      <Checkbox
        label="Send an invitation by email (they choose their own password)"
        description="The link works once and expires in 7 days. Untick to type a password instead."
        {...register('invite')}
      />
      {!invite && <FormFields fields={FIELDS.filter((f) => PASSWORDS.has(f.name))} form={form} />}
    </FormModal>
  );
}
