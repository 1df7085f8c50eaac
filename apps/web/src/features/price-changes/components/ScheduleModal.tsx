import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_NOTICE_DAYS, MAX_NOTICE_DAYS, priceChangeDayText, startOfDayIn, todayIn } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { priceChangeKeys, schedulePriceChange, type SchedulePriceChange } from '../api';
import { usePriceChange, useSupplierTz } from '../hooks';
import { PreviewTable } from './PreviewTable';

type Body = SchedulePriceChange extends infer T
  ? T extends unknown
    ? Omit<T, 'effective_at' | 'notice_days'>
    : never
  : never;

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What to schedule (the edited multipliers, or the import). */
  body: Body;
  /** After it was scheduled. */
  onScheduled?: (id: string) => void;
}

/**
 * "Schedule…" / "Apply on…": pick the day (it takes effect at 00:00 in the office's time zone) and the
 * notice, schedule, then see which prices move and by how much.
 */
export function ScheduleModal({ opened, onClose, title, body, onScheduled }: Props) {
  const tz = useSupplierTz();
  const qc = useQueryClient();
  const tomorrow = new Date(Date.parse(`${todayIn(tz)}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [day, setDay] = useState(tomorrow);
  const [noticeDays, setNoticeDays] = useState<number | string>(DEFAULT_NOTICE_DAYS);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scheduledId, setScheduledId] = useState<string | null>(null);
  const scheduled = usePriceChange(scheduledId);

  const close = () => {
    setScheduledId(null);
    setError(null);
    onClose();
  };

  const submit = async () => {
    setError(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError('Pick the day the prices change');
    setBusy(true);
    try {
      const res = await schedulePriceChange({
        ...body,
        effective_at: startOfDayIn(day, tz).toISOString(),
        notice_days: Number(noticeDays),
      } as SchedulePriceChange);
      setScheduledId(res._id);
      await qc.invalidateQueries({ queryKey: priceChangeKeys.all });
      onScheduled?.(res._id);
    } catch (err) {
      if (!handledAsSessionEnd(err)) setError(serverMessage(err, 'The change could not be scheduled.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg">
      {scheduledId ? (
        <Stack>
          <Alert color="teal" title="Price change scheduled">
            {scheduled.data
              ? `The new prices take effect on ${priceChangeDayText(scheduled.data.effective_at, tz)} at 00:00.`
              : 'Loading the preview…'}
          </Alert>
          {scheduled.data && <PreviewTable preview={scheduled.data.preview} />}
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <TextInput
            type="date"
            label="Prices change on"
            description={`At 00:00 (${tz})`}
            min={tomorrow}
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
            required
          />
          <NumberInput
            label="Notice (days before)"
            description="Each company's admins get an email with the date then (at once when that is past)"
            min={0}
            max={MAX_NOTICE_DAYS}
            allowDecimal={false}
            value={noticeDays}
            onChange={setNoticeDays}
          />
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={busy}>
              Schedule
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
