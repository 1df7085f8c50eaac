import { useMemo, useState } from 'react';
import { Box, Group, SegmentedControl, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchDemandSizes, type DemandSize, type Range } from '../api';
import { DEMAND_REFRESH_MS } from './ZeroResultParts';

export interface HeatCell {
  width: number;
  height: number;
  searches: number;
  zero_results: number;
  rows: DemandSize[];
}

/** Width × height cells (depths and measures summed) and the axes, sorted. */
export function heatCells(rows: readonly DemandSize[]): {
  widths: number[];
  heights: number[];
  cells: Map<string, HeatCell>;
  max: number;
} {
  const cells = new Map<string, HeatCell>();
  for (const r of rows) {
    const k = `${r.width}x${r.height}`;
    const c = cells.get(k) ?? { width: r.width, height: r.height, searches: 0, zero_results: 0, rows: [] };
    c.searches += r.searches;
    c.zero_results += r.zero_results;
    c.rows.push(r);
    cells.set(k, c);
  }
  const widths = [...new Set(rows.map((r) => r.width))].sort((a, b) => a - b);
  const heights = [...new Set(rows.map((r) => r.height))].sort((a, b) => a - b);
  const max = Math.max(0, ...[...cells.values()].map((c) => c.searches));
  return { widths, heights, cells, max };
}

/** White → deep red by share of the busiest cell. */
export function heatColor(searches: number, max: number): string {
  if (!searches || !max) return 'transparent';
  const t = Math.max(0.12, searches / max);
  return `rgba(201, 42, 42, ${t.toFixed(2)})`;
}

const fmt = (n: number) => String(Number(n.toFixed(3)));

/**
 * The sizes asked for as a width × height map, coloured by how often: one look tells what to
 * stock. A cell opens the searches behind it (per depth and measure, with quote-request lines).
 */
export function SizeHeatMap({ range }: { range: Range }) {
  const [measure, setMeasure] = useState<'all' | 'nominal' | 'exact'>('all');
  const [picked, setPicked] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['demand', 'sizes', range, measure],
    queryFn: ({ signal }) => fetchDemandSizes({ ...range, measure: measure === 'all' ? undefined : measure }, signal),
    refetchInterval: DEMAND_REFRESH_MS,
  });
  const { widths, heights, cells, max } = useMemo(() => heatCells(query.data ?? []), [query.data]);
  const cell = picked ? cells.get(picked) : undefined;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Measure"
          value={measure}
          onChange={(v) => setMeasure(v as typeof measure)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'nominal', label: 'Nominal' },
            { value: 'exact', label: 'Exact' },
          ]}
        />
        <Text size="sm" c="dimmed">
          Width across, height down; darker = asked more often
        </Text>
      </Group>
      {!widths.length && !query.isPending && (
        <Text c="dimmed" size="sm">
          No size searches in this period.
        </Text>
      )}
      {widths.length > 0 && (
        <Box style={{ overflowX: 'auto' }}>
          <Box
            role="grid"
            aria-label="Sizes asked for"
            style={{
              display: 'grid',
              gridTemplateColumns: `auto repeat(${widths.length}, minmax(2.25rem, 1fr))`,
              gap: 2,
              fontSize: 12,
            }}
          >
            <div role="row" style={{ display: 'contents' }}>
              <div role="columnheader" />
              {widths.map((w) => (
                <div role="columnheader" key={w} style={{ textAlign: 'center', fontWeight: 600 }}>
                  {fmt(w)}
                </div>
              ))}
            </div>
            {heights.map((h) => (
              <div role="row" key={h} style={{ display: 'contents' }}>
                <div role="rowheader" style={{ fontWeight: 600, paddingRight: 4 }}>
                  {fmt(h)}
                </div>
                {widths.map((w) => {
                  const c = cells.get(`${w}x${h}`);
                  return (
                    <div role="gridcell" key={w}>
                      {c ? (
                        <UnstyledButton
                          aria-label={`${fmt(w)} × ${fmt(h)}: ${c.searches} searches, ${c.zero_results} found nothing`}
                          aria-pressed={picked === `${w}x${h}`}
                          onClick={() => setPicked(`${w}x${h}`)}
                          style={{
                            display: 'block',
                            width: '100%',
                            minHeight: 28,
                            textAlign: 'center',
                            borderRadius: 3,
                            background: heatColor(c.searches, max),
                            color: c.searches / max > 0.55 ? 'white' : 'inherit',
                            outline: picked === `${w}x${h}` ? '2px solid var(--mantine-color-blue-6)' : undefined,
                          }}
                        >
                          {c.searches}
                        </UnstyledButton>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            ))}
          </Box>
        </Box>
      )}
      {cell && (
        <Table withTableBorder aria-label={`Searches for ${fmt(cell.width)} × ${fmt(cell.height)}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Size</Table.Th>
              <Table.Th>Measure</Table.Th>
              <Table.Th ta="right">Searches</Table.Th>
              <Table.Th ta="right">Found nothing</Table.Th>
              <Table.Th ta="right">Companies</Table.Th>
              <Table.Th ta="right">Quote lines</Table.Th>
              <Table.Th>Last asked</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cell.rows.map((r) => (
              <Table.Tr key={`${r.depth}-${r.measure}`}>
                <Table.Td>
                  {fmt(r.width)} × {fmt(r.height)}
                  {r.depth !== null ? ` × ${fmt(r.depth)}` : ''}
                </Table.Td>
                <Table.Td>{r.measure}</Table.Td>
                <Table.Td ta="right">{r.searches}</Table.Td>
                <Table.Td ta="right">{r.zero_results}</Table.Td>
                <Table.Td ta="right">{r.companies}</Table.Td>
                <Table.Td ta="right">{r.quote_lines}</Table.Td>
                <Table.Td>{new Date(r.last_at).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
