import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MAX_QUOTE_QUANTITY } from '@portal/domain';

/** The quantity of a quote line: whole pieces, 1 to the most a request takes. */
export function QuantityInput(props: Omit<NumberInputProps, 'label' | 'min' | 'max' | 'allowDecimal'>) {
  return <NumberInput label="Quantity" min={1} max={MAX_QUOTE_QUANTITY} allowDecimal={false} {...props} />;
}
