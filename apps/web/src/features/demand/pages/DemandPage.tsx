import { useState } from 'react';
import { Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { todayIn } from '@portal/domain';
import { PartAliases } from '../components/PartAliases';
import { SizeHeatMap } from '../components/SizeHeatMap';
import { ZeroResultParts } from '../components/ZeroResultParts';

/** The viewer's calendar day (not the UTC one: in the evening west of Greenwich that is tomorrow). */
const localDay = (d: Date) => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, d);

/**
 * Superadmin "Demand": what customers looked for and did not find — part numbers (with the
 * companies that asked, one click maps one to our part) and the sizes asked for as a map — and the
 * cross-reference numbers.
 */
export default function DemandPage() {
  const [from, setFrom] = useState(() => localDay(new Date(Date.now() - 89 * 86_400_000)));
  const [to, setTo] = useState(() => localDay(new Date()));
  const range = { from, to };
  return (
    <Stack gap="md">
      <Title order={1}>Demand</Title>
      <Text c="dimmed" size="sm">
        Every committed search is counted (typing in the find box is not). New searches appear within seconds.
      </Text>
      <Group>
        <TextInput type="date" label="From" value={from} max={to} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label="To" value={to} min={from} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      <Tabs defaultValue="parts" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="parts">Part numbers</Tabs.Tab>
          <Tabs.Tab value="sizes">Sizes</Tabs.Tab>
          <Tabs.Tab value="aliases">Part aliases</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="parts" pt="md">
          <ZeroResultParts range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="sizes" pt="md">
          <SizeHeatMap range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="aliases" pt="md">
          <PartAliases />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
