import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCalendarDollar, IconDownload } from '@tabler/icons-react';
import type { PriceChangeNotice } from '@portal/contracts';
import { priceChangeDayText } from '@portal/domain';
import { downloadNoticeList } from '../api';
import { usePriceChangeNotices, useSupplierTz } from '../hooks';

/** The day of an instant in the office's time zone, as a file name wants it: 2032-01-01. */
function isoDay(at: string, timeZone: string): string {
  return new Date(at).toLocaleDateString('en-CA', { timeZone });
}

function NoticeListLink({ notice, tz }: { notice: PriceChangeNotice; tz: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!notice.list_ready)
    return (
      <Text size="sm" c="dimmed" mt={4}>
        The price list at the new prices is being prepared.
      </Text>
    );
  const download = () => {
    setBusy(true);
    setFailed(false);
    downloadNoticeList(notice, isoDay(notice.effective_at, tz))
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Button
        variant="light"
        size="compact-sm"
        mt="xs"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={busy}
        onClick={download}
      >
        Download the new price list
      </Button>
      {failed && (
        <Text size="sm" c="red" mt={4} role="alert">
          The price list could not be downloaded. Please try again.
        </Text>
      )}
    </>
  );
}

/**
 * The customer catalogue's banner: each announced change to the company's prices, with its day and a link
 * to the price list at the new prices. The catalogue keeps today's prices until then and switches by itself
 * at the instant.
 */
export function PriceChangeBanner() {
  const { data } = usePriceChangeNotices();
  const tz = useSupplierTz();
  if (!data?.length) return null;
  return (
    <Stack gap="xs" mb="md">
      {data.map((n) => (
        <Alert
          key={n._id}
          color="blue"
          icon={<IconCalendarDollar size={18} aria-hidden />}
          title={`Prices change on ${priceChangeDayText(n.effective_at, tz)}`}
          data-testid="price-change-banner"
        >
          Until then the catalogue shows today’s prices; from that day it shows the new ones.
          <div>
            <NoticeListLink notice={n} tz={tz} />
          </div>
        </Alert>
      ))}
    </Stack>
  );
}
