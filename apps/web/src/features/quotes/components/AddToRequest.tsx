import { useState } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { useQuoteDraft } from '../store';
import { QuantityInput } from './QuantityInput';

interface Props {
  productName: string;
  variants: { _id: string; part_number: string; size?: string }[];
}

/** Under a product table: put one of its rows, with a quantity, into the request being put together. */
export function AddToRequest({ productName, variants }: Props) {
  const add = useQuoteDraft((s) => s.add);
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
        label={`Add a row of ${productName} to a quote request`}
        data={[{ value: '', label: 'Choose a part number' }, ...options]}
        value={variantId}
        onChange={(e) => setVariantId(e.currentTarget.value)}
        size="xs"
        w={260}
      />
      <QuantityInput value={quantity} onChange={setQuantity} size="xs" w={90} />
      <Button
        size="xs"
        variant="light"
        disabled={!variantId}
        onClick={() => {
          const v = variants.find((x) => x._id === variantId);
          if (!v) return;
          add({
            variant_id: v._id,
            part_number: v.part_number,
            label: `${productName} ${v.size ?? ''}`.trim(),
            quantity: Number(quantity) || 1,
          });
          setVariantId('');
        }}
      >
        Add to request
      </Button>
    </Group>
  );
}
