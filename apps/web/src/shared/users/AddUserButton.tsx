import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';

/** "Add Employee", "Add Administrator": the button that opens a list's add-user modal. */
export function AddUserButton({
  children,
  onClick,
  variant,
}: {
  children: ReactNode;
  onClick: () => void;
  variant?: ButtonVariant;
}) {
  return (
    <Button variant={variant} leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onClick}>
      {children}
    </Button>
  );
}
