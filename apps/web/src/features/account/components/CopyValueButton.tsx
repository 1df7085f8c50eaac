import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { MSG } from '@portal/domain';

/** Copies a field's value: 'Copied To Clipboard' / 'Failed to copy to clipboard, Try again' (2 s, spec §8–9). */
export async function copyToClipboard(value: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(value);
    notifications.show({ color: 'teal', message: MSG.clipboard.copied, autoClose: 2000 });
  } catch {
    notifications.show({ color: 'red', message: MSG.clipboard.failed, autoClose: 2000 });
  }
}

export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const name = `Copy ${label.toLowerCase()}`;
  return (
    <Tooltip label={name} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={name}
        onClick={() => void copyToClipboard(value)}
        disabled={!value}
      >
        <IconCopy size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
