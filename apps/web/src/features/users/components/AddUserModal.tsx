import { useEffect } from 'react';
import { z } from 'zod';
import { useWatch } from 'react-hook-form';
import { Checkbox } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CompanyOption } from '@portal/contracts';
import { addAdministratorSchema, addCompanyUserSchema } from '@portal/domain';
import { handledAsSessionEnd, isApiRequestError, serverMessage } from '../../../shared/api';
import { FormModal, useSchemaForm } from '../../../shared/form';
import { FormFields, type FieldSpec } from '../../../shared/kit';

export interface AddUserValues {
  company_id?: string;
  username: string;
  email: string;
  password: string;
  /** Issue 27: email an invitation (the person chooses their password) instead of typing one. */
  invite: boolean;
}

/** Request fields for the choice: `invite: true`, or the typed password (the spec's body). */
export function passwordOrInvite(v: AddUserValues): { password?: string; invite?: true } {
  return v.invite ? { invite: true } : { password: v.password };
}

/** The form sends one of the two: with `invite` ticked the password field is not part of it. */
function withInviteChoice(base: z.ZodType): z.ZodType<AddUserValues, AddUserValues> {
  return z.preprocess((raw) => {
    const v = raw as AddUserValues;
    if (v.invite) {
      const { password: _p, ...rest } = v;
      return rest;
    }
    const { invite: _i, ...rest } = v;
    return rest;
  }, base) as unknown as z.ZodType<AddUserValues, AddUserValues>;
}

export interface AddUserModalTexts {
  /** Modal title, e.g. 'Add Administrator'. */
  title: string;
  /** Submit button. Default 'Save'. */
  submit?: string;
  /** Success toast, e.g. 'Admin added Successfully'. */
  success: string;
  /** Failure toast title (e.g. 'Employee not added Successfully'); the server message is the body. */
  failureTitle?: string;
  /** Failure body when the server sends no message, e.g. 'Failed to add administrator'. */
  failureFallback: string;
}

export interface AddUserModalProps {
  opened: boolean;
  onClose: () => void;
  texts: AddUserModalTexts;
  /**
   * Performs the call (POST user …). Resolve on success (the modal toasts `texts.success`, resets and
   * closes); reject with the ApiRequestError on failure (field errors from the server are shown inline).
   */
  onSubmit: (values: AddUserValues) => Promise<unknown>;
  /** Shows the company select (Add Administrator on the administrators screen) when given. */
  companies?: CompanyOption[];
  /**
   * Validation. Defaults: with `companies` the spec's Add administrator schema ('Please select a
   * company', 'Username is required', …); without, the company-context schema ('User Name is required', …).
   */
  schema?: z.ZodType<AddUserValues, AddUserValues>;
}

const EMPTY: AddUserValues = { company_id: '', username: '', email: '', password: '', invite: true };
const SERVER_FIELDS = ['company_id', 'username', 'email', 'password'] as const;
const FIELDS: FieldSpec<AddUserValues>[] = [
  { name: 'username', label: 'Username', autoComplete: 'off' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'off' },
];
const PASSWORD_FIELD: FieldSpec<AddUserValues> = {
  name: 'password',
  label: 'Password',
  kind: 'password',
  autoComplete: 'new-password',
};

/** The company select of Add Administrator. */
const companyField = (companies: CompanyOption[]): FieldSpec<AddUserValues> => ({
  name: 'company_id',
  label: 'Company',
  kind: 'select',
  options: [{ value: '', label: 'Select a company' }, ...companies.map((c) => ({ value: c._id, label: c.name }))],
});

/** Username / Email / Password (+ optional company select) modal used by every "add user" button. */
export function AddUserModal({ opened, onClose, texts, onSubmit, companies, schema }: AddUserModalProps) {
  const withCompany = companies !== undefined;
  const resolverSchema = withInviteChoice(schema ?? (withCompany ? addAdministratorSchema : addCompanyUserSchema));
  const form = useSchemaForm(resolverSchema, EMPTY);
  const { handleSubmit, reset, setError, register, control } = form;
  const invite = useWatch({ control, name: 'invite' });
  const { isSubmitting } = form.formState;

  useEffect(() => {
    if (opened) reset(EMPTY);
  }, [opened, reset]);

  const submit = async (values: AddUserValues) => {
    try {
      await onSubmit(values);
      notifications.show({ color: 'teal', message: texts.success, autoClose: 3000 });
      reset(EMPTY);
      onClose();
    } catch (err) {
      if (handledAsSessionEnd(err)) return;
      const fieldErrors = isApiRequestError(err) ? err.errors : undefined;
      for (const f of SERVER_FIELDS) if (fieldErrors?.[f]) setError(f, { message: fieldErrors[f] });
      const message = serverMessage(err, texts.failureFallback);
      notifications.show({ color: 'red', title: texts.failureTitle, message, autoClose: 5000 });
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={texts.title}
      onSubmit={handleSubmit(submit)}
      submitLabel={texts.submit ?? 'Save'}
      submitting={isSubmitting}
      cancelDisabled={isSubmitting}
    >
      <FormFields fields={withCompany ? [companyField(companies), ...FIELDS] : FIELDS} form={form} />
      <Checkbox
        label="Send an invitation by email (they choose their own password)"
        description="The link works once and expires in 7 days. Untick to type a password instead."
        {...register('invite')}
      />
      {!invite && <FormFields fields={[PASSWORD_FIELD]} form={form} />}
    </FormModal>
  );
}
