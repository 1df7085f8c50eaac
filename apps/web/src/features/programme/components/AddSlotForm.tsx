import { useState } from 'react';
import { Button, Group, NativeSelect, NumberInput, SegmentedControl, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CATALOGUE_ROUTES, PROGRAMME_MSG, SLOT_STAGES, STAGE_LABEL } from '@portal/domain';
import { call } from '../../../shared/api';
import { serverMessage } from '../../../shared/api/errors';
import { useAuthStore } from '../../auth';
import type { FittedInput } from '../api';
import { useActiveAgreedItems, useCreateSlot } from '../hooks';

const UNITS = [
  { value: 'month', label: 'months' },
  { value: 'week', label: 'weeks' },
  { value: 'day', label: 'days' },
];

/** The catalogue variant a part number names, resolved like the find box (exact, normalised, aliases). */
async function variantFor(partNumber: string): Promise<string | null> {
  const res = await call(CATALOGUE_ROUTES.find, { query: { q: partNumber, limit: 5, typing: 1 } });
  return res.data.list.find((r) => r.matched_via !== 'size')?.variant_id ?? null;
}

type Fitting = 'catalogue' | 'agreed_item';

/** An admin adds a filter slot to a unit: a catalogue part by its number, or one of the company's agreed items. */
export function AddSlotForm({ unitId, today, companyId }: { unitId: string; today: string; companyId: string }) {
  const [fitting, setFitting] = useState<Fitting>('catalogue');
  const [partNumber, setPartNumber] = useState('');
  const [agreedItemId, setAgreedItemId] = useState<string | null>(null);
  const role = useAuthStore((st) => st.role);
  const agreed = useActiveAgreedItems(role === 'superadmin' ? companyId : undefined, fitting === 'agreed_item');
  const [stage, setStage] = useState<string>('single');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [count, setCount] = useState<number | string>(3);
  const [unit, setUnit] = useState<string>('month');
  const [anchor, setAnchor] = useState(today);
  const create = useCreateSlot();
  const submit = async () => {
    try {
      let fitted: FittedInput;
      if (fitting === 'agreed_item') {
        fitted = { kind: 'agreed_item', agreed_item_id: agreedItemId! };
      } else {
        const variantId = await variantFor(partNumber.trim());
        if (!variantId) {
          notifications.show({ message: PROGRAMME_MSG.variantNotFound, color: 'red' });
          return;
        }
        fitted = { kind: 'catalogue', variant_id: variantId };
      }
      await create.mutateAsync({
        unitId,
        body: {
          stage,
          fitted,
          quantity: Number(quantity),
          interval_unit: unit,
          interval_count: Number(count),
          anchor_date: anchor,
        },
      });
      setPartNumber('');
      setAgreedItemId(null);
    } catch (err) {
      notifications.show({ message: serverMessage(err, 'The filter slot could not be added'), color: 'red' });
    }
  };
  return (
    <Group align="end" wrap="wrap" gap="xs">
      <SegmentedControl
        aria-label="Fitted with"
        value={fitting}
        onChange={(v) => setFitting(v as Fitting)}
        data={[
          { value: 'catalogue', label: 'Catalogue part' },
          { value: 'agreed_item', label: 'Agreed item' },
        ]}
      />
      {fitting === 'catalogue' ? (
        <TextInput
          label="Part number"
          value={partNumber}
          onChange={(e) => setPartNumber(e.currentTarget.value)}
          w={150}
        />
      ) : (
        <NativeSelect
          label="Agreed item"
          value={agreedItemId ?? ''}
          onChange={(e) => setAgreedItemId(e.currentTarget.value || null)}
          data={[
            { value: '', label: agreed.data?.length === 0 ? 'No agreed items' : 'Choose' },
            ...(agreed.data ?? []).map((a) => ({
              value: a._id,
              label: [a.customer_part_no ?? a.part_number, a.description].filter(Boolean).join(' · '),
            })),
          ]}
          w={240}
        />
      )}
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
      <Button
        onClick={() => void submit()}
        loading={create.isPending}
        disabled={fitting === 'catalogue' ? !partNumber.trim() : !agreedItemId}
      >
        Add filter slot
      </Button>
    </Group>
  );
}
