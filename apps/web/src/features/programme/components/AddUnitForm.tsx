import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UNIT_KINDS, UNIT_KIND_LABEL } from '@portal/domain';
import { serverMessage } from '../../../shared/api/errors';
import { useCreateUnit } from '../hooks';

/** An admin adds a unit (air handler, rooftop unit …) to a site. */
export function AddUnitForm({ siteId }: { siteId: string }) {
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<string>('ahu');
  const create = useCreateUnit(siteId);
  const submit = async () => {
    try {
      await create.mutateAsync({ label, kind });
      setLabel('');
    } catch (err) {
      notifications.show({ message: serverMessage(err, 'The unit could not be added'), color: 'red' });
    }
  };
  return (
    <Group align="end" wrap="wrap">
      <TextInput
        label="Unit label"
        placeholder="AHU-3"
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        maxLength={80}
      />
      <Select
        label="Kind"
        value={kind}
        onChange={(v) => setKind(v ?? 'ahu')}
        data={UNIT_KINDS.map((k) => ({ value: k, label: UNIT_KIND_LABEL[k] }))}
        allowDeselect={false}
      />
      <Button onClick={() => void submit()} loading={create.isPending} disabled={!label.trim()}>
        Add unit
      </Button>
    </Group>
  );
}
