import type { Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CopyButton } from './CopyButton';

export type CopyableTextInputProps<T extends FieldValues, TParsed = T> = Omit<
  TextInputProps,
  'name' | 'rightSection'
> & {
  /** The form's control: the copy button follows the field's current value. */
  control: Control<T, unknown, TParsed>;
  /** The registered field (from `{...register(name)}`). */
  name: Path<T>;
  /** Field name for the copy button's accessible label: 'Copy {copyLabel}'. */
  copyLabel: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A react-hook-form registered TextInput with a copy button in its right section:
 * `<CopyableTextInput control={control} copyLabel="email" label="Email" {...register('email')} />`.
 */
export function CopyableTextInput<T extends FieldValues, TParsed = T>({
  control,
  name,
  copyLabel,
  ...props
}: CopyableTextInputProps<T, TParsed>) {
  const value = useWatch({ control, name }) ?? '';
  return <TextInput name={name} rightSection={<CopyButton value={String(value)} label={copyLabel} />} {...props} />;
}
