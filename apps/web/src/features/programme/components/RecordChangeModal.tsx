import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../../shared/api/errors';
import type { Slot } from '../api';
import { useRecordChange } from '../hooks';
import { FittedPicker, type FittedChoice } from './FittedPicker';
import { PHONE_QUERY } from './SlotCard';

/**
 * "Record change": the date (today by default), the filter fitted when it was not the same one (an
 * agreed item of the company or a catalogue part), an optional pressure drop and note. Works at 390 px.
 */
export function RecordChangeModal({
  slot,
  today,
  companyId,
  onClose,
}: {
  slot: Slot | null;
  today: string;
  companyId: string;
  onClose: () => void;
}) {
  const [changedOn, setChangedOn] = useState(today);
  const [fitted, setFitted] = useState<FittedChoice | null>(null);
  const [drop, setDrop] = useState<number | string>('');
  const [note, setNote] = useState('');
  const record = useRecordChange();
  // On a phone the form fills the screen and its buttons are a finger's height.
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const submit = async () => {
    if (!slot) return;
    try {
      const res = await record.mutateAsync({
        slotId: slot._id,
        body: {
          changed_on: changedOn,
          ...fitted,
          ...(drop !== '' ? { pressure_drop_in_wc: Number(drop) } : {}),
          ...(note.trim() ? { note } : {}),
        },
      });
      notifications.show({ message: res.message ?? 'Change recorded', color: 'green' });
      setDrop('');
      setNote('');
      setFitted(null);
      onClose();
    } catch (err) {
      notifications.show({ message: serverMessage(err, 'The change could not be recorded'), color: 'red' });
    }
  };
  return (
    <Modal opened={!!slot} onClose={onClose} title="Record change" fullScreen={phone} size="sm">
      <Stack gap="sm">
        <TextInput
          type="date"
          label="Changed on"
          value={changedOn}
          max={today}
          onChange={(e) => setChangedOn(e.currentTarget.value)}
          required
        />
        {slot && <FittedPicker key={slot._id} companyId={companyId} onChange={setFitted} />}
        <NumberInput
          label="Pressure drop (in. w.c.)"
          value={drop}
          onChange={setDrop}
          min={0}
          max={20}
          step={0.05}
          decimalScale={3}
        />
        <Textarea
          label="Note"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          minRows={2}
        />
        <Group justify="flex-end" grow={phone}>
          <Button variant="default" onClick={onClose} size={phone ? 'md' : 'sm'}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={record.isPending}
            disabled={!changedOn}
            size={phone ? 'md' : 'sm'}
          >
            Record change
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
