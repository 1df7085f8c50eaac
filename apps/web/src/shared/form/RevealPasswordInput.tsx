import { forwardRef, useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';

/** PasswordInput with a focusable show/hide toggle named after its field ("Show new password"). */
export const RevealPasswordInput = forwardRef<HTMLInputElement, PasswordInputProps & { label: string }>(
  function RevealPasswordInput({ label, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    const name = label.toLowerCase();
    return (
      <PasswordInput
        ref={ref}
        label={label}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleFocusable
        visibilityToggleIcon={({ reveal }) =>
          reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
        }
        visibilityToggleButtonProps={{ 'aria-label': visible ? `Hide ${name}` : `Show ${name}` }}
        {...props}
      />
    );
  },
);
