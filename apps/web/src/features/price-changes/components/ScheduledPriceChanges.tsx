import { Paper, Stack, Text } from '@mantine/core';
import type { MultiplierMove, PriceLineKey } from '@portal/contracts';
import { Multiplier, priceChangeShortDay } from '@portal/domain';
import { usePriceChanges, useSupplierTz } from '../hooks';

const LINE_NAMES: Record<PriceLineKey, string> = {
  discount: 'Price multiplier',
  rigidflow: 'Rigidflow multiplier',
  minipro: 'Minipro multiplier',
  polyroll: 'Polyroll multiplier',
};

const asMultiplier = (percentage: string) => Multiplier.toMultiplierText(Multiplier.fromPercentage(percentage) ?? 0);

/** "Price multiplier 0.4567 → 0.4800" */
export function moveText(m: MultiplierMove): string {
  return `${LINE_NAMES[m.line]} ${asMultiplier(m.from)} → ${asMultiplier(m.to)}`;
}

/** The company page's scheduled multiplier changes: "Scheduled: Price multiplier 0.4567 → 0.4800 on 1 Jan". */
export function ScheduledPriceChanges({ companyId }: { companyId: string }) {
  const { data } = usePriceChanges({ companyId, status: 'scheduled', limit: 100 });
  const tz = useSupplierTz();
  const lines = (data?.list ?? [])
    .filter((c) => c.kind === 'company_multipliers')
    .flatMap((c) => c.multipliers.map((m) => ({ key: `${c._id}-${m.line}`, text: moveText(m), at: c.effective_at })));
  if (!lines.length) return null;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Scheduled price changes">
      <Stack gap={4}>
        {lines.map((l) => (
          <Text key={l.key} data-testid="scheduled-price-change">
            Scheduled: {l.text} on {priceChangeShortDay(l.at, tz)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
