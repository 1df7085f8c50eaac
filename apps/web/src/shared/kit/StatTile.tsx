import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A number tile of the administrators screen: label, value, and the spec's plus sign. */
export function StatTile({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} data-testid="tile-value">
            {value ?? '–'}
          </Text>
        </div>
        <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
          <IconPlus size={18} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
