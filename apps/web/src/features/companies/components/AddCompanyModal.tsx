import { useQueryClient } from '@tanstack/react-query';
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
}

const FIELDS: FieldSpec<Values>[] = [
  { name: 'name', label: 'Company Name', autofocus: true },
  { name: 'username', label: 'User Name', autoComplete: 'off' },
  { name: 'email', label: 'Email', kind: 'email', copy: 'email', autoComplete: 'off' },
  { name: 'password', label: 'New Password', kind: 'revealPassword', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm Password', kind: 'revealPassword', autoComplete: 'new-password' },
];

const EMPTY: Values = { name: '', username: '', email: '', password: '', confirm_password: '' };

/** Add Company modal. */
export function AddCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const createCompany = useCreateCompany();
  const form = useSchemaForm<Values, CreateCompanyInput>(createCompanySchema, EMPTY);
  const { handleSubmit, reset } = form;

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
      <FormFields fields={FIELDS} form={form} />
    </FormModal>
  );
}
