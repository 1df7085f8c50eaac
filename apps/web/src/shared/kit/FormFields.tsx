import { NativeSelect, PasswordInput, TextInput } from '@mantine/core';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { CopyableTextInput, RevealPasswordInput } from '../form';

/** One required field of an org form, described rather than written out. */
export interface FieldSpec<T extends FieldValues> {
  name: Path<T>;
  label: string;
  /** text (default), email, a password, a password with a named show/hide toggle, or a native select. */
  kind?: 'text' | 'email' | 'password' | 'revealPassword' | 'select';
  /** The options of a select. */
  options?: { value: string; label: string }[];
  /** Adds a copy button labelled 'Copy {copy}'. */
  copy?: string;
  autoComplete?: string;
  /** Focused when the modal opens. */
  autofocus?: boolean;
}

export interface FormFieldsProps<T extends FieldValues, TParsed> {
  fields: readonly FieldSpec<T>[];
  /** The form the fields belong to (its register, control and errors). */
  form: Pick<UseFormReturn<T, unknown, TParsed>, 'register' | 'control' | 'formState'>;
}

/** The required text/email/password fields of the add and edit forms (companies, users, my company). */
export function FormFields<T extends FieldValues, TParsed = T>({ fields, form }: FormFieldsProps<T, TParsed>) {
  const { register, control } = form;
  const { errors } = form.formState;
  return (
    <>
      {fields.map((f) => {
        if (f.kind === 'select') {
          return (
            <Controller
              key={f.name}
              control={control}
              name={f.name}
              render={({ field }) => (
                <NativeSelect
                  label={f.label}
                  required
                  error={errors[f.name]?.message as string | undefined}
                  data={f.options}
                  {...field}
                  value={String(field.value ?? '')}
                />
              )}
            />
          );
        }
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
