import { useState } from 'react';
import { Alert, Button, Group, NumberInput, TextInput } from '@mantine/core';
import { DEFAULT_NOTICE_DAYS, MAX_NOTICE_DAYS, priceChangeDayText, startOfDayIn, todayIn } from '@portal/domain';
import { serverMessage } from '../../../shared/api';
import { useAppConfig } from '../../../shared/config';
import { scheduleImport } from './api';

/**
 * "Apply on…": instead of now, the import takes effect at 00:00 of a chosen day in the office's time
 * zone; each company's admins get the notice `notice_days` before.
 */
export function ApplyOnForm({ importId, onScheduled }: { importId: string; onScheduled: () => void }) {
  const tz = useAppConfig()?.supplierTz ?? 'America/New_York';
  const tomorrow = new Date(Date.parse(`${todayIn(tz)}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [day, setDay] = useState(tomorrow);
  const [noticeDays, setNoticeDays] = useState<number | string>(DEFAULT_NOTICE_DAYS);
  const [error, setError] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      const at = startOfDayIn(day, tz).toISOString();
      await scheduleImport(importId, at, Number(noticeDays));
      setScheduled(at);
      onScheduled();
    } catch (err) {
      setError(serverMessage(err, 'The import could not be scheduled.'));
    } finally {
      setBusy(false);
    }
  };

  if (scheduled) {
    return (
      <Alert color="teal" title="Scheduled" role="status">
        The changes take effect on {priceChangeDayText(scheduled, tz)} at 00:00. See Price changes to move or cancel it.
      </Alert>
    );
  }
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        type="date"
        label="Apply on"
        description={`At 00:00 (${tz})`}
        min={tomorrow}
        value={day}
        onChange={(e) => setDay(e.currentTarget.value)}
      />
      <NumberInput
        label="Notice (days before)"
        min={0}
        max={MAX_NOTICE_DAYS}
        allowDecimal={false}
        value={noticeDays}
        onChange={setNoticeDays}
        w={160}
      />
      <Button variant="light" onClick={() => void submit()} loading={busy}>
        Schedule
      </Button>
      {error && (
        <Alert color="red" role="alert" w="100%">
          {error}
        </Alert>
      )}
    </Group>
  );
}
