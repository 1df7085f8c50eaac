import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

export interface FormModalProps {
  opened: boolean;
  /** Closing the modal (×, Escape, outside click) and Cancel. */
  onClose: () => void;
  title: string;
  /** Accessible name of the form; default the title. */
  formLabel?: string;
  /** e.g. react-hook-form's `handleSubmit(…)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Text of the submit button. */
  submitLabel: string;
  /** Shows the submit button as loading. */
  submitting: boolean;
  /** Disables Cancel (e.g. while submitting). */
  cancelDisabled?: boolean;
  /** The fields. */
  children: ReactNode;
}

/** A centred modal holding one form: the fields, then Cancel and the submit button on the right. */
export function FormModal({
  opened,
  onClose,
  title,
  formLabel,
  onSubmit,
  submitLabel,
  submitting,
  cancelDisabled,
  children,
}: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate aria-label={formLabel ?? title}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={cancelDisabled}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
