import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { PasswordChecklistView, PasswordStrengthMeter, RevealPasswordInput } from '../form';

export interface NewPasswordFieldsProps<T extends FieldValues, TParsed> {
  /** The form the fields belong to (its register, control and errors). */
  form: Pick<UseFormReturn<T, unknown, TParsed>, 'register' | 'control' | 'formState'>;
  /** The new password's field; its repetition is always `confirmPassword`. */
  name: Path<T>;
  disabled?: boolean;
  /** The requirements checklist's id and heading (default 'Password requirements'). */
  requirementsId?: string;
  requirementsTitle?: string;
  /** Adds the Weak / Fair / Good / Strong meter under the checklist. */
  withStrength?: boolean;
}

/**
 * "New password" and "Confirm password" (each with its show/hide toggle), then the requirements
 * checklist that ticks as the new password is typed: change password, reset password, invitation.
 */
export function NewPasswordFields<T extends FieldValues & { confirmPassword: string }, TParsed = T>({
  form,
  name,
  disabled,
  requirementsId,
  requirementsTitle,
  withStrength = false,
}: NewPasswordFieldsProps<T, TParsed>) {
  const { register, control } = form;
  const { errors } = form.formState;
  const password = String(useWatch({ control, name }) ?? '');
  const fields = [
    [name, 'New password'],
    ['confirmPassword' as Path<T>, 'Confirm password'],
  ] as const;
  return (
    <>
      {fields.map(([field, label]) => (
        <RevealPasswordInput
          key={field}
          label={label}
          autoComplete="new-password"
          required
          disabled={disabled}
          error={errors[field]?.message as string | undefined}
          {...register(field)}
        />
      ))}
      <PasswordChecklistView password={password} id={requirementsId} title={requirementsTitle} />
      {withStrength && <PasswordStrengthMeter password={password} />}
    </>
  );
}
