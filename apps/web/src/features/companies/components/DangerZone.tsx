import { useState } from 'react';
import { Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CompanyListItem } from '@portal/contracts';
import { deleteConfirmationError } from '@portal/domain';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';

/** Typing exactly DELETE enables Delete Company, which asks once more. */
export function DangerZone({ company, onDeleted }: { company: CompanyListItem; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const error = deleteConfirmationError(typed);

  return (
    <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="sm">
        <Text fw={600}>Delete this company</Text>
        <Text size="sm" c="dimmed">
          Deleting a company also deletes all of its administrators and employees. This cannot be undone.
        </Text>
        <TextInput
          label="Type DELETE to confirm"
          value={typed}
          autoComplete="off"
          maw={320}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={touched ? error : null}
        />
        <div>
          <Button
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={error !== null}
            onClick={() => setConfirming(true)}
          >
            Delete Company
          </Button>
        </div>
      </Stack>
      <DeleteCompanyDialog
        company={company}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onDeleted={onDeleted}
      />
    </Paper>
  );
}
