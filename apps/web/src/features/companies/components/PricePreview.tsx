import { Paper, Table, Text, Title } from '@mantine/core';
import { customerPriceCents, formatPrice, Multiplier } from '@portal/domain';
import { MULTIPLIER_LABELS, type MultiplierField } from '../format';
import { usePriceSamples } from '../hooks/usePriceSamples';

interface Props {
  /** Saved and typed multipliers (units of 0.0001) of the fields that differ. */
  changes: { field: MultiplierField; before: number; after: number }[];
}

const LABEL = Object.fromEntries(MULTIPLIER_LABELS) as Record<MultiplierField, string>;
const price = (listCents: number, units: number) =>
  formatPrice(customerPriceCents(listCents, Multiplier.toPercentageText(units)));

/**
 * Before/after of a few real prices while a multiplier is being changed (nothing is saved yet). On a
 * phone the two prices share one cell, so the new one is never scrolled off.
 */
export function PricePreview({ changes }: Props) {
  const samples = usePriceSamples(changes.map((c) => c.field));
  if (!changes.length) return null;
  const byField = new Map(changes.map((c) => [c.field, c]));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="price-preview-title" bg="gray.0">
      <Title order={3} fz="md" mb={4} id="price-preview-title">
        What this company will pay
      </Title>
      <Text fz="sm" c="gray.7" mb="sm">
        A few catalogue prices with the saved and the new multipliers (not saved yet).
      </Text>
      {samples.isPending ? (
        <Text fz="sm">Loading sample prices…</Text>
      ) : samples.isError || !samples.data.length ? (
        <Text fz="sm">No sample prices available.</Text>
      ) : (
        <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Price preview, scrollable">
          <Table verticalSpacing={4} fz="sm" aria-label="Price preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" visibleFrom="sm">
                  Multiplier
                </Table.Th>
                <Table.Th scope="col">Part Number</Table.Th>
                <Table.Th scope="col" ta="right" visibleFrom="sm">
                  List
                </Table.Th>
                <Table.Th scope="col" ta="right" visibleFrom="sm">
                  Now
                </Table.Th>
                <Table.Th scope="col" ta="right" visibleFrom="sm">
                  After
                </Table.Th>
                <Table.Th scope="col" ta="right" hiddenFrom="sm">
                  Now → After
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {samples.data
                .filter((s) => byField.has(s.field))
                .map((s) => {
                  const c = byField.get(s.field)!;
                  return (
                    <Table.Tr key={`${s.field}:${s.part_number}`}>
                      <Table.Td visibleFrom="sm">{LABEL[s.field]}</Table.Td>
                      <Table.Td title={`${s.category} · ${s.product}`}>
                        {s.part_number}
                        <Text fz="xs" c="gray.7" hiddenFrom="sm">
                          {LABEL[s.field]}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" visibleFrom="sm">
                        {formatPrice(s.listCents)}
                      </Table.Td>
                      <Table.Td ta="right" visibleFrom="sm">
                        {price(s.listCents, c.before)}
                      </Table.Td>
                      <Table.Td ta="right" fw={700} visibleFrom="sm">
                        {price(s.listCents, c.after)}
                      </Table.Td>
                      {/* A phone shows both prices in one cell: the new one can never be off-screen. */}
                      <Table.Td ta="right" hiddenFrom="sm" style={{ whiteSpace: 'nowrap' }} data-testid="now-after">
                        {price(s.listCents, c.before)} → <b>{price(s.listCents, c.after)}</b>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}
