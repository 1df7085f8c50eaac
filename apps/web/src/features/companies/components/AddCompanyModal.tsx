import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ORG_MSG, createCompanySchema, type CreateCompanyInput } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { CopyableTextInput, FormModal, RevealPasswordInput } from '../../../shared/form';
import { companiesApi, companiesKeys } from '../api';

interface Values {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm_password: string;
}

const EMPTY: Values = { name: '', username: '', email: '', password: '', confirm_password: '' };

/** Add Company modal. */
export function AddCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, CreateCompanyInput>({
    resolver: zodResolver(createCompanySchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = async (values: CreateCompanyInput) => {
    try {
      const res = await companiesApi.create(values);
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
      submitting={isSubmitting}
    >
      <TextInput label="Company Name" required data-autofocus error={errors.name?.message} {...register('name')} />
      <TextInput
        label="User Name"
        required
        autoComplete="off"
        error={errors.username?.message}
        {...register('username')}
      />
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
      <RevealPasswordInput
        label="New Password"
        required
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <RevealPasswordInput
        label="Confirm Password"
        required
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
    </FormModal>
  );
}
