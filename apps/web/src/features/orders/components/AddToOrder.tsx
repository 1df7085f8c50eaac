import { useState } from 'react';
import { Button, Group, NativeSelect, NumberInput } from '@mantine/core';
import { useOrderCart } from '../store';

interface Props {
  productName: string;
  variants: { _id: string; part_number: string; size?: string }[];
}

/** Under a product table: put one of its rows, with a quantity, into the order being put together. */
export function AddToOrder({ productName, variants }: Props) {
  const add = useOrderCart((s) => s.add);
  const [variantId, setVariantId] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  if (!variants.length) return null;
  const options = variants.map((v) => ({
    value: v._id,
    label: v.size ? `${v.part_number} (${v.size})` : v.part_number,
  }));
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" mt="xs">
      <NativeSelect
        label={`Order a row of ${productName}`}
        data={[{ value: '', label: 'Choose a part number' }, ...options]}
        value={variantId}
        onChange={(e) => setVariantId(e.currentTarget.value)}
        size="xs"
        w={260}
      />
      <NumberInput
        label="Quantity"
        size="xs"
        w={100}
        min={1}
        max={100_000}
        allowDecimal={false}
        value={quantity}
        onChange={setQuantity}
      />
      <Button
        size="xs"
        disabled={!variantId}
        onClick={() => {
          const v = variants.find((x) => x._id === variantId);
          if (!v) return;
          add({
            line: {
              kind: 'catalogue',
              variant_id: v._id,
              quantity: Math.max(1, Math.min(100_000, Number(quantity) || 1)),
            },
            part_number: v.part_number,
            label: `${productName} ${v.size ?? ''}`.trim(),
          });
          setVariantId('');
        }}
      >
        Add to order
      </Button>
    </Group>
  );
}
