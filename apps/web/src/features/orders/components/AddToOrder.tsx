import { useEffect, useState } from 'react';
import { ActionIcon, Group, NumberInput, Tooltip } from '@mantine/core';
import { IconCheck, IconShoppingCartPlus } from '@tabler/icons-react';
import { MAX_ORDER_QUANTITY } from '@portal/domain';
import type { OrderLineDraft } from '../api';
import { useOrderCart } from '../store';

/** What one row puts into the order: its line (without the quantity) and how the drawer names it. */
export interface OrderableRow {
  line: { kind: 'catalogue'; variant_id: string } | { kind: 'agreed_item'; agreed_item_id: string };
  part_number: string;
  label: string;
}

const clampQuantity = (v: number | string) => Math.max(1, Math.min(MAX_ORDER_QUANTITY, Math.floor(Number(v)) || 1));

/**
 * A compact quantity box and an "Add to order" icon button for one row (a catalogue variant, one of
 * "Your items"): narrow enough for a phone's row. Adding the same row again adds to its quantity.
 */
export function AddToOrder({ row, quantityLabel }: { row: OrderableRow; quantityLabel: string }) {
  const add = useOrderCart((s) => s.add);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const t = setTimeout(() => setAdded(false), 1500);
    return () => clearTimeout(t);
  }, [added]);
  const submit = () => {
    add({ ...row, line: { ...row.line, quantity: clampQuantity(quantity) } as OrderLineDraft });
    setAdded(true);
  };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <NumberInput
        aria-label={quantityLabel}
        size="xs"
        w={72}
        min={1}
        max={MAX_ORDER_QUANTITY}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        value={quantity}
        onChange={setQuantity}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
        }}
      />
      <Tooltip label={added ? 'Added to your order' : 'Add to order'} withArrow>
        <ActionIcon
          size="md"
          variant={added ? 'light' : 'filled'}
          color={added ? 'teal' : undefined}
          aria-label="Add to order"
          onClick={submit}
        >
          {added ? <IconCheck size={16} aria-hidden="true" /> : <IconShoppingCartPlus size={16} aria-hidden="true" />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A catalogue variant's row control (the app passes it to the catalogue as its row action). */
export function AddVariantToOrder({
  variant,
}: {
  variant: { variant_id: string; part_number: string; label: string };
}) {
  return (
    <AddToOrder
      row={{
        line: { kind: 'catalogue', variant_id: variant.variant_id },
        part_number: variant.part_number,
        label: variant.label,
      }}
      quantityLabel={`Quantity of ${variant.part_number}`}
    />
  );
}
