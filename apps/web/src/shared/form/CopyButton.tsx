import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { MSG } from '@portal/domain';

/** Copies `value`; toast 'Copied To Clipboard' (2 s) or 'Failed to copy to clipboard, Try again'. */
export async function copyText(value: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(value);
    notifications.show({ color: 'teal', message: MSG.clipboard.copied, autoClose: 2000 });
    return true;
  } catch {
    notifications.show({ color: 'red', message: MSG.clipboard.failed, autoClose: 2000 });
    return false;
  }
}

export interface CopyButtonProps {
  /** Text put on the clipboard. The button is disabled while empty. */
  value: string;
  /** Field name for the accessible label: 'Copy {label}' (e.g. label "email" → "Copy email"). */
  label: string;
}

/** Small icon button for an input's right section. */
export function CopyButton({ value, label }: CopyButtonProps) {
  const name = `Copy ${label}`;
  return (
    <Tooltip label={name} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={name}
        disabled={!value}
        onClick={() => void copyText(value)}
      >
        <IconCopy size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
