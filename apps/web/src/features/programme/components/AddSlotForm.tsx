import { useState } from 'react';
import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROGRAMME_MSG, SLOT_STAGES, STAGE_LABEL } from '@portal/domain';
import { api } from '../../../shared/api';
import { serverMessage } from '../../../shared/api/errors';
import { useCreateSlot } from '../hooks';

const UNITS = [
  { value: 'month', label: 'months' },
  { value: 'week', label: 'weeks' },
  { value: 'day', label: 'days' },
];

/** The catalogue variant a part number names, resolved like the find box (exact, normalised, aliases). */
async function variantFor(partNumber: string): Promise<string | null> {
  const res = await api.get<{ data: { list: { variant_id: string; matched_via: string }[] } }>('catalogue/find', {
    query: { q: partNumber, limit: 5, typing: 1 },
  });
  return res.data.list.find((r) => r.matched_via !== 'size')?.variant_id ?? null;
}

/** An admin adds a filter slot to a unit by part number. */
export function AddSlotForm({ unitId, today }: { unitId: string; today: string }) {
  const [partNumber, setPartNumber] = useState('');
  const [stage, setStage] = useState<string>('single');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [count, setCount] = useState<number | string>(3);
  const [unit, setUnit] = useState<string>('month');
  const [anchor, setAnchor] = useState(today);
  const create = useCreateSlot();
  const submit = async () => {
    try {
      const variantId = await variantFor(partNumber.trim());
      if (!variantId) {
        notifications.show({ message: PROGRAMME_MSG.variantNotFound, color: 'red' });
        return;
      }
      await create.mutateAsync({
        unitId,
        body: {
          stage,
          fitted: { kind: 'catalogue', variant_id: variantId },
          quantity: Number(quantity),
          interval_unit: unit,
          interval_count: Number(count),
          anchor_date: anchor,
        },
      });
      setPartNumber('');
    } catch (err) {
      notifications.show({ message: serverMessage(err, 'The filter slot could not be added'), color: 'red' });
    }
  };
  return (
    <Group align="end" wrap="wrap" gap="xs">
      <TextInput
        label="Part number"
        value={partNumber}
        onChange={(e) => setPartNumber(e.currentTarget.value)}
        w={150}
      />
      <Select
        label="Stage"
        value={stage}
        onChange={(v) => setStage(v ?? 'single')}
        data={SLOT_STAGES.map((s) => ({ value: s, label: STAGE_LABEL[s] }))}
        allowDeselect={false}
        w={140}
      />
      <NumberInput label="Quantity" value={quantity} onChange={setQuantity} min={1} max={500} w={90} />
      <NumberInput label="Every" value={count} onChange={setCount} min={1} max={730} w={80} />
      <Select
        label="Unit"
        value={unit}
        onChange={(v) => setUnit(v ?? 'month')}
        data={UNITS}
        allowDeselect={false}
        w={110}
      />
      <TextInput type="date" label="Last changed" value={anchor} onChange={(e) => setAnchor(e.currentTarget.value)} />
      <Button onClick={() => void submit()} loading={create.isPending} disabled={!partNumber.trim()}>
        Add filter slot
      </Button>
    </Group>
  );
}
