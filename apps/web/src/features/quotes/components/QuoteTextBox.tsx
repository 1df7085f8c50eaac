import { Textarea, type TextareaProps } from '@mantine/core';
import { MAX_QUOTE_TEXT } from '@portal/domain';

interface Props extends Omit<TextareaProps, 'value' | 'onChange' | 'maxLength'> {
  value: string;
  onChange: (value: string) => void;
}

/** Free text on a quote request (a note, a message, a question or a reason), up to the length the API takes. */
export function QuoteTextBox({ value, onChange, ...props }: Props) {
  return (
    <Textarea
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={MAX_QUOTE_TEXT}
      rows={2}
      {...props}
    />
  );
}
