import { Badge, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { STAGE_LABEL } from '@portal/domain';
import { serverMessage } from '../../../shared/api/errors';
import type { Slot } from '../api';
import { useSkipSlot, useUpdateSlot } from '../hooks';

export function fittedLabel(slot: Slot): string {
  if (slot.fitted.kind === 'custom_size') return slot.fitted.size ?? '';
  if (slot.fitted.kind === 'agreed_item') return `${slot.fitted.part_number ?? slot.fitted.description} (agreed item)`;
  const merv = slot.fitted.merv ? ` · MERV ${slot.fitted.merv}` : '';
  return `${slot.fitted.part_number ?? ''}${merv}`;
}

export function intervalLabel(slot: Slot): string {
  return `every ${slot.interval_count} ${slot.interval_unit}${slot.interval_count === 1 ? '' : 's'}`;
}

/** Below Mantine's `sm` breakpoint: a phone. */
export const PHONE_QUERY = '(max-width: 48em)';

interface Props {
  slot: Slot;
  canManage: boolean;
  canRecord: boolean;
  onRecord: (slot: Slot) => void;
  onHistory: (slotId: string) => void;
}

/** One filter slot: what is fitted, when it is due, and its actions. Admins edit the quantity in place. */
export function SlotCard({ slot, canManage, canRecord, onRecord, onHistory }: Props) {
  // A technician's phone in a plant room: full-width buttons of a finger's height.
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const buttonSize = phone ? 'md' : 'xs';
  // Phone: "Record change" on a row of its own, Skip and History sharing the next.
  const wide = phone ? { flex: '1 1 100%' } : undefined;
  const half = phone ? { flex: '1 1 0' } : undefined;
  const update = useUpdateSlot();
  const skip = useSkipSlot();
  const saveQuantity = async (value: number | string) => {
    const quantity = Number(value);
    if (!Number.isInteger(quantity) || quantity === slot.quantity) return;
    try {
      await update.mutateAsync({ slotId: slot._id, body: { quantity, version: slot.version } });
    } catch (err) {
      notifications.show({ message: serverMessage(err, 'The slot could not be saved'), color: 'red' });
    }
  };
  const doSkip = async () => {
    try {
      const res = await skip.mutateAsync(slot._id);
      notifications.show({ message: `Next due ${res.data.next_due}`, color: 'green' });
    } catch (err) {
      notifications.show({ message: serverMessage(err, 'The slot could not be skipped'), color: 'red' });
    }
  };
  return (
    <Card withBorder padding="sm" data-testid="slot">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {STAGE_LABEL[slot.stage]}: {fittedLabel(slot)}
          </Text>
          {slot.overdue ? (
            <Badge color="red" style={{ flexShrink: 0 }}>
              Overdue
            </Badge>
          ) : null}
        </Group>
        <Group gap="md" wrap="wrap">
          {canManage ? (
            <NumberInput
              aria-label="Quantity"
              size="xs"
              w={90}
              min={1}
              max={500}
              defaultValue={slot.quantity}
              onBlur={(e) => void saveQuantity(e.currentTarget.value)}
            />
          ) : (
            <Text size="sm">Qty {slot.quantity}</Text>
          )}
          <Text size="sm">Due {slot.next_due}</Text>
          <Text size="sm" c="dimmed">
            {intervalLabel(slot)}
            {slot.last_changed_on ? ` · last changed ${slot.last_changed_on}` : ''}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          {canRecord && (
            <Button size={buttonSize} style={wide} onClick={() => onRecord(slot)}>
              Record change
            </Button>
          )}
          {canRecord && (
            <Button
              size={buttonSize}
              style={half}
              variant="default"
              onClick={() => void doSkip()}
              loading={skip.isPending}
            >
              Skip
            </Button>
          )}
          <Button size={buttonSize} style={half} variant="subtle" onClick={() => onHistory(slot._id)}>
            History
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
