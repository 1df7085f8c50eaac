import { Alert, Stack } from '@mantine/core';
import { IconCalendarDollar } from '@tabler/icons-react';
import { priceChangeDayText } from '@portal/domain';
import { usePriceChangeNotices, useSupplierTz } from '../hooks';

/**
 * The customer catalogue's banner: each announced change to the company's prices, with its day. The
 * catalogue keeps today's prices until then and switches by itself at the instant.
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
          Until then the catalogue shows today’s prices; from that day it shows the new ones. Download a price list on
          that day for the new prices.
        </Alert>
      ))}
    </Stack>
  );
}
