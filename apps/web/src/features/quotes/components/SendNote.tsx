import { Alert } from '@mantine/core';

/** What the last step said: a success (teal) or why it failed (red). */
export interface SendNoteValue {
  ok: boolean;
  text: string;
}

/** The note above a quote form after matching or sending; with `onClose`, the user can dismiss it. */
export function SendNote({ note, onClose }: { note: SendNoteValue; onClose?: () => void }) {
  return (
    <Alert color={note.ok ? 'teal' : 'red'} role="status" withCloseButton={!!onClose} onClose={onClose}>
      {note.text}
    </Alert>
  );
}
