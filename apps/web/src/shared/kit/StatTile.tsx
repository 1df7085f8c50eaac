import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconPlus } from '@tabler/icons-react';

/** What a tile's plus sign does (a plus is a real button or link, never decoration). */
export type StatTileAction = { label: string } & ({ onClick: () => void } | { to: string });

/**
 * A number tile of the administrators screen: label, value, and the spec's plus sign when it does
 * something (`action`); a tile without an action shows a plain, non-interactive icon instead.
 */
export function StatTile({
  label,
  value,
  action,
  icon = <IconChartBar size={18} />,
}: {
  label: string;
  value: number | undefined;
  action?: StatTileAction;
  icon?: ReactNode;
}) {
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
        {action ? (
          'to' in action ? (
            <ActionIcon component={Link} to={action.to} variant="light" radius="xl" size="lg" aria-label={action.label}>
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          ) : (
            <ActionIcon variant="light" radius="xl" size="lg" aria-label={action.label} onClick={action.onClick}>
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          )
        ) : (
          <ThemeIcon variant="transparent" c="dimmed" size="lg" aria-hidden>
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}
