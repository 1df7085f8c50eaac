import { PasswordInput, TextInput } from '@mantine/core';
import type { Control, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { CopyableTextInput, RevealPasswordInput } from '../form';

/** One required text field of an org form, described rather than written out. */
export interface FieldSpec<T extends FieldValues> {
  name: Path<T>;
  label: string;
  /** text (default), email, a password, or a password with a named show/hide toggle. */
  kind?: 'text' | 'email' | 'password' | 'revealPassword';
  /** Adds a copy button labelled 'Copy {copy}'. */
  copy?: string;
  autoComplete?: string;
  /** Focused when the modal opens. */
  autofocus?: boolean;
}

export interface FormFieldsProps<T extends FieldValues, TParsed> {
  fields: readonly FieldSpec<T>[];
  register: UseFormRegister<T>;
  control: Control<T, unknown, TParsed>;
  errors: FieldErrors<T>;
}

/** The required text/email/password fields of the add and edit forms (companies, users, my company). */
export function FormFields<T extends FieldValues, TParsed = T>({
  fields,
  register,
  control,
  errors,
}: FormFieldsProps<T, TParsed>) {
  return (
    <>
      {fields.map((f) => {
        const common = {
          label: f.label,
          required: true,
          autoComplete: f.autoComplete,
          error: errors[f.name]?.message as string | undefined,
          'data-autofocus': f.autofocus || undefined,
          ...register(f.name),
        };
        if (f.kind === 'revealPassword') return <RevealPasswordInput key={f.name} {...common} />;
        if (f.kind === 'password') return <PasswordInput key={f.name} {...common} />;
        const type = f.kind === 'email' ? 'email' : undefined;
        if (f.copy) {
          return <CopyableTextInput key={f.name} control={control} copyLabel={f.copy} type={type} {...common} />;
        }
        return <TextInput key={f.name} type={type} {...common} />;
      })}
    </>
  );
}
