import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

const TONES = {
  error: { color: 'red', icon: <IconAlertCircle aria-hidden />, role: 'alert' },
  success: { color: 'teal', icon: <IconCircleCheck aria-hidden />, role: 'status' },
  info: { color: 'blue', icon: <IconInfoCircle aria-hidden />, role: 'status' },
} as const;

/**
 * The light alert of forms and signed-out screens: errors are announced (`role="alert"`), results
 * and notices are polite (`role="status"`). `onClose` adds a close button with `closeLabel`.
 */
export function FormAlert({
  tone,
  title,
  icon,
  color,
  role,
  onClose,
  closeLabel,
  children,
}: {
  tone: keyof typeof TONES;
  title?: ReactNode;
  icon?: ReactNode;
  color?: string;
  role?: string;
  onClose?: () => void;
  closeLabel?: string;
  children: ReactNode;
}) {
  const t = TONES[tone];
  return (
    <Alert
      color={color ?? t.color}
      variant="light"
      icon={icon ?? t.icon}
      title={title}
      role={role ?? t.role}
      {...(onClose ? { withCloseButton: true, closeButtonLabel: closeLabel, onClose } : {})}
    >
      {children}
    </Alert>
  );
}
