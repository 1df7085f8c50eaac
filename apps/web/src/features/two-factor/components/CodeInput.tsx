import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The 6-digit code field: one input (so pasting "123 456" or "123456" works in one go), numeric
 * keyboard on phones, and the browser's one-time-code autofill.
 */
export function CodeInput(
  props: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (v: string) => void },
) {
  const { value, onChange, ...rest } = props;
  return (
    <TextInput
      label="Authentication code"
      placeholder="123456"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
      {...rest}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}
